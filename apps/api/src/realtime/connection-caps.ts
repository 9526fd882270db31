import type { Server, Socket } from 'socket.io';
import { TOO_MANY_CONNECTIONS, userRoom } from '@rozmova/contracts';
import { sessionRoom } from './bus.ts';

/** Connections one signed-in session may hold at once (the tabs of one browser), and one person over all its sessions. */
export const CONNECTIONS_PER_SESSION = 5;
export const CONNECTIONS_PER_USER = 10;
/** How long a new connection waits for the other instances' counts before it is counted on this instance alone. */
const REMOTE_COUNT_TIMEOUT_MS = 1_000;

export const tooManyConnections = () => Object.assign(new Error(TOO_MANY_CONNECTIONS), { data: { code: TOO_MANY_CONNECTIONS } });

/** The person's and the session's connections on the other instances (through the adapter); none when they do not answer in time. */
async function elsewhere(io: Server, userId: string, sessionId: string) {
  try {
    const sockets = await io.in(userRoom(userId)).timeout(REMOTE_COUNT_TIMEOUT_MS).fetchSockets();
    const local = io.of('/').sockets;
    const remote = sockets.filter((s) => !local.has(s.id));
    return { user: remote.length, session: remote.filter((s) => (s.data as { sessionId?: unknown }).sessionId === sessionId).length };
  } catch {
    return { user: 0, session: 0 };
  }
}

/**
 * Puts a new connection into its person's and its session's rooms when both caps leave room for it; answers false
 * otherwise. Being in those rooms is what is counted, and the count and the join are one synchronous step, so
 * connections arriving at once on one instance never pass a cap together (a connection not yet through the
 * middleware counts too). With several instances their connections are read through the adapter first; two
 * connections arriving at the same moment on two instances may then both pass.
 */
export async function admitWithinCaps(io: Server, socket: Socket, ids: { userId: string; sessionId: string }, clustered: boolean) {
  const remote = clustered ? await elsewhere(io, ids.userId, ids.sessionId) : { user: 0, session: 0 };
  const rooms = io.of('/').adapter.rooms;
  // A recovered connection is back in its rooms already: it does not count against itself.
  const here = (room: string) => (rooms.get(room)?.size ?? 0) - (socket.rooms.has(room) ? 1 : 0);
  const [user, session] = [userRoom(ids.userId), sessionRoom(ids.sessionId)];
  if (remote.user + here(user) >= CONNECTIONS_PER_USER || remote.session + here(session) >= CONNECTIONS_PER_SESSION) return false;
  void socket.join([user, session]);
  return true;
}
