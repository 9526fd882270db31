import { describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import { quickPatient, renew } from '../test/factories.ts';
import { connectSocket, fileSocketTestApp } from '../test/socket.ts';
import { CONNECTIONS_PER_SESSION, CONNECTIONS_PER_USER } from './connection-caps.ts';

const app = await fileSocketTestApp();

/** Opens `count` connections at once with `tokens` in turn; answers the connected ones and the refusals' codes. */
async function connectAll(tokens: string[], count: number) {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => connectSocket(app.url, tokens[i % tokens.length])));
  const sockets = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const refusals = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error & { data?: { code?: string } }] : []));
  return { sockets, refusals };
}

const closeAll = (sockets: Socket[]) => sockets.forEach((s) => s.close());

describe('connections per session and per person', () => {
  test('50 connections of one session at once: CONNECTIONS_PER_SESSION connect, the rest get TOO_MANY_CONNECTIONS', async () => {
    const patient = await quickPatient(app.t);
    const { sockets, refusals } = await connectAll([patient.token], 50);
    try {
      expect(sockets).toHaveLength(CONNECTIONS_PER_SESSION);
      expect(refusals).toHaveLength(50 - CONNECTIONS_PER_SESSION);
      for (const refusal of refusals) {
        expect(refusal.message).toBe('TOO_MANY_CONNECTIONS');
        expect(refusal.data).toEqual({ code: 'TOO_MANY_CONNECTIONS' });
      }
      // Another session of the same person still connects (the person's own cap is higher), and so does another person.
      const other = await connectSocket(app.url, (await renew(app.t, patient)).token);
      const stranger = await connectSocket(app.url, (await quickPatient(app.t)).token);
      closeAll([other, stranger]);
      console.info(`50 connections of one session at once: ${sockets.length} accepted, ${refusals.length} refused`);
    } finally {
      closeAll(sockets);
    }
  });

  test('50 connections over ten sessions of one person: CONNECTIONS_PER_USER connect; a closed one frees its place', async () => {
    const patient = await quickPatient(app.t);
    const tokens = [patient.token];
    for (let i = 1; i < 10; i += 1) tokens.push((await renew(app.t, patient)).token);
    const { sockets, refusals } = await connectAll(tokens, 50);
    try {
      expect(sockets).toHaveLength(CONNECTIONS_PER_USER);
      expect(refusals.every((r) => r.message === 'TOO_MANY_CONNECTIONS')).toBe(true);
      const gone = sockets.pop()!;
      const token = (gone.auth as { token: string }).token;
      const closed = new Promise((resolve) => gone.once('disconnect', resolve));
      gone.close();
      await closed;
      // The server may see the close a moment after the client: the next connection is let in once it has.
      await expect
        .poll(async () => {
          const socket = await connectSocket(app.url, token).catch(() => undefined);
          if (socket) sockets.push(socket);
          return Boolean(socket);
        })
        .toBe(true);
      console.info(`50 connections over ten sessions of one person: ${CONNECTIONS_PER_USER} accepted, ${refusals.length} refused`);
    } finally {
      closeAll(sockets);
    }
  });
});
