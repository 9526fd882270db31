import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { scrubBreadcrumbWith, scrubEventWith, type ScrubRules } from '@rozmova/contracts';

/**
 * What the web app's error reports may carry: the shared rule of `@rozmova/contracts` (monitoring-scrub.ts) with the
 * browser's contexts, requests by method and path, navigations by the paths they went from and to (a support
 * request's private link carries its token in the query), script URLs without query, and of the headers only the
 * browser's name.
 */
const rules: ScrubRules = {
  keptContexts: new Set(['browser', 'os', 'device', 'culture', 'react', 'trace']),
  requestCategories: new Set(['fetch', 'xhr']),
  pathCategories: { navigation: ['from', 'to'] },
  requestKeeps: ({ headers }) => (headers?.['User-Agent'] ? { headers: { 'User-Agent': headers['User-Agent'] } } : {}),
  framePaths: true,
};

export const scrubBreadcrumb = (breadcrumb: Breadcrumb): Breadcrumb | null => scrubBreadcrumbWith(breadcrumb, rules);

export const scrubEvent = <E extends ErrorEvent>(event: E): E => scrubEventWith(event, rules);
