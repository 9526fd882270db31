import { createHmac } from 'node:crypto';
import type { IceServerConfig, IceServers } from '@rozmova/contracts';

export interface TurnSettings {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

/**
 * TURN credentials in coturn's REST scheme (`use-auth-secret`): the user name is the expiry as a Unix time and the
 * person's id, the password the base64 HMAC-SHA1 of that name under the shared secret. coturn refuses them after the
 * expiry (`ttlSeconds` from now, never after `notAfter`), so a page never holds a lasting password.
 */
export function turnCredentials(
  turn: TurnSettings,
  userId: string,
  now: Date,
  notAfter: Date,
): { username: string; credential: string; expiresAt: Date } {
  const expires = Math.min(Math.floor(now.getTime() / 1000) + turn.ttlSeconds, Math.floor(notAfter.getTime() / 1000));
  const username = `${expires}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { username, credential, expiresAt: new Date(expires * 1000) };
}

/** The fixed servers, then TURN with fresh credentials when configured. */
export function iceServersFor(
  settings: { servers: IceServerConfig[]; turn?: TurnSettings },
  userId: string,
  now: Date,
  notAfter: Date,
): IceServers {
  if (!settings.turn) return { iceServers: settings.servers, expiresAt: null };
  const { username, credential, expiresAt } = turnCredentials(settings.turn, userId, now, notAfter);
  return { iceServers: [...settings.servers, { urls: settings.turn.urls, username, credential }], expiresAt: expiresAt.toISOString() };
}
