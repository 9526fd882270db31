import { beforeAll, describe, expect, test } from 'vitest';
import { groupChannels, realtimeEvents, SESSION_REVOKED_EVENT } from '@rozmova/contracts';
import { sampleReadEvent } from '../test/event-samples.ts';
import { call, login, loginAs, MINUTE, PASSWORD, registerPatient, type TestContext } from '../test/harness.ts';
import { connectSocket, everythingArrived, nextEvent, fileSocketTestApp } from '../test/socket.ts';

const app = await fileSocketTestApp();
let t: TestContext;
let url: string;
beforeAll(() => {
  ({ t, url } = app);
});
const connected = (token: unknown) => app.connected(token);

describe('Socket.IO gateway', () => {
  test('a signed-in patient connects and receives what is sent to it and to all patients', async () => {
    const { token, userId } = await registerPatient(t.app, t.mail);
    const socket = await connected(token);
    expect(socket.connected).toBe(true);

    const personal = nextEvent(socket, realtimeEvents.chatMessageRead);
    t.services.realtime.toUser(userId, realtimeEvents.chatMessageRead, sampleReadEvent('m1'));
    expect(await personal).toEqual(sampleReadEvent('m1'));

    const broadcast = nextEvent(socket, 'notice');
    t.app.io.to(groupChannels.patients).emit('notice', { to: 'patients' });
    expect(await broadcast).toEqual({ to: 'patients' });
  });

  test('a doctor is in the doctors group, not the patients group', async () => {
    const doctor = await loginAs(t.app, 'doctor');
    const patient = await registerPatient(t.app, t.mail);
    const doctorSocket = await connected(doctor.token);
    const patientSocket = await connected(patient.token);
    const seenByPatient: unknown[] = [];
    patientSocket.on('notice', (payload) => seenByPatient.push(payload));

    const doctorsNotice = nextEvent(doctorSocket, 'notice');
    t.app.io.to(groupChannels.doctors).emit('notice', 'doctors');
    expect(await doctorsNotice).toBe('doctors');
    // An event to the patient after the broadcast arrives after it, so the patient would have seen the broadcast by then.
    await everythingArrived(t, patientSocket, patient.userId);
    expect(seenByPatient).toEqual([]);
  });

  test.each([
    ['no token', undefined],
    ['a garbage token', 'garbage'],
    ['a number', 12345],
    ['an oversized token', 'x'.repeat(600)],
  ])('refuses a connection with %s', async (_name, token) => {
    await expect(connectSocket(url, token)).rejects.toThrow('Unauthorized');
  });

  test('refuses a logged-out token and an idle-expired staff token', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    expect((await call(t.app, 'POST', '/v1/auth/logout', { token })).status).toBe(204);
    await expect(connectSocket(url, token)).rejects.toThrow('Unauthorized');

    const operator = await loginAs(t.app, 'operator');
    t.clock.advance(30 * MINUTE);
    await expect(connectSocket(url, operator.token)).rejects.toThrow('Unauthorized');
  });

  test('logout closes the connections of that session only', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const otherToken = await login(t.app, email, PASSWORD);
    const socket = await connected(token);
    const other = await connected(otherToken);

    const revoked = nextEvent(socket, SESSION_REVOKED_EVENT);
    const closed = nextEvent<string>(socket, 'disconnect');
    expect((await call(t.app, 'POST', '/v1/auth/logout', { token })).status).toBe(204);
    await revoked;
    expect(await closed).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });

  test('a password change closes the connections of the other sessions, not this one', async () => {
    const { token, email } = await registerPatient(t.app, t.mail);
    const otherToken = await login(t.app, email, PASSWORD);
    const mine = await connected(token);
    const theirs = await connected(otherToken);
    const minePayloads: unknown[] = [];
    mine.on(SESSION_REVOKED_EVENT, (payload) => minePayloads.push(payload));

    const revoked = nextEvent(theirs, SESSION_REVOKED_EVENT);
    const closed = nextEvent<string>(theirs, 'disconnect');
    const changed = await call(t.app, 'PUT', '/v1/auth/profile', {
      token,
      body: { current_password: PASSWORD, new_password: 'Fresh-Password-77' },
    });
    expect(changed.status).toBe(200);
    await revoked;
    expect(await closed).toBe('io server disconnect');

    const { id: userId } = (await t.services.accounts.findByEmail(email))!;
    await everythingArrived(t, mine, userId);
    expect(mine.connected).toBe(true);
    expect(minePayloads).toEqual([]);
  });

  test('deleting the account closes every connection of the user', async () => {
    const { token } = await registerPatient(t.app, t.mail);
    const socket = await connected(token);
    expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token, body: { password: PASSWORD } })).status).toBe(204);
    const revoked = nextEvent(socket, SESSION_REVOKED_EVENT);
    const closed = nextEvent<string>(socket, 'disconnect');
    expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token })).status).toBe(204);
    await revoked;
    expect(await closed).toBe('io server disconnect');
  });
});
