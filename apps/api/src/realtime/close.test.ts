import { expect, test } from 'vitest';
import { createTestApp, registerPatient } from '../test/harness.ts';
import { connectSocket, listen } from '../test/socket.ts';

// An instance being replaced (SIGTERM) stops while people are connected: the HTTP server would otherwise wait for
// their WebSockets, which stay open as long as the clients ping.
test('an instance stops with people connected: each client is told, and the close does not wait for them', async () => {
  const t = await createTestApp();
  const url = await listen(t);
  const sockets = await Promise.all([1, 2, 3].map(async () => connectSocket(url, (await registerPatient(t.app, t.mail)).token)));
  const reasons = sockets.map((socket) => new Promise((resolve) => socket.once('disconnect', resolve)));

  await t.close();

  expect(await Promise.all(reasons)).toEqual(['io server disconnect', 'io server disconnect', 'io server disconnect']);
  expect(t.app.server.listening).toBe(false);
});
