import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMatches, type UIMatch } from 'react-router';
import type { RouteHandle } from './route-handle.ts';

/** Lets the error page name the page instead of the route it failed on. */
const OverrideContext = createContext<(key: string | null) => void>(() => {});

/** The `pageTitle.*` key of the deepest matched route that names one. */
export function titleKeyOf(matches: Pick<UIMatch, 'handle' | 'params'>[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title) return typeof title === 'function' ? title(match.params) : title;
  }
  return undefined;
}

/** "About us · Rozmova": a key with a dot is a full key (a feature's own text); any other is one under `pageTitle.`. */
export function pageTitleText(t: TFunction, key: string): string {
  if (key === 'home') return t('pageTitle.home');
  return t('pageTitle.template', { title: t(key.includes('.') ? key : `pageTitle.${key}`) });
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
    document.title = pageTitleText(t, key);
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
