import { ICE_RESTART_AFTER_MS, type SignalContent } from '@rozmova/contracts';

/**
 * One RTCPeerConnection of a call, negotiated with the "perfect negotiation" pattern (MDN): either side may offer at
 * any time; on a collision the impolite side (the doctor) ignores the other's offer and the polite side (the patient)
 * rolls its own back. Only the impolite side adds the audio and video transceivers; the polite side takes those the
 * offer brings, so both always share the same two m-lines and a track can be switched, muted or paused with
 * `replaceTrack` without a new negotiation. A dropped connection (`disconnected`) gets an ICE restart within two
 * seconds, `failed` at once, and again every few seconds until it is back.
 *
 * No React, no socket: signals go out through `send` and come in through `handleSignal`, so a test can wire two
 * sessions together.
 */
export type PeerSignal = SignalContent;

export type MediaKind = 'audio' | 'video';

export type PeerConnectionState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface PeerSessionOptions {
  /** The patient is polite, the doctor impolite. */
  polite: boolean;
  send: (signal: PeerSignal) => void;
  /** The browser's RTCPeerConnection; tests pass a fake. */
  createConnection?: (configuration: RTCConfiguration) => RTCPeerConnection;
  /** The connection state changed, or the remote tracks did. */
  onChange?: () => void;
  /** An offer could not be applied (it came from another connection of the other side): start afresh with it. */
  onForeignOffer?: (description: RTCSessionDescriptionInit) => void;
  /** Timers; tests pass fake ones. */
  timers?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}

/** How long before the polite side restarts ICE itself (the impolite side goes first, after ICE_RESTART_AFTER_MS). */
const POLITE_RESTART_AFTER_MS = 2 * ICE_RESTART_AFTER_MS;
/** An ICE restart that has not brought the connection back is tried again after this long. */
export const ICE_RESTART_RETRY_MS = 5_000;

declare global {
  interface Window {
    /** Test hook (docs/decisions.md "The meeting room (web)"): the current call's connection, for getStats. */
    __rozmovaPeer?: RTCPeerConnection;
  }
}

export class PeerSession {
  readonly pc: RTCPeerConnection;
  /** The other side's audio and video, as one stream for the remote <video>. */
  readonly remoteStream: MediaStream;
  private readonly options: PeerSessionOptions;
  private readonly timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
  private readonly transceivers: Partial<Record<MediaKind, RTCRtpTransceiver>> = {};
  private tracks: Record<MediaKind, MediaStreamTrack | null> = { audio: null, video: null };
  private videoPaused = false;
  private receiveVideo = true;
  private makingOffer = false;
  private ignoreOffer = false;
  private queue: Promise<void> = Promise.resolve();
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** An ICE restart is under way (its retry is scheduled): a `failed` meanwhile waits for that retry. */
  private restarting = false;
  private closed = false;

  constructor(configuration: RTCConfiguration, options: PeerSessionOptions) {
    this.options = options;
    this.timers = options.timers ?? globalThis;
    this.pc = (options.createConnection ?? ((config) => new RTCPeerConnection(config)))(configuration);
    this.remoteStream = new MediaStream();
    const pc = this.pc;
    pc.onnegotiationneeded = () => void this.offer();
    pc.onicecandidate = ({ candidate }) => {
      // The end of candidates is not sent: nothing waits for it.
      if (candidate?.candidate) this.options.send({ candidate: candidateInit(candidate) });
    };
    pc.ontrack = ({ track }) => {
      if (!this.remoteStream.getTracks().includes(track)) this.remoteStream.addTrack(track);
      this.options.onChange?.();
    };
    pc.oniceconnectionstatechange = () => this.watchConnection();
    pc.onconnectionstatechange = () => this.watchConnection();
    if (!options.polite) this.ensureTransceivers(true);
    if (typeof window !== 'undefined') window.__rozmovaPeer = pc;
  }

  /** Chromium and Firefox keep `connectionState`; its ICE part decides when to restart. */
  get state(): PeerConnectionState {
    if (this.closed) return 'closed';
    const ice = this.pc.iceConnectionState;
    if (ice === 'disconnected' || ice === 'failed') return ice;
    const state = this.pc.connectionState;
    if (state) return state;
    return ice === 'connected' || ice === 'completed'
      ? 'connected'
      : ice === 'checking'
        ? 'connecting'
        : ice === 'closed'
          ? 'closed'
          : 'new';
  }

  /** The outgoing tracks: the microphone, and the camera or the shared screen (null sends nothing of that kind). */
  setTracks(tracks: Record<MediaKind, MediaStreamTrack | null>): void {
    this.tracks = { ...tracks };
    this.ensureTransceivers(false);
  }

