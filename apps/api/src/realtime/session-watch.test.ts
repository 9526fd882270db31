import type { Socket } from 'socket.io-client';
import { describe, expect, test, vi } from 'vitest';
import { meetingEvents, SESSION_REVOKED_EVENT } from '@rozmova/contracts';
import { call, DAY, MINUTE } from '../test/harness.ts';
import { quickAccount, quickPatient, type Person } from '../test/factories.ts';
import { nextEvent, fileSocketTestApp } from '../test/socket.ts';
import { CHECK_AHEAD_MS } from './session-watch.ts';

const app = await fileSocketTestApp();

/** Resolves once the server has checked the connection again and kept it, its next check set for `at`. */
const checkedAgainFor = (at: number) =>
  vi.waitFor(() => expect(app.t.clock.pending().map((d) => d.getTime())).toContain(at), { timeout: 5_000 });

/** The reason the connection was closed, after it was told its session is over. */
async function ended(socket: Socket): Promise<string> {
  const [, reason] = await Promise.all([nextEvent(socket, SESSION_REVOKED_EVENT), nextEvent<string>(socket, 'disconnect')]);
  return reason;
}

const profile = (who: Person) => call(app.t.app, 'GET', '/v1/auth/profile', { token: who.token });

describe('open connections end with their session', () => {
  test('a staff connection is closed with session-revoked after 30 minutes without use of its session', async () => {
    const start = app.t.clock.now().getTime();
    const operator = await quickAccount(app.t, 'operator');
    const socket = await app.connected(operator.token);
    await checkedAgainFor(start + 30 * MINUTE - CHECK_AHEAD_MS);

    app.t.clock.advance(30 * MINUTE - CHECK_AHEAD_MS);
    await checkedAgainFor(start + 30 * MINUTE);
    expect(socket.connected).toBe(true);

    const closed = ended(socket);
    app.t.clock.advance(CHECK_AHEAD_MS);
    expect(await closed).toBe('io server disconnect');
    expect((await profile(operator)).status).toBe(401);
  });

  test('requests keep it open: the connection lasts until 30 minutes after the last one', async () => {
    const start = app.t.clock.now().getTime();
    const operator = await quickAccount(app.t, 'operator');
    const socket = await app.connected(operator.token);

    app.t.clock.advance(20 * MINUTE);
    expect((await profile(operator)).status).toBe(200);
    app.t.clock.advance(10 * MINUTE);
    await checkedAgainFor(start + 50 * MINUTE - CHECK_AHEAD_MS);
    expect(socket.connected).toBe(true);

    const closed = ended(socket);
    app.t.clock.advance(20 * MINUTE);
    expect(await closed).toBe('io server disconnect');
  });

  test('an event the client sends is use of the session: the session itself lasts longer', async () => {
    const start = app.t.clock.now().getTime();
    const operator = await quickAccount(app.t, 'operator');
    const socket = await app.connected(operator.token);

    app.t.clock.advance(10 * MINUTE);
    expect(await socket.emitWithAck(meetingEvents.join, {})).toEqual({ ok: false, code: 'VALIDATION_FAILED' });
    app.t.clock.advance(19 * MINUTE);
    // Checked a minute ahead of the end, found used, so the session now ends 30 minutes after that check.
    await checkedAgainFor(start + 59 * MINUTE - CHECK_AHEAD_MS);
    expect(socket.connected).toBe(true);
    app.t.clock.advance(20 * MINUTE);
    expect((await profile(operator)).status).toBe(200);
  });

  test('a patient connection ends after 14 idle days', async () => {
    const patient = await quickPatient(app.t);
    const socket = await app.connected(patient.token);
    app.t.clock.advance(13 * DAY);
    const closed = ended(socket);
    app.t.clock.advance(DAY);
    expect(await closed).toBe('io server disconnect');
  });

  test('a patient connection in use ends 30 days after sign-in (the session’s absolute end)', async () => {
    const start = app.t.clock.now().getTime();
    const patient = await quickPatient(app.t);
    const socket = await app.connected(patient.token);
    for (const day of [10, 20]) {
      app.t.clock.set(start + day * DAY);
      expect((await profile(patient)).status).toBe(200);
    }
    app.t.clock.set(start + 29 * DAY);
    await checkedAgainFor(start + 30 * DAY - CHECK_AHEAD_MS);
    expect(socket.connected).toBe(true);

    const closed = ended(socket);
    app.t.clock.set(start + 30 * DAY);
    expect(await closed).toBe('io server disconnect');
  });
});
