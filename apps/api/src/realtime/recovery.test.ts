import { once } from 'node:events';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, test } from 'vitest';
import { realtimeEvents } from '@rozmova/contracts';
import { sampleReadEvent } from '../test/event-samples.ts';
import { call } from '../test/harness.ts';
import { quickPatient, type Person } from '../test/factories.ts';
import { everythingArrived, nextEvent, fileSocketTestApp } from '../test/socket.ts';

const app = await fileSocketTestApp();
const EVENT = realtimeEvents.chatMessageRead;
/** socket.io-parser's EVENT packet type. */
const EVENT_PACKET = 2;

interface Packet {
  type: number;
  data?: unknown;
}

/** The client's recovery state (private in socket.io-client): what it sends back to take its session again. */
const recoveryOf = (socket: Socket) => socket as unknown as { _pid: string; _lastOffset: string };

const send = (who: Person, id: string) => app.t.services.realtime.toUser(who.userId, EVENT, sampleReadEvent(id));

/** A connected patient that has received one event (so it has an offset to come back from). */
async function connectedWithOffset() {
  const patient = await quickPatient(app.t);
  const socket = await app.connected(patient.token);
  const first = nextEvent(socket, EVENT);
  send(patient, 'before');
  expect(await first).toEqual(sampleReadEvent('before'));
  return { patient, socket };
}

/** Drops the connection's transport (as a network loss does) and waits until the server has let it go. */
async function drop(socket: Socket): Promise<void> {
  const onServer = app.t.app.io.of('/').sockets.get(socket.id!);
  expect(onServer).toBeDefined();
  const gone = once(onServer!, 'disconnect');
  socket.io.engine.close();
  const [reason] = (await gone) as [string];
  expect(reason).toBe('transport close');
}

/** Every event packet that reaches the client's connection, delivered to the page or not. */
function eventPacketsOf(socket: Socket): Packet[] {
  const packets: Packet[] = [];
  socket.io.on('packet', (packet: Packet) => {
    if (packet.type === EVENT_PACKET) packets.push(packet);
  });
  return packets;
}

describe('connection state recovery', () => {
  test('a connection that drops comes back as itself, with the events it missed, in order', async () => {
    const { patient, socket } = await connectedWithOffset();
    const id = socket.id;
    await drop(socket);
    send(patient, 'missed-1');
    send(patient, 'missed-2');

    const received: unknown[] = [];
    socket.on(EVENT, (payload: unknown) => received.push(payload));
    socket.connect();
    await nextEvent(socket, 'connect');
    expect(socket.recovered).toBe(true);
    expect(socket.id).toBe(id);
    await everythingArrived(app.t, socket, patient.userId);
    expect(received).toEqual([sampleReadEvent('missed-1'), sampleReadEvent('missed-2')]);
  });

  test('a connection whose session ended while it was away is refused, and none of what it missed reaches it', async () => {
    const { patient, socket } = await connectedWithOffset();
    await drop(socket);
    expect((await call(app.t.app, 'POST', '/v1/auth/logout', { token: patient.token })).status).toBe(204);
    send(patient, 'after-logout');

    const packets = eventPacketsOf(socket);
    socket.connect();
    const error = await nextEvent<Error>(socket, 'connect_error');
    expect(error.message).toBe('Unauthorized');
    expect(packets).toEqual([]);
  });

  test('another session cannot take a dropped connection over with its recovery id', async () => {
    const { patient, socket } = await connectedWithOffset();
    await drop(socket);
    send(patient, 'private');

    const stranger = await quickPatient(app.t);
    const { _pid: pid, _lastOffset: offset } = recoveryOf(socket);
    const intruder = connect(app.url, { auth: { token: stranger.token, pid, offset }, transports: ['websocket'], forceNew: true });
    try {
      const packets = eventPacketsOf(intruder);
      const error = await nextEvent<Error>(intruder, 'connect_error');
      expect(error.message).toBe('Unauthorized');
      expect(packets).toEqual([]);
    } finally {
      intruder.close();
    }
  });
});
