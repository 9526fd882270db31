import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SIGNAL_RATE_MAX } from '@rozmova/contracts';
import { callEvents } from '../../db/schema-chat.ts';
import { BASE, renew, type Person } from '../../test/factories.ts';
import { deviceCheck, joinRoom, openRoom } from '../../test/meeting.ts';
import { fileSocketTestApp } from '../../test/socket.ts';
import { CALL_EVENTS_PER_CONSULTATION, MEETING_JOINS_MAX, SIGNAL_BYTES_MAX } from './meetings.limits.ts';

const app = await fileSocketTestApp(BASE);
const { t } = app;

/** `count` connections of one person, `perSession` to a session (new sessions as needed), all in the room. */
async function inRoom(who: Person, roomId: string, count: number, perSession = 5) {
  const sockets: Socket[] = [];
  let session = who;
  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % perSession === 0) session = await renew(t, who);
    sockets.push(await app.connected(session.token));
  }
  for (const socket of sockets) expect(await joinRoom(socket, roomId, deviceCheck)).toMatchObject({ ok: true });
  return sockets;
}

const counters = () => structuredClone(t.services.meetings.counters);

describe("one person's signalling in one room, across its connections", () => {
  test('five connections send 600 signals at once: SIGNAL_RATE_MAX reach the doctor, the rest are dropped and counted', async () => {
    const { doctor, patient, roomId } = await openRoom(t);
    const [doctorSocket] = await inRoom(doctor, roomId, 1);
    const patientSockets = await inRoom(patient, roomId, 5);
    const received: unknown[] = [];
    doctorSocket!.on('meeting-signal', (p) => received.push(p));
    const before = counters();

    for (const socket of patientSockets) {
      for (let i = 0; i < 120; i += 1) socket.emit('meeting-signal', { roomId, candidate: null });
    }
    const handled = () => {
      const now = t.services.meetings.counters;
      return now.relayed - before.relayed + now.dropped.rate - before.dropped.rate;
    };
    await expect.poll(handled).toBe(600);
    expect(t.services.meetings.counters.relayed - before.relayed).toBe(SIGNAL_RATE_MAX);
    await expect.poll(() => received.length).toBe(SIGNAL_RATE_MAX);
    console.info(`600 signals from 5 connections of one person: ${received.length} relayed, ${600 - received.length} dropped`);
  });

  test('at most SIGNAL_BYTES_MAX characters of signals in the window: large descriptions beyond it are dropped', async () => {
    const { doctor, patient, roomId } = await openRoom(t);
    const [doctorSocket] = await inRoom(doctor, roomId, 1);
    const patientSockets = await inRoom(patient, roomId, 5);
    let bytes = 0;
    let count = 0;
    doctorSocket!.on('meeting-signal', (p) => {
      bytes += JSON.stringify(p).length;
      count += 1;
    });
    const before = counters();
    const sdp = 'a'.repeat(59_000);
    for (const socket of patientSockets) {
      for (let i = 0; i < 20; i += 1) socket.emit('meeting-signal', { roomId, description: { type: 'offer', sdp } });
    }
    const each = JSON.stringify({ roomId, description: { type: 'offer', sdp } }).length;
    const fits = Math.floor(SIGNAL_BYTES_MAX / each);
    await expect.poll(() => t.services.meetings.counters.dropped.volume - before.dropped.volume).toBe(100 - fits);
    await expect.poll(() => count).toBe(fits);
    expect(bytes).toBeLessThanOrEqual(SIGNAL_BYTES_MAX);
    console.info(`100 descriptions of ${each} characters: ${count} relayed (${bytes} characters), ${100 - count} dropped`);
  });

  test('50 joins at once by one person: MEETING_JOINS_MAX are taken, the rest answered TOO_MANY_REQUESTS', async () => {
    const { patient, roomId } = await openRoom(t);
    const sockets = await inRoom(patient, roomId, 5);
    const acks = await Promise.all(Array.from({ length: 50 }, (_, i) => joinRoom(sockets[i % 5]!, roomId, deviceCheck)));
    // The five joins of inRoom came first in the same window.
    expect(acks.filter((a) => a.ok)).toHaveLength(MEETING_JOINS_MAX - 5);
    expect(acks.filter((a) => !a.ok && a.code === 'TOO_MANY_REQUESTS')).toHaveLength(50 - (MEETING_JOINS_MAX - 5));
  });
});

describe('the call record of one consultation', () => {
  test('10 connections × 60 joins and leaves: at most CALL_EVENTS_PER_CONSULTATION rows; the rest still reach the doctor', async () => {
    const { doctor, patient, id, roomId } = await openRoom(t);
    const [doctorSocket] = await inRoom(doctor, roomId, 1);
    const sockets = await inRoom(patient, roomId, 10);
    let peerEvents = 0;
    doctorSocket!.on('meeting-peer', () => (peerEvents += 1));
    const before = counters();
    const rowsBefore = (await t.database.db.select().from(callEvents).where(eq(callEvents.appointmentId, id))).length;

    // Three rounds fit in one person's join budget; then the clock moves on so the next rounds are not refused.
    for (let round = 0; round < 60; round += 1) {
      if (round % 3 === 0) t.clock.advance(10_000);
      const acks = await Promise.all(sockets.map((s) => joinRoom(s, roomId, deviceCheck)));
      expect(acks.every((a) => a.ok)).toBe(true);
      // A connection handles its messages in order: its next join waits for this leave.
      for (const s of sockets) s.emit('meeting-leave', { roomId });
    }
    await expect.poll(() => peerEvents).toBe(1200);
    const rows = await t.database.db.select().from(callEvents).where(eq(callEvents.appointmentId, id));
    expect(rows).toHaveLength(CALL_EVENTS_PER_CONSULTATION);
    const attempted = 1200 + rowsBefore;
    expect(t.services.meetings.counters.unrecorded - before.unrecorded).toBe(attempted - CALL_EVENTS_PER_CONSULTATION);
    console.info(`${attempted} joins and leaves of one consultation: ${rows.length} rows written, ${attempted - rows.length} not recorded`);
  }, 90_000);
});
