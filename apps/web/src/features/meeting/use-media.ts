import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createLevelMeter } from './audio.ts';
import { LocalMedia, type LocalMediaState } from './local-media.ts';

/** The person's camera and microphone for the whole visit to the room (the device check and the call share them). */
export function useLocalMedia(cameraOn: boolean): LocalMedia | null {
  // Created once per visit; the camera is switched later through the object itself.
  const startWithCamera = useRef(cameraOn);
  const [media, setMedia] = useState<LocalMedia | null>(null);
  useEffect(() => {
    const created = new LocalMedia({ cameraOn: startWithCamera.current });
    setMedia(created);
    void created.start();
    return () => created.dispose();
  }, []);
  return media;
}

const idle: LocalMediaState = {
  starting: true,
  audioTrack: null,
  cameraTrack: null,
  screenTrack: null,
  micOn: true,
  cameraOn: true,
  micProblem: null,
  cameraProblem: null,
  cameras: [],
  microphones: [],
  speakers: [],
  cameraId: '',
  microphoneId: '',
  speakerId: '',
};
const noop = () => () => undefined;

export function useLocalMediaState(media: LocalMedia | null): LocalMediaState {
  return useSyncExternalStore(media?.subscribe ?? noop, media?.getState ?? (() => idle));
}

/** A level above this (of 1) counts as the microphone hearing something. */
const HEARD_LEVEL = 0.08;

/** The microphone's level ten times a second, and whether it has heard anything yet (for the device check). */
export function useMicLevel(track: MediaStreamTrack | null): { level: number; heard: boolean } {
  const [level, setLevel] = useState(0);
  const [heardTrack, setHeardTrack] = useState<MediaStreamTrack | null>(null);
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') return;
    const meter = createLevelMeter(track);
    const timer = setInterval(() => {
      const value = track.enabled ? meter.read() : 0;
      setLevel(value);
      if (value > HEARD_LEVEL) setHeardTrack(track);
    }, 100);
    return () => {
      clearInterval(timer);
      meter.close();
      setLevel(0);
    };
  }, [track]);
  return { level, heard: track !== null && heardTrack === track };
}
