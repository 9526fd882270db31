import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, type UIMatch } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/** Lets the error page name the page instead of the route it failed on. */
const OverrideContext = createContext<(key: string | null) => void>(() => {});

/** The `pageTitle.*` key of the deepest matched route that names one. */
export function titleKeyOf(matches: UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title) return typeof title === 'function' ? title(match.params) : title;
  }
  return undefined;
}

/** Keeps `document.title` the current page's, in the reader's language ("About us · Rozmova"). */
export function PageTitle({ children }: { children: ReactNode }) {
  const { t, i18n, ready } = useTranslation();
  const matches = useMatches();
  const [override, setOverride] = useState<string | null>(null);
  const key = override ?? titleKeyOf(matches);
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (!key || !ready) return;
    // A key with a dot is a full key (a feature's own text); any other is one under `pageTitle.`.
    const title = t(key.includes('.') ? key : `pageTitle.${key}`);
    document.title = key === 'home' ? t('pageTitle.home') : t('pageTitle.template', { title });
  }, [key, t, ready, language]);
  return <OverrideContext.Provider value={setOverride}>{children}</OverrideContext.Provider>;
}

/** The title of a page shown in place of the route's own (the error page). */
export function usePageTitleOverride(key: string): void {
  const setOverride = useContext(OverrideContext);
  useEffect(() => {
    setOverride(key);
    return () => setOverride(null);
  }, [key, setOverride]);
}
