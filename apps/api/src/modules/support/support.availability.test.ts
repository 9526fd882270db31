import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { describe, expect, test } from 'vitest';
import { OPERATOR_OFFLINE_AFTER_MS, realtimeEvents, supportStatusSchema, type Operator } from '@rozmova/contracts';
import { call } from '../../test/harness.ts';
import {
  advanceAndRun,
  BASE,
  bookableDoctor,
  pendingJobKeys,
  quickAccount,
  quickPatient,
  renew,
  type Person,
} from '../../test/factories.ts';
import { everythingArrived, nextEvent, fileSocketTestApp } from '../../test/socket.ts';

const app = await fileSocketTestApp();

const statusOf = async (patient: Person) => {
  const response = await call(app.t.app, 'GET', '/v1/support/status', { token: patient.token });
  expect(response.status, response.text).toBe(200);
  return supportStatusSchema.parse(response.body);
};
const shownAs = async (who: Person, operator: Person) => {
  const response = await call(app.t.app, 'GET', '/v1/support/operators', { token: who.token });
  expect(response.status, response.text).toBe(200);
  return (response.body.operators as Operator[]).find((o) => o.id === operator.userId)?.availability;
};
const setAvailability = (who: Person, availability: string) =>
  call(app.t.app, 'PUT', '/v1/support/availability', { token: who.token, body: { availability } });
const changed = (socket: Socket) => nextEvent<Operator>(socket, realtimeEvents.operatorAvailabilityChanged);

/** Waits until the server has recorded the end of the operator's last connection (the offline job is planned). */
async function gone(operator: Person): Promise<void> {
  const key = `operator-offline:${operator.userId}`;
  for (let tries = 0; tries < 500 && !(await pendingJobKeys(app.t)).includes(key); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await pendingJobKeys(app.t)).toContain(key);
}

/** Nothing but the marker reaches the socket before the marker does. */
async function nothingElse(socket: Socket, userId: string, seen: unknown[]): Promise<void> {
  await everythingArrived(app.t, socket, userId);
  expect(seen).toEqual([]);
}

describe('operator availability', () => {
  test('shown as set while connected, offline 30 s after the last connection ends, back on reconnecting', async () => {
    const t = app.t;
    t.clock.set(BASE);
    const operator = await quickAccount(t, 'operator', 'Олена Операторка');
    const patient = await quickPatient(t);
    const patientSocket = await app.connected(patient.token);
    expect(await statusOf(patient)).toEqual({ availability: 'offline', operator: null, chat_patient_status: 'new' });
    const admin = await quickAccount(t, 'admin');
    expect(await shownAs(admin, operator)).toBe('offline');
    // A connected admin is listed online (a transfer may go to it), but the team patients are told about is the operators.
    await app.connected(admin.token);
    expect(await shownAs(admin, admin)).toBe('online');
    expect((await statusOf(patient)).availability).toBe('offline');

    const online = changed(patientSocket);
    const operatorSocket = await app.connected(operator.token);
    expect(await online).toEqual({ id: operator.userId, user_name: 'Олена Операторка', availability: 'online' });
    expect((await statusOf(patient)).availability).toBe('online');

    const busy = changed(patientSocket);
    const set = await setAvailability(operator, 'busy');
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: operator.userId, user_name: 'Олена Операторка', availability: 'busy' });
    expect((await busy).availability).toBe('busy');

    const sent = await call(t.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: 'Добрий вечір', message_recipientType: 'operator', client_message_id: randomUUID() },
    });
    expect(sent.status).toBe(201);
    expect((await call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`, { token: operator.token })).status).toBe(200);
    expect(await statusOf(patient)).toEqual({
      availability: 'busy',
      operator: { id: operator.userId, user_name: 'Олена Операторка', availability: 'busy' },
      chat_patient_status: 'awaiting',
    });

    const seen: Operator[] = [];
    patientSocket.on(realtimeEvents.operatorAvailabilityChanged, (e: Operator) => seen.push(e));
    operatorSocket.close();
    await gone(operator);
    await advanceAndRun(t, OPERATOR_OFFLINE_AFTER_MS - 1);
    expect((await statusOf(patient)).availability).toBe('busy');
    await nothingElse(patientSocket, patient.userId, seen);

    const offline = changed(patientSocket);
    await advanceAndRun(t, 1);
    expect(await offline).toEqual({ id: operator.userId, user_name: 'Олена Операторка', availability: 'offline' });
    expect(await statusOf(patient)).toMatchObject({
      availability: 'offline',
      operator: { id: operator.userId, availability: 'offline' },
    });

    const back = changed(patientSocket);
    await app.connected((await renew(app.t, operator)).token);
    expect((await back).availability).toBe('busy');
    expect(await pendingJobKeys(t)).not.toContain(`operator-offline:${operator.userId}`);
  });

  test('a connection back within 30 s keeps it shown as before, and no offline follows', async () => {
    const t = app.t;
    const operator = await quickAccount(t, 'operator');
    const admin = await quickAccount(t, 'admin');
    const adminSocket = await app.connected(admin.token);
    const patient = await quickPatient(t);
    const patientSocket = await app.connected(patient.token);
    const first = changed(patientSocket);
    (await app.connected(operator.token)).close();
    await first;
    await gone(operator);

    // Operators of earlier tests go offline meanwhile: only this one's events count.
    const seen: Operator[] = [];
    patientSocket.on(realtimeEvents.operatorAvailabilityChanged, (e: Operator) => e.id === operator.userId && seen.push(e));
    await advanceAndRun(t, 10_000);
    await app.connected((await renew(app.t, operator)).token);
    expect(await shownAs(admin, operator)).toBe('online');
    await advanceAndRun(t, OPERATOR_OFFLINE_AFTER_MS);
    expect(await shownAs(admin, operator)).toBe('online');
    await nothingElse(patientSocket, patient.userId, seen);
    adminSocket.close();
  });

  test('closing one of two tabs keeps the operator connected', async () => {
    const t = app.t;
    const operator = await quickAccount(t, 'operator');
    const admin = await quickAccount(t, 'admin');
    const patient = await quickPatient(t);
    const patientSocket = await app.connected(patient.token);
    const first = changed(patientSocket);
    const tabs = [await app.connected(operator.token), await app.connected(operator.token)];
    await first;
    tabs[0]!.close();
    await advanceAndRun(t, 2 * OPERATOR_OFFLINE_AFTER_MS);
    expect(await shownAs(admin, operator)).toBe('online');
    expect(await pendingJobKeys(t)).not.toContain(`operator-offline:${operator.userId}`);
  });

  test('who may ask and set: operators set their own, staff list them, patients ask for the status', async () => {
    const t = app.t;
    const operator = await quickAccount(t, 'operator');
    const patient = await quickPatient(t);
    const doctor = await bookableDoctor(t);
    expect((await setAvailability(patient, 'busy')).status).toBe(403);
    expect((await setAvailability(doctor, 'busy')).status).toBe(403);
    expect((await setAvailability(operator, 'away')).status).toBe(400);
    expect((await call(t.app, 'PUT', '/v1/support/availability', { body: { availability: 'busy' } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/support/operators', { token: patient.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/support/status', { token: operator.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/support/status', { token: (await quickAccount(t, 'admin')).token })).status).toBe(403);
    // Set while not connected: kept, and shown offline until it connects.
    expect((await setAvailability(operator, 'busy')).body.availability).toBe('offline');
    expect(await shownAs(operator, operator)).toBe('offline');
  });
});
