/**
 * What an error report (of the API or the web app) may carry: the last word, run on every event and breadcrumb before
 * it leaves. No request bodies, cookies, query strings or form values, no console texts or clicked elements' labels,
 * no free texts (chat, notes) and no e-mail addresses; the user by id only. What differs between the sides comes in as
 * `ScrubRules`. Plain structural types here (no SDK types), so that the contracts stay free of the SDKs.
 */

interface ScrubFrame {
  filename?: string;
  abs_path?: string;
  vars?: unknown;
}

interface ScrubException {
  value?: string;
  stacktrace?: { frames?: ScrubFrame[] };
}

interface ScrubBreadcrumb {
  type?: string;
  category?: string;
  level?: string;
  timestamp?: number;
  data?: Record<string, unknown>;
}

interface ScrubRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string>;
}

interface ScrubEvent {
  extra?: unknown;
  user?: { id?: string | number };
  request?: ScrubRequest;
  contexts?: Record<string, unknown>;
  breadcrumbs?: ScrubBreadcrumb[];
  exception?: { values?: ScrubException[] };
  message?: string;
  logentry?: { message?: string };
  transaction?: string;
}

export interface ScrubRules {
  /** Contexts the SDK itself describes the process or browser with; anything else may hold whatever a caller put there. */
  keptContexts: ReadonlySet<string>;
  /** Breadcrumb categories of requests: they keep the method, the status and the path of their URL. */
  requestCategories: ReadonlySet<string>;
  /** Breadcrumb categories whose data are paths only, kept without their query (a navigation's `from` and `to`). */
  pathCategories?: Readonly<Record<string, readonly string[]>>;
  /** What of the request stays besides the path of its URL (the API: its method; the web app: the browser's name). */
  requestKeeps: (request: ScrubRequest) => ScrubRequest;
  /** An error's or message's text as it may leave; `scrubText` unless the side cuts more. */
  text?: (text: string) => string;
  /** Whether frames' file names lose their query too (a browser's script URLs). */
  framePaths?: boolean;
}

/** An e-mail address inside a text (not a path such as `node_modules/@sentry/node` or `/assets/@scope/x.js`). */
const EMAIL = /[^\s@"'<>()[\]{},;:/\\]+@[^\s@"'<>()[\]{},;:/\\]+\.[^\s@"'<>()[\]{},;:/\\]+/g;

/** A URL or path without its query string and fragment. */
export const pathOnly = (url: string): string => url.replace(/[?#].*$/s, '');

/** A text without e-mail addresses, at most 500 characters. */
export const scrubText = (text: string): string => text.replace(EMAIL, '[email]').slice(0, 500);

function scrubFrame({ vars: _vars, ...frame }: ScrubFrame, rules: ScrubRules): ScrubFrame {
  if (!rules.framePaths) return frame;
  return {
    ...frame,
    ...(frame.filename ? { filename: pathOnly(frame.filename) } : {}),
    ...(frame.abs_path ? { abs_path: pathOnly(frame.abs_path) } : {}),
  };
}

function scrubException(exception: ScrubException, rules: ScrubRules): ScrubException {
  const frames = exception.stacktrace?.frames?.map((frame) => scrubFrame(frame, rules));
  return {
    ...exception,
    ...(exception.value !== undefined ? { value: (rules.text ?? scrubText)(exception.value) } : {}),
    ...(exception.stacktrace ? { stacktrace: { ...exception.stacktrace, ...(frames ? { frames } : {}) } } : {}),
  };
}

/**
 * A breadcrumb keeps its kind, level and time; a request its method, status and path; a path category its paths.
 * Never a message or other data, and nothing of the console, clicks and typing.
 */
export function scrubBreadcrumbWith<B extends ScrubBreadcrumb>(breadcrumb: B, rules: ScrubRules): B | null {
  const category = breadcrumb.category ?? '';
  if (category === 'console' || category.startsWith('ui.') || category.startsWith('sentry.')) return null;
  const { type, level, timestamp } = breadcrumb;
  const kept: ScrubBreadcrumb = { ...(type ? { type } : {}), ...(category ? { category } : {}), ...(level ? { level } : {}), timestamp };
  const data = breadcrumb.data ?? {};
  const path = (name: string) => (typeof data[name] === 'string' ? { [name]: pathOnly(data[name]) } : {});
  if (rules.requestCategories.has(category)) {
    kept.data = {
      ...(typeof data.method === 'string' ? { method: data.method } : {}),
      ...(typeof data.status_code === 'number' ? { status_code: data.status_code } : {}),
      ...path('url'),
    };
  } else if (rules.pathCategories && Object.hasOwn(rules.pathCategories, category)) {
    kept.data = Object.assign({}, ...(rules.pathCategories[category] ?? []).map(path)) as ScrubBreadcrumb['data'];
  }
  return kept as B;
}

export function scrubEventWith<E extends ScrubEvent>(event: E, rules: ScrubRules): E {
  const { extra: _extra, user, request, contexts, breadcrumbs, exception, message, logentry, transaction, ...rest } = event;
  const scrubbed: ScrubEvent = { ...rest };
  const text = rules.text ?? scrubText;
  if (request) scrubbed.request = { ...rules.requestKeeps(request), ...(request.url ? { url: pathOnly(request.url) } : {}) };
  if (user?.id !== undefined) scrubbed.user = { id: String(user.id) };
  if (contexts) scrubbed.contexts = Object.fromEntries(Object.entries(contexts).filter(([name]) => rules.keptContexts.has(name)));
  if (breadcrumbs) {
    scrubbed.breadcrumbs = breadcrumbs
      .map((crumb) => scrubBreadcrumbWith(crumb, rules))
      .filter((crumb): crumb is ScrubBreadcrumb => crumb !== null);
  }
  if (exception) scrubbed.exception = { values: exception.values?.map((value) => scrubException(value, rules)) };
  if (message !== undefined) scrubbed.message = text(message);
  if (logentry?.message !== undefined) scrubbed.logentry = { message: text(logentry.message) };
  if (transaction !== undefined) scrubbed.transaction = pathOnly(transaction);
  return scrubbed as E;
}
