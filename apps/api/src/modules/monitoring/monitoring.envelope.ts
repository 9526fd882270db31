/**
 * The Sentry envelope protocol as the tunnel needs it (Sentry and GlitchTip speak the same one): a project named by a DSN,
 * its envelope endpoint, and the DSN an envelope's header names.
 */

/** A project as its DSN names it: `https://<public key>@<host>[/<path>]/<project id>`. */
export interface DsnProject {
  /** Scheme, host and port, as URL normalises them (`https://sentry.example.com`). */
  origin: string;
  publicKey: string;
  /** A path before the project id, for a monitor served under one (`/glitchtip`); empty otherwise. */
  pathPrefix: string;
  projectId: string;
}

export function parseDsn(dsn: string): DsnProject | undefined {
  if (!URL.canParse(dsn)) return undefined;
  const url = new URL(dsn);
  const path = /^(.*)\/(\d+)$/.exec(url.pathname);
  if (!/^https?:$/.test(url.protocol) || !url.username || !path || url.search || url.hash) return undefined;
  return { origin: url.origin, publicKey: decodeURIComponent(url.username), pathPrefix: path[1]!, projectId: path[2]! };
}

export const sameProject = (a: DsnProject, b: DsnProject): boolean =>
  a.origin === b.origin && a.publicKey === b.publicKey && a.pathPrefix === b.pathPrefix && a.projectId === b.projectId;

/** Where the tunnel posts a project's envelopes, with the public key as the SDKs send it (`sentry_key`). */
export const envelopeEndpoint = (project: DsnProject): string =>
  `${project.origin}${project.pathPrefix}/api/${project.projectId}/envelope/?sentry_key=${encodeURIComponent(project.publicKey)}&sentry_version=7`;

/** An envelope header is one short JSON line; a longer first line is no envelope of an SDK's. */
const MAX_HEADER_LENGTH = 8 * 1024;

/** The DSN an envelope's header (its first line, JSON) names; undefined when the text is no envelope with one. */
export function envelopeDsn(envelope: string): string | undefined {
  const end = envelope.indexOf('\n');
  const line = end === -1 ? envelope : envelope.slice(0, end);
  if (line.length === 0 || line.length > MAX_HEADER_LENGTH) return undefined;
  try {
    const header: unknown = JSON.parse(line);
    const dsn = typeof header === 'object' && header !== null ? (header as { dsn?: unknown }).dsn : undefined;
    return typeof dsn === 'string' ? dsn : undefined;
  } catch {
    return undefined;
  }
}
