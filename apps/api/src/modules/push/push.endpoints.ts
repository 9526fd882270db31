import { hostMatches } from '../../lib/outbound.ts';

/**
 * The push services browsers subscribe with: Chrome and most Chromium browsers (FCM), Firefox (Mozilla autopush),
 * Edge (WNS, `wns2-….notify.windows.com`) and Safari (`web.push.apple.com`; Apple asks servers that manage endpoints
 * tightly to allow any name under push.apple.com).
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'];

export const ENDPOINT_RULE = "The endpoint is the https address of a browser's push service";

export interface EndpointRules {
  /** PUSH_ENDPOINT_HOSTS: more hosts taken, under the same rules. */
  extraHosts: readonly string[];
  /** OUTBOUND_ALLOW_LOOPBACK (tests only): the extra hosts also over http and on any port, as a local push service runs. */
  allowLoopback: boolean;
}

/**
 * Whether the server may post to this endpoint: https on port 443 of a listed push service, with no credentials in it.
 * Checked when a device is saved and again before each push (a device may have been kept under older rules); where
 * the name leads is checked when connecting (lib/outbound.ts).
 */
export function endpointAllowed(endpoint: string, rules: EndpointRules): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const standard = url.protocol === 'https:' && url.port === '';
  if (hostMatches(url.hostname, PUSH_SERVICE_HOSTS)) return standard;
  if (!hostMatches(url.hostname, rules.extraHosts)) return false;
  return standard || (rules.allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:'));
}
