import {
  meetingEvents,
  type AckedClientEventName,
  type ClientEventAck,
  type ClientEventName,
  type ClientEventPayload,
  type DeviceCheck,
  type MeetingJoinAck,
  type MeetingRole,
  type ServerEventName,
  type ServerEventPayload,
} from '@rozmova/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeConnection } from '../../lib/realtime-connection.ts';
import { FakeMediaStream, FakePeerConnection } from '../../test/fake-peer-connection.ts';
import { Call } from './call.ts';

const ROOM = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const deviceCheck: DeviceCheck = {
  camera: 'ok',
  microphone: 'ok',
  speaker: 'ok',
  network: 'ok',
  mode: 'video',
  browser: 'Chrome 130 (Linux)',
};

/**
 * The server's side of the room as apps/api's gateway does it: a join is acknowledged and announced to the other
 * participant, signals and states are relayed to the other one, a dropped socket is announced as `disconnected`,
 * and a reconnected socket is in no room until it joins again.
 */
class FakeServer {
  readonly sockets: FakeSocket[] = [];
  refuse: MeetingJoinAck | null = null;
  joins: MeetingRole[] = [];

  connect(role: MeetingRole) {
    const socket = new FakeSocket(this, role);
    this.sockets.push(socket);
    return socket;
  }

  others(socket: FakeSocket) {
    return this.sockets.filter((other) => other !== socket && other.inRoom && other.role !== socket.role);
  }

  handle(socket: FakeSocket, event: string, payload: Record<string, unknown>): MeetingJoinAck | undefined {
    if (event === meetingEvents.join) {
      if (this.refuse) return this.refuse;
      this.joins.push(socket.role);
      socket.inRoom = true;
      const others = this.others(socket);
      for (const other of others) other.deliver(meetingEvents.peer, { role: socket.role, state: 'joined' });
      return {
        ok: true,
        role: socket.role,
        appointmentId: 'a1',
        peerPresent: others.length > 0,
        doctorPresence: socket.role === 'doctor' || others.length > 0 ? 'in-room' : 'not-yet',
      };
    }
    if (!socket.inRoom) return undefined;
    const { roomId: _room, ...rest } = payload;
    for (const other of this.others(socket)) {
      if (event === meetingEvents.signal) other.deliver(meetingEvents.signal, { ...rest, from: socket.role });
      if (event === meetingEvents.state) other.deliver(meetingEvents.peer, { role: socket.role, state: rest.state });
      if (event === meetingEvents.leave) other.deliver(meetingEvents.peer, { role: socket.role, state: 'left' });
    }
    if (event === meetingEvents.leave) socket.inRoom = false;
    return undefined;
  }

  drop(socket: FakeSocket) {
    socket.inRoom = false;
    socket.setConnected(false);
    for (const other of this.others(socket)) other.deliver(meetingEvents.peer, { role: socket.role, state: 'disconnected' });
  }

  end(status: 'completed' | 'canceled') {
    for (const socket of this.sockets) socket.deliver(meetingEvents.ended, { roomId: ROOM, status });
  }
}

class FakeSocket implements RealtimeConnection {
  readonly token = 'token';
  connected = true;
  inRoom = false;
  emitted: string[] = [];
  private handlers = new Map<string, Set<(payload: unknown) => void>>();
  private changes = new Set<(connected: boolean) => void>();

  constructor(
    private readonly server: FakeServer,
    readonly role: MeetingRole,
  ) {}

  on<N extends ServerEventName>(event: N, handler: (payload: ServerEventPayload<N>) => void) {
    // What `deliver` sends stands for the wire, untyped.
    const heard = handler as (payload: unknown) => void;
    const set = this.handlers.get(event) ?? new Set();
    set.add(heard);
    this.handlers.set(event, set);
    return () => void set.delete(heard);
  }
  onReconnect() {
    return () => undefined;
  }
  onConnectionChange(handler: (connected: boolean) => void) {
    this.changes.add(handler);
    return () => void this.changes.delete(handler);
  }
  emit<N extends ClientEventName>(event: N, payload: ClientEventPayload<N>) {
    if (!this.connected) return;
    this.emitted.push(event);
    const copy = structuredClone(payload) as Record<string, unknown>;
    queueMicrotask(() => this.server.handle(this, event, copy));
  }
  async emitWithAck<N extends AckedClientEventName>(event: N, payload: ClientEventPayload<N>): Promise<ClientEventAck<N>> {
    this.emitted.push(event);
    await Promise.resolve();
    return this.server.handle(this, event, structuredClone(payload) as Record<string, unknown>) as ClientEventAck<N>;
  }
  close() {}
  deliver(event: string, payload: unknown) {
    const copy = structuredClone(payload);
    queueMicrotask(() => this.handlers.get(event)?.forEach((handler) => handler(copy)));
  }
  setConnected(connected: boolean) {
    this.connected = connected;
    for (const handler of this.changes) handler(connected);
  }
}

function makeCall(server: FakeServer, role: MeetingRole, iceServers = async () => [{ urls: 'stun:stun.example.org' }]) {
  const socket = server.connect(role);
  const call = new Call({
    roomId: ROOM,
    deviceCheck,
    relayOnly: false,
    iceServers,
    createConnection: (configuration) => new FakePeerConnection(configuration) as unknown as RTCPeerConnection,
  });
  call.attach(socket);
  return { call, socket };
}

