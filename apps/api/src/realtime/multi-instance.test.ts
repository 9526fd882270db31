import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_REVOKED_EVENT } from '@rozmova/contracts';
import { call, createTestApp, loginAs, registerPatient, type TestContext } from '../test/harness.ts';
import { connectSocket, listen, nextEvent } from '../test/socket.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two API processes share data only through PostgreSQL, so this runs in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API instances on one PostgreSQL and Redis', () => {
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL: redisUrl } });
    second = await createTestApp({ env: { REDIS_URL: redisUrl }, postgresUrl: first.postgresUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  test('an event sent through one instance reaches a client connected to the other', async () => {
    const patient = await registerPatient(first.app, first.mail);
    const socket = await connectSocket(await listen(second), patient.token);
    try {
      const arrived = nextEvent(socket, 'chat-message-created');
      first.services.realtime.toUser(patient.userId, 'chat-message-created', { id: 'across' });
      expect(await arrived).toEqual({ id: 'across' });
    } finally {
      socket.close();
    }
  });

  test('deactivating a user on one instance ends its session and live connection on the other', async () => {
    const admin = await loginAs(first.app, 'admin');
    const patient = await registerPatient(first.app, first.mail);
    const socket = await connectSocket(await listen(second), patient.token);
    try {
      const revoked = nextEvent(socket, SESSION_REVOKED_EVENT);
      const closed = nextEvent(socket, 'disconnect');
      const response = await call(first.app, 'PATCH', `/v1/admin/users/${patient.userId}`, {
        token: admin.token,
        body: { is_active: false },
      });
      expect(response.status).toBe(200);
      await revoked;
      await closed;
      expect((await call(second.app, 'GET', '/v1/auth/profile', { token: patient.token })).status).toBe(401);
    } finally {
      socket.close();
    }
  });
});
