import type { Socket } from 'socket.io';
import { SESSION_REVOKED_EVENT } from '@rozmova/contracts';
import type { Authenticator } from '../http/auth-context.ts';
import type { Clock } from '../lib/clock.ts';
import { emitEvent } from './outgoing.ts';

/** How long before its session's end a connection is checked, while its use can still keep the session going. */
export const CHECK_AHEAD_MS = 60_000;
/** A check the database could not answer is made again after this long. */
const RETRY_MS = 60_000;

/** Tells the connection its session is over and closes it (no recovery: it must sign in again). */
export function endConnection(socket: Socket): void {
  emitEvent(socket, SESSION_REVOKED_EVENT, {});
  socket.disconnect(true);
}

/**
 * Keeps an open connection no longer than its session: a minute before the session's idle or absolute end the token
 * is checked again, and once the session has ended (or was revoked) the connection gets `session-revoked` and is
 * closed. The open connection alone is not use of the session; an event the client sent since the last check, or being
 * in a consultation's room (`socket.data.meeting`, where the media flows outside the server), is (docs/decisions.md).
 */
export function watchSession(socket: Socket, deps: { auth: Authenticator; clock: Clock; token: string; expiresAt: Date }): void {
  const { auth, clock, token } = deps;
  let lastEventAt = -Infinity;
  let checkedAt = clock.now().getTime();
  let cancel = () => {};
  socket.onAny(() => {
    lastEventAt = clock.now().getTime();
  });
  socket.once('disconnect', () => cancel());

  const schedule = (end: number) => {
    // First ahead of the end, while the session can still be kept; when that check did not keep it, at the end itself.
    const due = end - CHECK_AHEAD_MS > checkedAt ? end - CHECK_AHEAD_MS : end;
    cancel = clock.setTimer(new Date(due), () => void check(due));
  };

  const check = async (at: number) => {
    const used = lastEventAt >= checkedAt || (socket.data as { meeting?: unknown }).meeting !== undefined;
    let context: Awaited<ReturnType<Authenticator['recheck']>>;
    try {
      context = await auth.recheck(token, new Date(at), used);
    } catch {
      if (socket.connected) cancel = clock.setTimer(new Date(clock.now().getTime() + RETRY_MS), () => void check(clock.now().getTime()));
      return;
    }
    if (!socket.connected) return;
    if (!context || context.sessionId !== (socket.data as { sessionId?: string }).sessionId) return endConnection(socket);
    checkedAt = at;
    schedule(context.expiresAt.getTime());
  };

  schedule(deps.expiresAt.getTime());
}
