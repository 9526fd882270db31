import type { DeviceCheck } from '@rozmova/contracts';
import { useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useRealtimeConnection } from '../../lib/use-realtime.ts';
import { fetchIceServers } from './api.ts';
import { initialAudioOnly, nextAudioOnly } from './audio-only.ts';
import { Call, idleCall, type CallSnapshot } from './call.ts';
import { sendingRoomKbps, type CallQuality } from './call-quality.ts';

/** How often the quality is read (the indicator is never older than this). */
const QUALITY_EVERY_MS = 1_000;

/**
 * The call of this visit: created once, on the tab's realtime connection (and on the next one after the session's
 * token changed). Unmounting leaves the room.
 */
export function useCall(roomId: string, deviceCheck: DeviceCheck, relayOnly: boolean): Call | null {
  const connection = useRealtimeConnection();
  const check = useRef(deviceCheck);
  const [call, setCall] = useState<Call | null>(null);
  useEffect(() => {
    const created = new Call({ roomId, deviceCheck: check.current, relayOnly, iceServers: () => fetchIceServers(roomId) });
    setCall(created);
    return () => created.dispose();
  }, [roomId, relayOnly]);
  useEffect(() => call?.attach(connection), [call, connection]);
  return call;
}

const noop = () => () => undefined;

export function useCallSnapshot(call: Call | null): CallSnapshot {
  return useSyncExternalStore(call?.subscribe ?? noop, call?.getSnapshot ?? (() => idleCall));
}

/** The connection's quality, read once a second while connected. */
export function useCallQuality(call: Call | null, connected: boolean): CallQuality | null {
  const [quality, setQuality] = useState<CallQuality | null>(null);
  useEffect(() => {
    if (!call || !connected) return;
    let stopped = false;
    const timer = setInterval(() => {
      call.readQuality().then(
        (next) => !stopped && setQuality(next),
        () => undefined,
      );
    }, QUALITY_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      setQuality(null);
    };
  }, [call, connected]);
  return quality;
}

/** The audio-only fallback fed with each quality reading; an interruption of the connection starts its spans again. */
export function useAudioOnlyFallback(quality: CallQuality | null, sendingCamera: boolean, connected: boolean) {
  const [state, dispatch] = useReducer(nextAudioOnly, initialAudioOnly);
  // Each reading is fed once; whether the camera is sent is read with it.
  const camera = useRef(sendingCamera);
  useEffect(() => {
    camera.current = sendingCamera;
  });
  useEffect(() => {
    if (!quality) return;
    dispatch({ type: 'sample', at: Date.now(), lossPercent: quality.lossPercent, sendKbps: sendingRoomKbps(quality, camera.current) });
  }, [quality]);
  useEffect(() => {
    if (!connected) dispatch({ type: 'interrupted' });
  }, [connected]);
  return [state, dispatch] as const;
}
