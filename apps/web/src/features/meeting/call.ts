import {
  meetingEvents,
  type DeviceCheck,
  type DoctorPresence,
  type MeetingClosedEvent,
  type MeetingEndedEvent,
  type MeetingJoinAck,
  type MeetingPeerEvent,
  type MeetingRole,
  type MeetingState,
  type RelayedSignal,
} from '@rozmova/contracts';
import type { RealtimeConnection } from '../../lib/realtime-connection.ts';
import { nothingArrived, qualityBetween, readCounters, type CallQuality, type StatsCounters } from './call-quality.ts';
import { IceServersAhead } from './ice-servers-ahead.ts';
import { PeerSession, type MediaKind, type PeerConnectionState, type PeerSignal } from './peer-session.ts';

/**
 * One stay in a consultation's room (docs/decisions.md "The meeting room (web)"): joins over the tab's realtime
 * connection and joins again after every reconnect (the server forgets rooms on a reconnect), follows the other
 * person (`meeting-peer`), relays signals to a PeerSession, and starts a fresh PeerSession whenever the other side
 * (re)joins or this side joins again, so no ghost connection is left. No React: the page subscribes to snapshots.
 */
export type CallPhase = 'joining' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'left' | 'ended' | 'refused';
export type JoinRefusal = Extract<MeetingJoinAck, { ok: false }>['code'];

export interface CallSnapshot {
  phase: CallPhase;
  role: MeetingRole | null;
  refusal: JoinRefusal | null;
  /** The other person has a connection in the room. */
  peerPresent: boolean;
  /** The other person left the room on purpose (they may come back). */
  peerLeft: boolean;
  /** What the other person's connection last reported. */
  peerState: MeetingPeerEvent['state'] | null;
  /** The other person sends no video (camera off, audio only, or the weak-connection pause). */
  peerVideoOff: boolean;
  doctorPresence: DoctorPresence | null;
  socketConnected: boolean;
  endedStatus: MeetingEndedEvent['status'] | null;
  connectionState: PeerConnectionState | null;
  remoteStream: MediaStream | null;
  /** Changes whenever the remote stream gains or loses tracks. */
  remoteVersion: number;
  /** Nothing has arrived from the other side for a few seconds although the connection still says connected. */
  mediaStalled: boolean;
}

export interface CallOptions {
  roomId: string;
  deviceCheck: DeviceCheck;
  /** `?relay=1`: media only through the TURN relay. */
  relayOnly: boolean;
  /** ICE servers for one peer connection (fetched fresh each time, never stored). */
  iceServers: () => Promise<RTCIceServer[]>;
  createConnection?: (configuration: RTCConfiguration) => RTCPeerConnection;
}

const JOIN_ACK_MS = 10_000;
const JOIN_RETRY_MS = 3_000;
/** A connection that has not come up in this long is started afresh by the doctor's side (the offering side). */
const CONNECT_TIMEOUT_MS = 20_000;
/** Quality readings (one a second) in a row with nothing received before the call shows "reconnecting". */
const STALLED_AFTER_READINGS = 2;

/** Before the call exists. */
export const idleCall: CallSnapshot = {
  phase: 'joining',
  role: null,
  refusal: null,
  peerPresent: false,
  peerLeft: false,
  peerState: null,
  peerVideoOff: false,
  doctorPresence: null,
  socketConnected: false,
  endedStatus: null,
  connectionState: null,
  remoteStream: null,
  remoteVersion: 0,
  mediaStalled: false,
};

