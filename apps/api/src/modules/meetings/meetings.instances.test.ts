import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { MeetingClosedEvent } from '@rozmova/contracts';
import { CONNECTIONS_PER_SESSION } from '../../realtime/connection-caps.ts';
import { meetingRoom } from '../../realtime/presence.ts';
import { startRedis, type RedisServer } from '../../test/cluster.ts';
import { bookableDoctor, quickAccount, quickPatient, renew } from '../../test/factories.ts';
import { call, createTestApp, MINUTE, type TestContext } from '../../test/harness.ts';
import { deviceCheck, joinRoom, openRoom, START } from '../../test/meeting.ts';
import { connectSocket, listen, nextEvent } from '../../test/socket.ts';

// Two API instances share data only through PostgreSQL, so this runs in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('meetings on two API instances with one Redis', () => {
  let redis: RedisServer;
  let first: TestContext;
  let second: TestContext;
  const open: Socket[] = [];
  const connected = async (instance: TestContext, token: string) => {
    const socket = await connectSocket(await listen(instance), token);
    open.push(socket);
    return socket;
  };

  beforeAll(async () => {
    redis = await startRedis();
    first = await createInstance();
    second = await createInstance(first.postgresUrl);
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await second?.close();
    await first?.close();
    await redis?.stop();
  });
  const createInstance = (postgresUrl?: string) => createTestApp({ env: { REDIS_URL: redis.url }, postgresUrl });

  test("a session's connections are counted over both instances", async () => {
    const patient = await quickPatient(first);
    for (let i = 0; i < CONNECTIONS_PER_SESSION; i += 1) await connected(i % 2 ? second : first, patient.token);
    for (const instance of [first, second]) {
      await expect(connectSocket(await listen(instance), patient.token)).rejects.toThrow('TOO_MANY_CONNECTIONS');
    }
  });

  test('a doctor moved off a consultation on one instance is closed out of the room on the other', async () => {
    const room = await openRoom(first);
    second.clock.set(first.clock.now());
    const patientSocket = await connected(first, room.patient.token);
    const doctorSocket = await connected(second, room.doctor.token);
    expect(await joinRoom(patientSocket, room.roomId, deviceCheck)).toMatchObject({ ok: true });
    expect(await joinRoom(doctorSocket, room.roomId)).toMatchObject({ ok: true, peerPresent: true });

    const next = await bookableDoctor(first);
    await first.services.doctors.update(await first.services.accounts.getAccount(next.userId), next.userId, { min_notice_minutes: 0 });
    const closed = nextEvent<MeetingClosedEvent>(doctorSocket, 'meeting-closed');
    const operator = await quickAccount(first, 'operator');
    const body = { appointment_doctorId: next.userId };
    expect((await call(first.app, 'PUT', `/v1/appointments/${room.id}`, { token: operator.token, body })).status).toBe(200);
    expect(await closed).toEqual({ roomId: room.roomId, code: 'NOT_FOUND' });
    const members = await second.app.io.in(meetingRoom(room.id)).fetchSockets();
    expect(members.map((s) => (s.data as { userId: string }).userId)).toEqual([room.patient.userId]);

    // The old doctor's signals reach no one; the new doctor, on the other instance, is in the call.
    const atPatient: unknown[] = [];
    patientSocket.on('meeting-signal', (p) => atPatient.push(p));
    doctorSocket.emit('meeting-signal', { roomId: room.roomId, candidate: null });
    expect(await joinRoom(doctorSocket, room.roomId)).toEqual({ ok: false, code: 'NOT_FOUND' });
    second.clock.set(Date.parse(START) - 4 * MINUTE);
    const newSocket = await connected(second, (await renew(second, next)).token);
    expect(await joinRoom(newSocket, room.roomId)).toMatchObject({ ok: true, role: 'doctor', peerPresent: true });
    const marker = nextEvent(patientSocket, 'meeting-signal');
    newSocket.emit('meeting-signal', { roomId: room.roomId, description: { type: 'offer', sdp: 'marker' } });
    await marker;
    expect(atPatient).toEqual([{ from: 'doctor', description: { type: 'offer', sdp: 'marker' } }]);
  });
});
