import type { Breadcrumb, ErrorEvent } from '@sentry/node';
import { scrubBreadcrumbWith, scrubEventWith, scrubText, type ScrubRules } from '@rozmova/contracts';

/**
 * What the API's error reports may carry: the shared rule of `@rozmova/contracts` (monitoring-scrub.ts) with the API's
 * contexts, its requests by method and path, and error texts cut before the parameters a failed query lists.
 */
const rules: ScrubRules = {
  keptContexts: new Set(['app', 'os', 'device', 'runtime', 'culture', 'cloud_resource', 'trace']),
  requestCategories: new Set(['http', 'fetch', 'xhr']),
  requestKeeps: ({ method }) => ({ method }),
  /** An error's text without the parameters a failed query lists after it (as the log line leaves them out). */
  text: (text) => scrubText(text.split(/\n?params:/)[0]!),
};

export const scrubBreadcrumb = (breadcrumb: Breadcrumb): Breadcrumb | null => scrubBreadcrumbWith(breadcrumb, rules);

export const scrubEvent = <E extends ErrorEvent>(event: E): E => scrubEventWith(event, rules);
