import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsSetup } from '../../lib/analytics.ts';
import { grantsOf, parseConsent, readConsentRaw, saveConsent, subscribeConsent, type ConsentAnswers } from './consent-store.ts';
import { CookieBanner } from './cookie-banner.tsx';
import { createTrackers, offeredCategories } from './trackers.ts';

// One set of scripts per page, whatever happens to the component.
let trackers: ReturnType<typeof createTrackers> | undefined;

/**
 * Consent-first analytics (loaded by the app root only when a tag manager or a pixel is configured): the banner until
 * the visitor has chosen or when "Cookie settings" asks again, the scripts once their category is granted, and a
 * page view per route change to each tool the current choice allows.
 */
export default function ConsentRoot({ setup }: { setup: AnalyticsSetup }) {
  const offered = useMemo(() => offeredCategories(setup), [setup]);
  const raw = useSyncExternalStore(subscribeConsent, readConsentRaw, () => null);
  const record = useMemo(() => parseConsent(raw, offered), [raw, offered]);
  const { analytics, advertising } = grantsOf(record);
  const { pathname, search, hash } = useLocation();

  // "Cookie settings": each request after the ones already answered opens the banner again, focused.
  const requests = useSyncExternalStore(setup.subscribeCookieSettings, setup.cookieSettingsRequests);
  const answered = useRef(0);
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    if (requests > answered.current) setReopened(true);
  }, [requests]);

  useEffect(() => {
    const location = { pathname, search, hash };
    trackers ??= createTrackers(setup);
    trackers.apply({ analytics, advertising }, location);
    trackers.pageView(location);
  }, [setup, analytics, advertising, pathname, search, hash]);

  if (record !== null && !reopened) return null;
  const decide = (answers: ConsentAnswers) => {
    answered.current = requests;
    setReopened(false);
    saveConsent(answers, offered);
  };
  const current: ConsentAnswers = record ? { analytics: record.analytics, advertising: record.advertising } : {};
  return <CookieBanner offered={offered} current={current} takeFocus={reopened} onDecide={decide} />;
}
