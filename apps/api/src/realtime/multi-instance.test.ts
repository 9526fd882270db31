import { once } from 'node:events';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { realtimeEvents, SESSION_REVOKED_EVENT, type Message, type MessagesDeliveredEvent } from '@rozmova/contracts';
import { startRedis, type RedisServer } from '../test/cluster.ts';
import { sampleReadEvent as payload } from '../test/event-samples.ts';
import { quickAccount, quickPatient, supportMessage } from '../test/factories.ts';
import { call, createTestApp, loginAs, registerPatient, type TestContext } from '../test/harness.ts';
import { connectSocket, everythingArrived, listen, nextEvent } from '../test/socket.ts';

const EVENT = realtimeEvents.chatMessageRead;

// Two API instances share data only through PostgreSQL, so this runs in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API instances on one PostgreSQL and a Redis of their own', () => {
  let redis: RedisServer;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    redis = await startRedis();
    first = await createTestApp({ env: { REDIS_URL: redis.url } });
    second = await createTestApp({ env: { REDIS_URL: redis.url }, postgresUrl: first.postgresUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  test('an event sent through one instance reaches a client connected to the other', async () => {
    const patient = await registerPatient(first.app, first.mail);
    const socket = await connectSocket(await listen(second), patient.token);
    try {
      const arrived = nextEvent(socket, EVENT);
      first.services.realtime.toUser(patient.userId, EVENT, payload('across'));
      expect(await arrived).toEqual(payload('across'));
    } finally {
      socket.close();
    }
  });

  test("a patient's message sent through one instance is Delivered when an operator's client on the other acknowledges it", async () => {
    const patient = await quickPatient(first);
    const operator = await quickAccount(first, 'operator');
    const patientSocket = await connectSocket(await listen(first), patient.token);
    const operatorSocket = await connectSocket(await listen(second), operator.token);
    const acknowledged: string[] = [];
    operatorSocket.on(realtimeEvents.chatMessageCreated, (message: Message, ack?: unknown) => {
      if (typeof ack !== 'function') return;
      acknowledged.push(message.id);
      ack();
    });
    try {
      const delivered = nextEvent<MessagesDeliveredEvent>(patientSocket, realtimeEvents.chatMessageDelivered);
      const sent = await supportMessage(first, patient, 'Чи є хтось?');
      expect(await delivered).toEqual({ patientId: patient.patientId, appointmentId: null, ids: [sent.id] });
      expect(acknowledged).toEqual([sent.id]);
      const listed = await call(second.app, 'GET', `/v1/messages?patientId=${patient.patientId}`, { token: operator.token });
      expect(listed.body.messages).toMatchObject([{ id: sent.id, message_status: 'Delivered' }]);
    } finally {
      patientSocket.close();
      operatorSocket.close();
    }
  });

  test("a held conversation's message through one instance: on the other, the holder is asked to acknowledge, the other operator and the writer's other tab only see it", async () => {
    const patient = await quickPatient(first);
    const holder = await quickAccount(first, 'operator');
    const otherOperator = await quickAccount(first, 'operator');
    const url = await listen(second);
    const patientTab = await connectSocket(url, patient.token);
    const holderSocket = await connectSocket(url, holder.token);
    const otherSocket = await connectSocket(url, otherOperator.token);
    const copies = (socket: Socket) => {
      const seen: { id: string; asked: boolean }[] = [];
      socket.on(realtimeEvents.chatMessageCreated, (message: Message, ack?: unknown) => {
        seen.push({ id: message.id, asked: typeof ack === 'function' });
        if (typeof ack === 'function') ack();
      });
      return seen;
    };
    try {
      const claimed = nextEvent(patientTab, realtimeEvents.chatConversationUpdated);
      await supportMessage(first, holder, 'Добрий день, я з вами', patient);
      await claimed;

      const [toPatient, toHolder, toOther] = [copies(patientTab), copies(holderSocket), copies(otherSocket)];
      const sent = await supportMessage(first, patient, 'Дякую');
      for (const [socket, person] of [
        [patientTab, patient],
        [holderSocket, holder],
        [otherSocket, otherOperator],
      ] as const)
        await everythingArrived(second, socket, person.userId);
      expect(toHolder).toEqual([{ id: sent.id, asked: true }]);
      expect(toOther).toEqual([{ id: sent.id, asked: false }]);
      expect(toPatient).toEqual([{ id: sent.id, asked: false }]);
    } finally {
      for (const socket of [patientTab, holderSocket, otherSocket]) socket.close();
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

  test('a connection dropped from one instance comes back on the other with the events it missed', async () => {
    const patient = await quickPatient(first);
    const socket = await connectSocket(await listen(second), patient.token);
    const seen = nextEvent(socket, EVENT);
    first.services.realtime.toUser(patient.userId, EVENT, payload('seen'));
    await seen;
    const id = socket.id;
    const onServer = second.app.io.of('/').sockets.get(id!)!;
    const gone = once(onServer, 'disconnect');
    socket.io.engine.close();
    await gone;
    first.services.realtime.toUser(patient.userId, EVENT, payload('missed-1'));
    first.services.realtime.toUser(patient.userId, EVENT, payload('missed-2'));
    const { _pid: pid, _lastOffset: offset } = socket as unknown as { _pid: string; _lastOffset: string };
    // A client comes back after its reconnection delay; here, as soon as the instance has stored the session in Redis.
    const store = await createClient({ url: redis.url }).connect();
    await vi.waitFor(async () => expect(await store.exists(`sio:session:${pid}`)).toBe(1));
    await store.close();

    // As a proxy would send it elsewhere: the same recovery id and offset, to the other instance.
    const back: Socket = connect(await listen(first), {
      auth: { token: patient.token, pid, offset },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      const received: unknown[] = [];
      back.on(EVENT, (payload: unknown) => received.push(payload));
      await nextEvent(back, 'connect');
      // Recovered: the server gave the connection its old id back (the flag on the client is for its own reconnects).
      expect(back.id).toBe(id);
      await everythingArrived(second, back, patient.userId);
      expect(received).toEqual([payload('missed-1'), payload('missed-2')]);
    } finally {
      back.close();
      socket.close();
    }
  });

  test('events flow again after Redis restarts, both ways, and the clients stay connected', async () => {
    const [onFirst, onSecond] = await Promise.all(
      [first, second].map(async (instance) => {
        const patient = await quickPatient(first);
        return { patient, socket: await connectSocket(await listen(instance), patient.token) };
      }),
    );
    const drops: string[] = [];
    for (const { socket } of [onFirst!, onSecond!]) socket.on('disconnect', (reason: string) => drops.push(reason));
    try {
      await redis.restart();
      const toSecond = nextEvent(onSecond!.socket, EVENT, 15_000);
      first.services.realtime.toUser(onSecond!.patient.userId, EVENT, payload('first-to-second'));
      expect(await toSecond).toEqual(payload('first-to-second'));
      const toFirst = nextEvent(onFirst!.socket, EVENT, 15_000);
      second.services.realtime.toUser(onFirst!.patient.userId, EVENT, payload('second-to-first'));
      expect(await toFirst).toEqual(payload('second-to-first'));
      expect(drops).toEqual([]);
    } finally {
      onFirst!.socket.close();
      onSecond!.socket.close();
    }
  });
});
