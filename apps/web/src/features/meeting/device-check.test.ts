import { describe, expect, it } from 'vitest';
import { buildDeviceCheck, type CheckInput } from './device-check.ts';

const track = {} as MediaStreamTrack;
const base: CheckInput = {
  media: { cameraOn: true, cameraTrack: track, cameraProblem: null, audioTrack: track, micProblem: null },
  heard: true,
  speakerTested: true,
  network: 'ok',
  mode: 'video',
  browser: 'Firefox 128 (Linux)',
};

describe('buildDeviceCheck', () => {
  it('is all ok when everything worked', () => {
    expect(buildDeviceCheck(base)).toEqual({
      camera: 'ok',
      microphone: 'ok',
      speaker: 'ok',
      network: 'ok',
      mode: 'video',
      browser: 'Firefox 128 (Linux)',
    });
  });

  it('says what the patient refused or lacks', () => {
    const media = { cameraOn: true, cameraTrack: null, cameraProblem: 'denied' as const, audioTrack: null, micProblem: 'missing' as const };
    expect(buildDeviceCheck({ ...base, media })).toMatchObject({ camera: 'denied', microphone: 'missing' });
  });

  it('tells a silent microphone, an untested speaker and a running network check', () => {
    expect(buildDeviceCheck({ ...base, heard: false, speakerTested: false, network: null })).toMatchObject({
      microphone: 'silent',
      speaker: 'untested',
      network: 'untested',
    });
  });

  it('reports the camera off when joining without it', () => {
    expect(buildDeviceCheck({ ...base, mode: 'camera-off' }).camera).toBe('off');
    expect(buildDeviceCheck({ ...base, mode: 'audio-only' }).camera).toBe('off');
  });
});
