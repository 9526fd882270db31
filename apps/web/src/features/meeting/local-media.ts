import { mediaProblemOf, type MediaProblem } from './browser.ts';

export interface DeviceOption {
  id: string;
  /** Empty until the person has allowed access (browsers hide device names before). */
  label: string;
}

export interface LocalMediaState {
  /** The first request for the camera and microphone is under way. */
  starting: boolean;
  audioTrack: MediaStreamTrack | null;
  cameraTrack: MediaStreamTrack | null;
  screenTrack: MediaStreamTrack | null;
  micOn: boolean;
  /** The person wants the camera (it may still be missing or refused). */
  cameraOn: boolean;
  micProblem: MediaProblem | null;
  cameraProblem: MediaProblem | null;
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  speakers: DeviceOption[];
  cameraId: string;
  microphoneId: string;
  speakerId: string;
}

const STORAGE_KEY = 'rozmova-meeting-devices';
const video: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24, max: 30 } };
const audio: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/** The devices chosen last time on this browser (ids only: they mean nothing elsewhere). */
function savedChoices(): Pick<LocalMediaState, 'cameraId' | 'microphoneId' | 'speakerId'> {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { cameraId: text(saved.cameraId), microphoneId: text(saved.microphoneId), speakerId: text(saved.speakerId) };
  } catch {
    return { cameraId: '', microphoneId: '', speakerId: '' };
  }
}

/** A saved device is only preferred (it may be gone); one chosen now is required. */
const deviceConstraint = (id: string, exact: boolean) => (id ? { deviceId: exact ? { exact: id } : { ideal: id } } : {});

/**
 * The person's own camera, microphone and speaker, and a shared screen, for the device check and the call. Each
 * device is asked for on its own after a combined request fails, so a refused camera does not cost the microphone.
 * The outgoing video is the shared screen while there is one, else the camera.
 */
export class LocalMedia {
  private state: LocalMediaState;
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  private readonly onDeviceChange = () => void this.enumerate();

  constructor(options: { cameraOn: boolean }) {
    this.state = {
      starting: true,
      audioTrack: null,
      cameraTrack: null,
      screenTrack: null,
      micOn: true,
      cameraOn: options.cameraOn,
      micProblem: null,
      cameraProblem: null,
      cameras: [],
      microphones: [],
      speakers: [],
      ...savedChoices(),
    };
  }

  getState = (): LocalMediaState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The tracks the call sends. */
  outgoing(): { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } {
    return { audio: this.state.audioTrack, video: this.state.screenTrack ?? this.state.cameraTrack };
  }