const settle = () => vi.advanceTimersByTimeAsync(1);
const open = () => FakePeerConnection.created.filter((pc) => pc.signalingState !== 'closed');

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('MediaStream', FakeMediaStream);
  FakePeerConnection.created = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Call', () => {
  it('waits for the doctor, then connects both with the ICE servers it was given', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    await settle();
    expect(patient.call.getSnapshot()).toMatchObject({ phase: 'waiting', role: 'patient', doctorPresence: 'not-yet' });
    const doctor = makeCall(server, 'doctor');
    await settle();
    expect(patient.call.getSnapshot()).toMatchObject({ phase: 'connected', doctorPresence: 'in-room' });
    expect(doctor.call.getSnapshot().phase).toBe('connected');
    expect(open()).toHaveLength(2);
    expect(open()[0]!.configuration).toEqual({ iceServers: [{ urls: 'stun:stun.example.org' }], iceTransportPolicy: 'all' });
  });

  it('asks for the ICE servers with the join (not after it), once per connection, and again when that request failed', async () => {
    const server = new FakeServer();
    const asked: string[] = [];
    const patientServers = vi.fn(async () => {
      asked.push(`patient after ${server.joins.length} joins`);
      if (asked.length === 1) throw new Error('409: the room is not open yet');
      return [{ urls: 'stun:stun.example.org' }];
    });
    const patient = makeCall(server, 'patient', patientServers);
    await settle();
    expect(asked).toEqual(['patient after 0 joins']);
    const doctorServers = vi.fn(async () => {
      asked.push(`doctor after ${server.joins.length} joins`);
      return [{ urls: 'stun:stun.example.org' }];
    });
    const doctor = makeCall(server, 'doctor', doctorServers);
    await settle();
    // The doctor's request left with its join; the patient's failed one was made again for the connection.
    expect(asked).toEqual(['patient after 0 joins', 'doctor after 1 joins', 'patient after 2 joins']);
    expect(doctor.call.getSnapshot().phase).toBe('connected');
    expect(patient.call.getSnapshot().phase).toBe('connected');
    expect(doctorServers).toHaveBeenCalledTimes(1);
  });

  it('joins again after its socket reconnects, and both sides start fresh connections (no ghost left)', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    const before = open();
    server.drop(patient.socket);
    await settle();
    expect(doctor.call.getSnapshot().peerState).toBe('disconnected');
    patient.socket.setConnected(true);
    await settle();
    expect(server.joins).toEqual(['patient', 'doctor', 'patient']);
    expect(patient.call.getSnapshot().phase).toBe('connected');
    expect(doctor.call.getSnapshot().phase).toBe('connected');
    expect(open()).toHaveLength(2);
    for (const pc of before) expect(pc.signalingState).toBe('closed');
  });

  it('replaces the connection when the other side reloads (joins from a new page without leaving)', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    // The old page is gone: its socket drops, nothing is sent.
    server.drop(doctor.socket);
    const reloaded = makeCall(server, 'doctor');
    await settle();
    expect(reloaded.call.getSnapshot().phase).toBe('connected');
    expect(patient.call.getSnapshot().phase).toBe('connected');
    expect(open()).toHaveLength(3); // the patient's new one, the reloaded doctor's, and the dead page's never closed
    expect(patient.call.getSnapshot().remoteStream).not.toBeNull();
  });

  it('tells the other side when one leaves, and goes back to waiting there', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    doctor.call.leave();
    await settle();
    expect(doctor.call.getSnapshot().phase).toBe('left');
    expect(patient.call.getSnapshot()).toMatchObject({ phase: 'waiting', peerLeft: true, peerPresent: false });
    expect(open()).toHaveLength(0);
  });

  it('hears that the other side sends no video', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    doctor.call.setVideoPaused(true);
    await settle();
    expect(patient.call.getSnapshot().peerVideoOff).toBe(true);
    doctor.call.setVideoPaused(false);
    await settle();
    // No camera track was given in this test, so "video" is never announced.
    expect(patient.call.getSnapshot().peerVideoOff).toBe(true);
  });

  it('ends for both when the consultation is completed', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    server.end('completed');
    await settle();
    expect(patient.call.getSnapshot()).toMatchObject({ phase: 'ended', endedStatus: 'completed' });
    expect(doctor.call.getSnapshot().phase).toBe('ended');
    expect(open()).toHaveLength(0);
  });

  it('stops with the reason when the server takes it out of the room (meeting-closed), and only for its own room', async () => {
    const server = new FakeServer();
    const patient = makeCall(server, 'patient');
    const doctor = makeCall(server, 'doctor');
    await settle();
    const doctorSocket = server.sockets.find((s) => s.role === 'doctor')!;
    doctorSocket.deliver(meetingEvents.closed, { roomId: '00000000-0000-4000-8000-000000000000', code: 'NOT_FOUND' });
    expect(doctor.call.getSnapshot().phase).toBe('connected');
    doctorSocket.deliver(meetingEvents.closed, { roomId: ROOM, code: 'NOT_FOUND' });
    await settle();
    expect(doctor.call.getSnapshot()).toMatchObject({ phase: 'refused', refusal: 'NOT_FOUND' });
    expect(patient.call.getSnapshot().phase).not.toBe('refused');
  });

  it('stops with the reason when the server refuses the join', async () => {
    const server = new FakeServer();
    server.refuse = { ok: false, code: 'MEETING_NOT_OPEN' };
    const patient = makeCall(server, 'patient');
    await settle();
    expect(patient.call.getSnapshot()).toMatchObject({ phase: 'refused', refusal: 'MEETING_NOT_OPEN' });
  });
});