  /** The audio-only fallback: the outgoing video stops without a new negotiation, the camera preview stays. */
  setVideoPaused(paused: boolean): void {
    this.videoPaused = paused;
    this.ensureTransceivers(false);
  }

  /** Audio only both ways: the video m-line becomes inactive (a new negotiation), so no video is sent or received. */
  setReceiveVideo(receive: boolean): void {
    this.receiveVideo = receive;
    this.ensureTransceivers(false);
  }

  /** A signal from the other side; signals are applied one at a time, in order. */
  handleSignal(signal: PeerSignal): Promise<void> {
    this.queue = this.queue.then(() => this.apply(signal)).catch(() => undefined);
    return this.queue;
  }

  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.timers.clearTimeout(this.restartTimer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    if (typeof window !== 'undefined' && window.__rozmovaPeer === this.pc) delete window.__rozmovaPeer;
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const description = this.pc.localDescription;
      if (description && !this.closed) this.options.send({ description: descriptionInit(description) });
    } catch {
      // A collision rolled the offer back meanwhile; the negotiation that follows covers it.
    } finally {
      this.makingOffer = false;
    }
  }

  private async apply(signal: PeerSignal): Promise<void> {
    if (this.closed) return;
    const pc = this.pc;
    if ('candidate' in signal) {
      if (!signal.candidate) return;
      try {
        await pc.addIceCandidate(signal.candidate);
      } catch (error) {
        // Candidates of an offer this side ignored, or of a connection the other side has since replaced.
        if (!this.ignoreOffer && pc.remoteDescription) throw error;
      }
      return;
    }
    const { description } = signal;
    if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return;
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    try {
      await pc.setRemoteDescription(description);
    } catch (error) {
      if (description.type === 'offer') return this.options.onForeignOffer?.(description);
      throw error;
    }
    if (description.type === 'offer') {
      this.ensureTransceivers(false);
      await pc.setLocalDescription();
      const answer = pc.localDescription;
      if (answer && !this.closed) this.options.send({ description: descriptionInit(answer) });
    }
  }

  /**
   * Gives each kind its transceiver (the impolite side creates them; the polite side takes the offer's), with the
   * direction and the outgoing track the call wants now.
   */
  private ensureTransceivers(create: boolean): void {
    if (this.closed) return;
    for (const kind of ['audio', 'video'] as const) {
      let transceiver = this.transceivers[kind];
      if (!transceiver) {
        const taken = Object.values(this.transceivers);
        transceiver = this.pc.getTransceivers().find((t) => t.receiver.track.kind === kind && !taken.includes(t));
        if (!transceiver && create) transceiver = this.pc.addTransceiver(kind, { direction: 'sendrecv' });
        if (!transceiver) continue;
        this.transceivers[kind] = transceiver;
      }
      const direction: RTCRtpTransceiverDirection = kind === 'video' && !this.receiveVideo ? 'inactive' : 'sendrecv';
      if (transceiver.direction !== direction && transceiver.direction !== 'stopped') transceiver.direction = direction;
      const track = kind === 'video' && (this.videoPaused || !this.receiveVideo) ? null : this.tracks[kind];
      if (transceiver.sender.track !== track) transceiver.sender.replaceTrack(track).catch(() => undefined);
    }
  }

  private watchConnection(): void {
    if (this.closed) return;
    const state = this.state;
    if (state === 'failed' && !this.restarting) this.restartIce();
    else if (state === 'disconnected' && this.restartTimer === undefined) {
      this.restartTimer = this.timers.setTimeout(
        () => this.restartIce(),
        this.options.polite ? POLITE_RESTART_AFTER_MS : ICE_RESTART_AFTER_MS,
      );
    } else if (state === 'connected') {
      this.timers.clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      this.restarting = false;
    }
    this.options.onChange?.();
  }

  /** Restarts ICE now, and again every ICE_RESTART_RETRY_MS while the connection stays down. */
  private restartIce(): void {
    this.timers.clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    if (this.closed || this.state === 'connected') return;
    this.restarting = true;
    this.pc.restartIce();
    this.restartTimer = this.timers.setTimeout(() => this.restartIce(), ICE_RESTART_RETRY_MS);
  }
}

/** Only the fields the signalling schema takes. */
function descriptionInit({ type, sdp }: RTCSessionDescriptionInit): RTCSessionDescriptionInit {
  return { type, sdp };
}

function candidateInit(candidate: RTCIceCandidate) {
  return {
    candidate: candidate.candidate,
    sdpMid: candidate.sdpMid ?? null,
    sdpMLineIndex: candidate.sdpMLineIndex ?? null,
    usernameFragment: candidate.usernameFragment ?? null,
  };
}