  async start(): Promise<void> {
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) {
      this.set({ starting: false, micProblem: 'insecure', cameraProblem: 'insecure' });
      return;
    }
    devices.addEventListener?.('devicechange', this.onDeviceChange);
    const { cameraOn, cameraId, microphoneId } = this.state;
    try {
      const stream = await devices.getUserMedia({
        audio: { ...audio, ...deviceConstraint(microphoneId, false) },
        video: cameraOn ? { ...video, ...deviceConstraint(cameraId, false) } : false,
      });
      this.takeTrack('audio', stream.getAudioTracks()[0] ?? null);
      if (cameraOn) this.takeTrack('video', stream.getVideoTracks()[0] ?? null);
    } catch {
      await Promise.all([this.acquire('audio', microphoneId, false), cameraOn ? this.acquire('video', cameraId, false) : undefined]);
    }
    this.set({ starting: false });
    await this.enumerate();
  }

  /** After the person allowed access in the browser's settings, or plugged a device in. */
  async retry(): Promise<void> {
    const { audioTrack, cameraTrack, cameraOn, microphoneId, cameraId } = this.state;
    await Promise.all([
      audioTrack ? undefined : this.acquire('audio', microphoneId, false),
      cameraOn && !cameraTrack ? this.acquire('video', cameraId, false) : undefined,
    ]);
    await this.enumerate();
  }

  setMicOn(on: boolean): void {
    if (this.state.audioTrack) this.state.audioTrack.enabled = on;
    this.set({ micOn: on });
  }

  /** Off stops the camera (its light goes out); on asks for it again. */
  async setCameraOn(on: boolean): Promise<void> {
    this.set({ cameraOn: on });
    if (!on) {
      this.state.cameraTrack?.stop();
      this.set({ cameraTrack: null });
    } else if (!this.state.cameraTrack) {
      await this.acquire('video', this.state.cameraId, false);
    }
  }

  async chooseCamera(id: string): Promise<void> {
    this.save({ cameraId: id });
    if (this.state.cameraOn) await this.acquire('video', id, true);
  }

  async chooseMicrophone(id: string): Promise<void> {
    this.save({ microphoneId: id });
    await this.acquire('audio', id, true);
  }

  chooseSpeaker(id: string): void {
    this.save({ speakerId: id });
  }

  /** Shares a screen or window instead of the camera; stopping it (here or in the browser's bar) returns to the camera. */
  async shareScreen(): Promise<void> {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    const track = stream.getVideoTracks()[0];
    if (!track || this.disposed) return track?.stop();
    track.addEventListener('ended', () => {
      if (this.state.screenTrack === track) this.set({ screenTrack: null });
    });
    this.set({ screenTrack: track });
  }

  stopSharing(): void {
    this.state.screenTrack?.stop();
    this.set({ screenTrack: null });
  }

  dispose(): void {
    this.disposed = true;
    navigator.mediaDevices?.removeEventListener?.('devicechange', this.onDeviceChange);
    for (const track of [this.state.audioTrack, this.state.cameraTrack, this.state.screenTrack]) track?.stop();
    this.listeners.clear();
  }

  private async acquire(kind: 'audio' | 'video', id: string, exact: boolean): Promise<void> {
    try {
      const constraints = { ...(kind === 'audio' ? audio : video), ...deviceConstraint(id, exact) };
      const stream = await navigator.mediaDevices.getUserMedia(kind === 'audio' ? { audio: constraints } : { video: constraints });
      this.takeTrack(kind, stream.getTracks()[0] ?? null);
    } catch (error) {
      this.set(kind === 'audio' ? { micProblem: mediaProblemOf(error) } : { cameraProblem: mediaProblemOf(error) });
    }
  }

  /** Replaces the track of a kind (stopping the old one) and remembers which device it is. */
  private takeTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): void {
    if (this.disposed || (kind === 'video' && !this.state.cameraOn)) return track?.stop();
    const old = kind === 'audio' ? this.state.audioTrack : this.state.cameraTrack;
    if (old && old !== track) old.stop();
    if (!track) return;
    track.addEventListener('ended', () => {
      // Unplugged or taken by the system: say so, unless it was replaced on purpose.
      if (kind === 'audio' && this.state.audioTrack === track) this.set({ audioTrack: null, micProblem: 'missing' });
      if (kind === 'video' && this.state.cameraTrack === track) this.set({ cameraTrack: null, cameraProblem: 'missing' });
    });
    const deviceId = track.getSettings?.().deviceId ?? '';
    if (kind === 'audio') {
      track.enabled = this.state.micOn;
      this.set({ audioTrack: track, micProblem: null, microphoneId: deviceId || this.state.microphoneId });
    } else {
      this.set({ cameraTrack: track, cameraProblem: null, cameraId: deviceId || this.state.cameraId });
    }
  }

  private async enumerate(): Promise<void> {
    const list = await navigator.mediaDevices?.enumerateDevices?.().catch(() => []);
    if (!list || this.disposed) return;
    const of = (kind: MediaDeviceKind) =>
      list.filter((device) => device.kind === kind && device.deviceId).map((device) => ({ id: device.deviceId, label: device.label }));
    this.set({ cameras: of('videoinput'), microphones: of('audioinput'), speakers: of('audiooutput') });
  }

  private save(choice: Partial<Pick<LocalMediaState, 'cameraId' | 'microphoneId' | 'speakerId'>>): void {
    this.set(choice);
    const { cameraId, microphoneId, speakerId } = this.state;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ cameraId, microphoneId, speakerId }));
    } catch {
      // Private mode may refuse storage; the choice still holds for this visit.
    }
  }

  private set(patch: Partial<LocalMediaState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