export class Call {
  private snapshot: CallSnapshot = idleCall;
  private readonly listeners = new Set<() => void>();
  private connection: RealtimeConnection | null = null;
  private unsubscribe: (() => void)[] = [];
  private joined = false;
  private finished = false;
  private session: PeerSession | null = null;
  private generation = 0;
  private pending: PeerSignal[] = [];
  /** The other side's last offer and the signals after it, for a fresh session that must start from it. */
  private sinceOffer: PeerSignal[] = [];
  /** A session is being started (its ICE servers are loading). */
  private starting = false;
  /** ICE servers asked for with the join, for the next connection. */
  private readonly iceServers: IceServersAhead;
  private everConnected = false;
  private tracks: Record<MediaKind, MediaStreamTrack | null> = { audio: null, video: null };
  private videoPaused = false;
  private receiveVideo = true;
  private sentState: string | null = null;
  private sentVideo: string | null = null;
  private counters: StatsCounters | null = null;
  /** Readings in a row in which nothing arrived on the connection. */
  private quietReadings = 0;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private connectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: CallOptions) {
    this.iceServers = new IceServersAhead(options.iceServers);
  }

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The tab's realtime connection (a new one after the session's token changed; null after logout). */
  attach(connection: RealtimeConnection | null): void {
    if (connection === this.connection || this.finished) return;
    this.detach();
    this.connection = connection;
    if (!connection) return this.update({ socketConnected: false });
    this.unsubscribe = [
      connection.onConnectionChange((connected) => (connected ? void this.join() : this.socketDropped())),
      connection.on(meetingEvents.peer, (event) => this.onPeer(event)),
      connection.on(meetingEvents.signal, (relayed) => this.onSignal(relayed)),
      connection.on(meetingEvents.ended, (event) => this.onEnded(event)),
      connection.on(meetingEvents.closed, (event) => this.onClosed(event)),
    ];
    if (connection.connected) void this.join();
  }

  setTracks(tracks: Record<MediaKind, MediaStreamTrack | null>): void {
    this.tracks = tracks;
    this.session?.setTracks(tracks);
    this.announceVideo();
  }

  /** The audio-only fallback (or "stay on audio"): no outgoing video, without a new negotiation. */
  setVideoPaused(paused: boolean): void {
    this.videoPaused = paused;
    this.session?.setVideoPaused(paused);
    this.announceVideo();
  }

  /** Joined "sound only": no video either way. */
  setReceiveVideo(receive: boolean): void {
    this.receiveVideo = receive;
    this.session?.setReceiveVideo(receive);
    this.announceVideo();
  }

  /** The quality since the previous reading (once a second), or null without a connection. */
  async readQuality(): Promise<CallQuality | null> {
    const session = this.session;
    if (!session || this.snapshot.connectionState !== 'connected') return null;
    const counters = readCounters(await session.getStats(), Date.now());
    const quality = qualityBetween(this.counters, counters);
    this.quietReadings = nothingArrived(this.counters, counters) ? this.quietReadings + 1 : 0;
    this.counters = counters;
    const mediaStalled = this.quietReadings >= STALLED_AFTER_READINGS;
    if (mediaStalled !== this.snapshot.mediaStalled) this.update({ mediaStalled });
    return quality;
  }

  /** The connection's states for a problem report. */
  technicalState(): { connectionState?: string; iceConnectionState?: string } {
    const pc = this.session?.pc;
    return pc ? { connectionState: pc.connectionState, iceConnectionState: pc.iceConnectionState } : {};
  }

  /** Leaving on purpose: the other side sees "left". */
  leave(): void {
    if (this.finished) return;
    if (this.joined) this.connection?.emit(meetingEvents.leave, { roomId: this.options.roomId });
    this.finish({ phase: 'left' });
  }

  /** The page goes away (another page of the app): the same as leaving. */
  dispose(): void {
    this.leave();
    this.listeners.clear();
  }

  private async join(): Promise<void> {
    const connection = this.connection;
    if (!connection || this.finished) return;
    this.joined = false;
    this.sentState = null;
    this.sentVideo = null;
    this.update({ socketConnected: true });
    this.iceServers.prefetch();
    let ack: MeetingJoinAck;
    try {
      ack = await connection.emitWithAck(
        meetingEvents.join,
        { roomId: this.options.roomId, deviceCheck: this.options.deviceCheck },
        JOIN_ACK_MS,
      );
    } catch {
      return this.retryJoin(connection);
    }
    if (connection !== this.connection || this.finished || !connection.connected) return;
    if (!ack.ok) {
      if (ack.code === 'TOO_MANY_REQUESTS' || ack.code === 'VALIDATION_FAILED') return this.retryJoin(connection);
      return this.finish({ phase: 'refused', refusal: ack.code });
    }
    this.joined = true;
    this.update({ role: ack.role, doctorPresence: ack.doctorPresence, peerPresent: ack.peerPresent, peerState: null });
    // Joining again (a reconnect, a reload) makes the other side start afresh: so does this side.
    if (ack.peerPresent) void this.startSession();
    else this.closeSession();
    this.announceVideo();
  }

  private retryJoin(connection: RealtimeConnection): void {
    this.later(() => {
      if (connection === this.connection && connection.connected && !this.joined) void this.join();
    }, JOIN_RETRY_MS);
  }

  private socketDropped(): void {
    this.joined = false;
    this.update({ socketConnected: false });
  }

  private onPeer(event: MeetingPeerEvent): void {
    if (this.finished || !this.joined || event.role === this.snapshot.role) return;
    const presence: Partial<CallSnapshot> =
      event.role === 'doctor' ? { doctorPresence: event.state === 'left' ? 'not-yet' : 'in-room' } : {};
    switch (event.state) {
      case 'joined':
        this.update({ ...presence, peerPresent: true, peerLeft: false, peerState: 'joined', peerVideoOff: false });
        void this.startSession();
        return;
      case 'left':
        this.everConnected = false;
        this.closeSession();
        return this.update({ ...presence, peerPresent: false, peerLeft: true, peerState: 'left' });
      case 'audio-only':
      case 'video':
        return this.update({ peerPresent: true, peerVideoOff: event.state === 'audio-only' });
      default:
        return this.update({ ...presence, peerPresent: true, peerState: event.state });
    }
  }

  private onSignal(relayed: RelayedSignal): void {
    if (this.finished || !this.joined || relayed.from === this.snapshot.role) return;
    const signal: PeerSignal = 'description' in relayed ? { description: relayed.description } : { candidate: relayed.candidate };
    const offer = 'description' in signal && signal.description.type === 'offer';
    this.sinceOffer = offer ? [signal] : [...this.sinceOffer, signal];
    if (this.session) return void this.session.handleSignal(signal);
    this.pending.push(signal);
    // An offer while no connection is here or on its way (the other side started first): start one for it.
    if (offer && !this.starting) void this.startSession({ keep: true });
  }

  private onEnded(event: MeetingEndedEvent): void {
    if (event.roomId !== this.options.roomId) return;
    this.finish({ phase: 'ended', endedStatus: event.status });
  }

  /** The server took this connection out of the room (the consultation changed): as a join refused now would say. */
  private onClosed(event: MeetingClosedEvent): void {
    if (event.roomId !== this.options.roomId) return;
    this.finish({ phase: 'refused', refusal: event.code });
  }

  /**
   * A fresh RTCPeerConnection; signals that arrive while its ICE servers load wait for it. `keep` keeps the signals
   * already waiting (they are for this connection); `replay` starts from the other side's last offer and what followed.
   */
  private async startSession({ keep = false, replay = false } = {}): Promise<void> {
    const generation = ++this.generation;
    const waiting = replay ? this.sinceOffer : keep ? this.pending : [];
    this.closeSession();
    this.pending = [...waiting];
    this.starting = true;
    let iceServers: RTCIceServer[] = [];
    try {
      iceServers = await this.iceServers.take();
    } catch {
      // Without STUN and TURN the call still works between devices that see each other directly.
    }
    if (generation !== this.generation || this.finished || !this.joined) return;
    this.starting = false;
    const polite = this.snapshot.role === 'patient';
    const session: PeerSession = new PeerSession(
      { iceServers, iceTransportPolicy: this.options.relayOnly ? 'relay' : 'all' },
      {
        polite,
        send: (signal) => this.connection?.emit(meetingEvents.signal, { roomId: this.options.roomId, ...signal }),
        createConnection: this.options.createConnection,
        onChange: () => session === this.session && this.sessionChanged(session),
        // The other side has a connection this one never met: the patient answers it afresh, the doctor offers afresh.
        onForeignOffer: () => session === this.session && void this.startSession({ replay: polite }),
      },
    );
    session.setTracks(this.tracks);
    session.setVideoPaused(this.videoPaused);
    session.setReceiveVideo(this.receiveVideo);
    this.session = session;
    this.counters = null;
    this.quietReadings = 0;
    this.connectTimer = setTimeout(() => {
      if (session === this.session && !polite && session.state !== 'connected') void this.startSession();
    }, CONNECT_TIMEOUT_MS);
    const queued = this.pending;
    this.pending = [];
    for (const signal of queued) void session.handleSignal(signal);
    this.update({ remoteStream: session.remoteStream, connectionState: session.state });
  }

  private sessionChanged(session: PeerSession): void {
    const state = session.state;
    if (state === 'connected') {
      this.everConnected = true;
      clearTimeout(this.connectTimer);
    }
    this.sendState(state === 'connected' ? 'connected' : state === 'disconnected' || state === 'failed' ? 'reconnecting' : 'connecting');
    if (state === 'connected') this.announceVideo(true);
    this.update({ connectionState: state, remoteVersion: this.snapshot.remoteVersion + 1 });
  }

  private sendState(state: MeetingState['state']): void {
    if (!this.joined || this.sentState === state) return;
    this.sentState = state;
    this.connection?.emit(meetingEvents.state, { roomId: this.options.roomId, state });
  }

  /** Tells the other side whether video comes from here (again on every new connection). */
  private announceVideo(force = false): void {
    if (!this.joined) return;
    const video = this.tracks.video && !this.videoPaused && this.receiveVideo ? 'video' : 'audio-only';
    if (!force && this.sentVideo === video) return;
    this.sentVideo = video;
    this.connection?.emit(meetingEvents.state, { roomId: this.options.roomId, state: video });
  }

  private closeSession(): void {
    clearTimeout(this.connectTimer);
    this.starting = false;
    this.session?.close();
    this.session = null;
    this.pending = [];
    this.update({ remoteStream: null, connectionState: null });
  }

  private finish(patch: Partial<CallSnapshot>): void {
    this.finished = true;
    this.joined = false;
    this.generation++;
    this.closeSession();
    this.detach();
    for (const timer of this.timers) clearTimeout(timer);
    this.update(patch);
  }

  private detach(): void {
    for (const stop of this.unsubscribe) stop();
    this.unsubscribe = [];
    this.connection = null;
  }

  private later(action: () => void, ms: number): void {
    this.timers.push(setTimeout(action, ms));
  }

  private update(patch: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    next.phase = this.phaseOf(next);
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private phaseOf(s: CallSnapshot): CallPhase {
    if (this.finished) return s.phase === 'joining' ? 'left' : s.phase;
    // Media may still flow while the socket reconnects.
    if (s.connectionState === 'connected' && s.peerPresent) return s.mediaStalled ? 'reconnecting' : 'connected';
    if (!this.joined) return this.everConnected ? 'reconnecting' : 'joining';
    if (!s.peerPresent) return 'waiting';
    return this.everConnected ? 'reconnecting' : 'connecting';
  }
}
