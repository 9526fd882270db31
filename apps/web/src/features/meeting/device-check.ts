import type { DeviceCheck } from '@rozmova/contracts';
import type { LocalMediaState } from './local-media.ts';
import type { NetworkResult } from './network-check.ts';

export type JoinMode = DeviceCheck['mode'];

export interface CheckInput {
  media: Pick<LocalMediaState, 'cameraOn' | 'cameraTrack' | 'cameraProblem' | 'audioTrack' | 'micProblem'>;
  /** The level meter heard something from the microphone. */
  heard: boolean;
  speakerTested: boolean;
  /** Null while the network check runs. */
  network: NetworkResult | null;
  mode: JoinMode;
  browser: string;
}

/** What the device check found, as the doctor sees it while the patient waits (sent with `meeting-join`). */
export function buildDeviceCheck({ media, heard, speakerTested, network, mode, browser }: CheckInput): DeviceCheck {
  const refused = (problem: LocalMediaState['cameraProblem']) => problem === 'denied' || problem === 'insecure';
  const camera: DeviceCheck['camera'] = refused(media.cameraProblem)
    ? 'denied'
    : mode !== 'video' || !media.cameraOn
      ? 'off'
      : media.cameraTrack
        ? 'ok'
        : 'missing';
  const microphone: DeviceCheck['microphone'] = media.audioTrack
    ? heard
      ? 'ok'
      : 'silent'
    : refused(media.micProblem)
      ? 'denied'
      : 'missing';
  return { camera, microphone, speaker: speakerTested ? 'ok' : 'untested', network: network ?? 'untested', mode, browser };
}
