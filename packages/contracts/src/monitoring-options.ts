/**
 * Nothing an SDK could collect on its own: v11's `dataCollection` replaces `sendDefaultPii` (removed in v11), and its
 * defaults collect more than `sendDefaultPii: false` did, so every category is turned off.
 */
const collectNothing = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
};

/**
 * The options the API's and the web app's error monitoring start with (plain types here, no SDK's): the release and
 * environment, nothing collected by the SDK itself, no client reports, and every event and breadcrumb through the
 * side's scrubbing (monitoring-scrub.ts). Each side adds its transport and integrations.
 */
export function monitoringOptions<E extends object, B>(settings: {
  dsn: string;
  /** The build id, read for each event: a deployment may replace the web app's files without a restart. */
  release: () => string;
  environment: string;
  scrubEvent: (event: E) => E;
  scrubBreadcrumb: (breadcrumb: B) => B | null;
}) {
  const { release, scrubEvent, scrubBreadcrumb, ...rest } = settings;
  return {
    ...rest,
    release: release(),
    dataCollection: collectNothing,
    sendClientReports: false,
    beforeSend: (event: E): E => ({ ...scrubEvent(event), release: release() }),
    beforeBreadcrumb: (breadcrumb: B): B | null => scrubBreadcrumb(breadcrumb),
  };
}
