/**
 * An in-memory RTCPeerConnection for unit tests of the negotiation: signalling states with the operations chain and
 * implicit rollback, transceivers and mids, negotiationneeded, ICE restarts (new ufrags), candidates that must match
 * the remote ufrag, and a "connection" that comes up once both descriptions and a matching candidate are in. A
 * description's SDP is JSON naming the connection it came from, so applying an offer of another connection over an
 * established one fails as a changed DTLS fingerprint does. Only what `PeerSession` uses is there.
 */
type Kind = 'audio' | 'video';
type Direction = RTCRtpTransceiverDirection;
interface MLine {
  mid: string;
  kind: Kind;
  direction: Direction;
}
interface FakeSdp {
  peer: string;
  ufrag: string;
  mlines: MLine[];
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}${++counter}`;
const sends = (direction: Direction) => direction === 'sendrecv' || direction === 'sendonly';
const receives = (direction: Direction) => direction === 'sendrecv' || direction === 'recvonly';
/** The answer's direction for an m-line: what the offer sends we may receive, and the other way round. */
const answerDirection = (offered: Direction, wanted: Direction): Direction => {
  const send = sends(wanted) && receives(offered);
  const receive = receives(wanted) && sends(offered);
  return send && receive ? 'sendrecv' : send ? 'sendonly' : receive ? 'recvonly' : 'inactive';
};

export class FakeTrack {
  readonly id = nextId('track-');
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  constructor(readonly kind: Kind) {}
  stop() {
    this.readyState = 'ended';
  }
}

export class FakeMediaStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  addTrack(track: FakeTrack) {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    const index = this.tracks.indexOf(track);
    if (index >= 0) this.tracks.splice(index, 1);
  }
}

class FakeTransceiver {
  mid: string | null = null;
  currentDirection: Direction | null = null;
  readonly receiver: { track: FakeTrack };
  readonly sender: { track: FakeTrack | null; replaceTrack: (track: FakeTrack | null) => Promise<void> };
  constructor(
    kind: Kind,
    public direction: Direction,
  ) {
    this.receiver = { track: new FakeTrack(kind) };
    const sender = {
      track: null as FakeTrack | null,
      replaceTrack: async (track: FakeTrack | null) => {
        sender.track = track;
      },
    };
    this.sender = sender;
  }
}

export class FakePeerConnection {
  static created: FakePeerConnection[] = [];
  readonly id = nextId('pc-');
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidateInit | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  /** How many ICE restarts this side asked for, and how many offers it made. */
  restarts = 0;
  offers = 0;
  /** While false, ICE cannot connect (signalling still works). */
  network = true;
  private readonly transceivers: FakeTransceiver[] = [];
  private readonly negotiated = new Map<string, Direction>();
  private readonly tracksFired = new Set<FakeTransceiver>();
  private ufrag = nextId('ufrag-');
  private ufragBeforeOffer: string | null = null;
  private restartWanted = false;
  private remotePeer: string | null = null;
  private remoteUfrag: string | null = null;
  private remoteCandidate = false;
  private connected = false;
  private dead: { local: string; remote: string | null } | null = null;
  private negotiationQueued = false;
  private operations: Promise<unknown> = Promise.resolve();

  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.created.push(this);
  }

  addTransceiver(kind: Kind, init: { direction?: Direction } = {}) {
    const transceiver = new FakeTransceiver(kind, init.direction ?? 'sendrecv');
    this.transceivers.push(transceiver);
    this.updateNegotiationNeeded();
    return this.watched(transceiver);
  }

  getTransceivers() {
    return [...this.transceivers];
  }

  restartIce() {
    this.restarts++;
    this.restartWanted = true;
    this.updateNegotiationNeeded();
  }

  setLocalDescription(): Promise<void> {
    return this.enqueue(() => (this.signalingState === 'have-remote-offer' ? this.makeAnswer() : this.makeOffer()));
  }

  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    return this.enqueue(() => {
      const sdp = JSON.parse(description.sdp ?? '{}') as FakeSdp;
      if (description.type === 'offer') this.takeOffer(description, sdp);
      else if (description.type === 'answer') this.takeAnswer(description, sdp);
    });
  }

  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    return this.enqueue(() => {
      if (!this.remoteDescription) throw new DOMException('No remote description', 'InvalidStateError');
      if (candidate.usernameFragment !== this.remoteUfrag) throw new DOMException('Unknown ufrag', 'OperationError');
      this.remoteCandidate = true;
      this.checkConnected();
    });
  }

  async getStats() {
    return new Map();
  }

  close() {
    this.signalingState = 'closed';
    this.iceConnectionState = 'closed';
    this.connectionState = 'closed';
  }

  /** The network drops under an established connection: it stays down until an ICE restart succeeds. */
  drop(state: 'disconnected' | 'failed') {
    this.connected = false;
    this.dead = { local: this.ufrag, remote: this.remoteUfrag };
    this.setState(state);
  }

  /** The transceivers' outgoing tracks and directions, by kind. */
  outgoing() {
    return this.transceivers.map((t) => ({ kind: t.receiver.track.kind, direction: t.direction, track: t.sender.track }));
  }

  private watched(transceiver: FakeTransceiver) {
    let direction = transceiver.direction;
    Object.defineProperty(transceiver, 'direction', {
      get: () => direction,
      set: (value: Direction) => {
        direction = value;
        this.updateNegotiationNeeded();
      },
    });
    return transceiver;
  }

  private enqueue(operation: () => void): Promise<void> {
    const run = this.operations.then(async () => {
      await Promise.resolve();
      if (this.signalingState === 'closed') throw new DOMException('Closed', 'InvalidStateError');
      operation();
    });
    this.operations = run.catch(() => undefined);
    return run;
  }

  private makeOffer() {
    this.ufragBeforeOffer = null;
    if (this.restartWanted) {
      this.ufragBeforeOffer = this.ufrag;
      this.ufrag = nextId('ufrag-');
      this.restartWanted = false;
    }
    let next = this.transceivers.filter((t) => t.mid !== null).length;
    for (const t of this.transceivers) if (t.mid === null) t.mid = String(next++);
    const mlines = this.transceivers.map((t) => ({ mid: t.mid!, kind: t.receiver.track.kind, direction: t.direction }));
    this.offers++;
    this.localDescription = { type: 'offer', sdp: JSON.stringify({ peer: this.id, ufrag: this.ufrag, mlines }) };
    this.signalingState = 'have-local-offer';
    this.gather();
  }

  private makeAnswer() {
    const offered = (JSON.parse(this.remoteDescription!.sdp!) as FakeSdp).mlines;
    const mlines = offered.map((line) => {
      const t = this.transceivers.find((candidate) => candidate.mid === line.mid)!;
      const direction = answerDirection(line.direction, t.direction);
      t.currentDirection = direction;
      this.negotiated.set(line.mid, t.direction);
      return { mid: line.mid, kind: line.kind, direction };
    });
    this.localDescription = { type: 'answer', sdp: JSON.stringify({ peer: this.id, ufrag: this.ufrag, mlines }) };
    this.signalingState = 'stable';
    this.gather();
    this.checkConnected();
    this.updateNegotiationNeeded();
  }

  private takeOffer(description: RTCSessionDescriptionInit, sdp: FakeSdp) {
    if (this.signalingState === 'have-local-offer') {
      // Implicit rollback (the polite side of a collision): an ICE restart offered with it is wanted again.
      this.signalingState = 'stable';
      if (this.ufragBeforeOffer !== null) {
        this.ufrag = this.ufragBeforeOffer;
        this.ufragBeforeOffer = null;
        this.restartWanted = true;
      }
    }
    if (this.signalingState !== 'stable') throw new DOMException('Not stable', 'InvalidStateError');
    if (this.remotePeer !== null && this.remotePeer !== sdp.peer)
      throw new DOMException('The DTLS fingerprint changed', 'InvalidAccessError');
    const remoteRestarted = this.remoteUfrag !== null && this.remoteUfrag !== sdp.ufrag;
    this.takeRemote(sdp);
    if (remoteRestarted || this.restartWanted) {
      // An ICE restart of either side: the answer carries new credentials too.
      this.ufrag = nextId('ufrag-');
      this.restartWanted = false;
    }
    for (const line of sdp.mlines) {
      let t = this.transceivers.find((candidate) => candidate.mid === line.mid);
      if (!t) {
        t = this.watched(new FakeTransceiver(line.kind, 'recvonly'));
        t.mid = line.mid;
        this.transceivers.push(t);
        this.negotiated.set(line.mid, 'recvonly');
      }
      if (sends(line.direction)) this.fireTrack(t);
    }
    this.remoteDescription = description;
    this.signalingState = 'have-remote-offer';
  }

  private takeAnswer(description: RTCSessionDescriptionInit, sdp: FakeSdp) {
    if (this.signalingState !== 'have-local-offer') throw new DOMException('No offer to answer', 'InvalidStateError');
    if (this.remotePeer !== null && this.remotePeer !== sdp.peer)
      throw new DOMException('The DTLS fingerprint changed', 'InvalidAccessError');
    this.takeRemote(sdp);
    for (const line of sdp.mlines) {
      const t = this.transceivers.find((candidate) => candidate.mid === line.mid)!;
      this.negotiated.set(line.mid, t.direction);
      t.currentDirection = answerDirection(line.direction, t.direction);
      if (sends(line.direction)) this.fireTrack(t);
    }
    this.ufragBeforeOffer = null;
    this.remoteDescription = description;
    this.signalingState = 'stable';
    this.checkConnected();
    this.updateNegotiationNeeded();
  }

  private takeRemote(sdp: FakeSdp) {
    this.remotePeer = sdp.peer;
    if (sdp.ufrag !== this.remoteUfrag) {
      this.remoteUfrag = sdp.ufrag;
      this.remoteCandidate = false;
    }
  }

  private fireTrack(transceiver: FakeTransceiver) {
    if (this.tracksFired.has(transceiver)) return;
    this.tracksFired.add(transceiver);
    this.ontrack?.({ track: transceiver.receiver.track });
  }

  private gather() {
    const ufrag = this.ufrag;
    // After the description's operation has resolved, as browsers gather.
    setTimeout(() => {
      if (this.signalingState === 'closed') return;
      this.onicecandidate?.({
        candidate: {
          candidate: `candidate:1 1 udp 1 192.0.2.1 9 typ host ufrag ${ufrag}`,
          sdpMid: '0',
          sdpMLineIndex: 0,
          usernameFragment: ufrag,
        },
      });
      this.onicecandidate?.({ candidate: null });
    }, 0);
  }

  private checkConnected() {
    if (this.connected || !this.network || !this.localDescription || !this.remoteDescription || !this.remoteCandidate) return;
    if (this.dead && (this.dead.local === this.ufrag || this.dead.remote === this.remoteUfrag)) return;
    this.connected = true;
    this.dead = null;
    this.setState('connected');
  }

  private setState(state: 'connected' | 'disconnected' | 'failed') {
    this.iceConnectionState = state;
    this.connectionState = state;
    this.oniceconnectionstatechange?.();
    this.onconnectionstatechange?.();
  }

  private needsNegotiation() {
    if (this.restartWanted) return true;
    return this.transceivers.some((t) => t.mid === null || this.negotiated.get(t.mid) !== t.direction);
  }

  private updateNegotiationNeeded() {
    if (this.negotiationQueued) return;
    this.negotiationQueued = true;
    queueMicrotask(() => {
      this.negotiationQueued = false;
      if (this.signalingState === 'stable' && this.needsNegotiation()) this.onnegotiationneeded?.();
    });
  }
}
