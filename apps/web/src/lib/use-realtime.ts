import type { ServerEventName, ServerEventPayload } from '@rozmova/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { currentRealtime, subscribeRealtime, type RealtimeConnection } from './realtime-connection.ts';
import { useLatest } from './use-latest.ts';

/** The tab's signed-in realtime connection (null until app/realtime.tsx has opened it, and after logout). */
export function useRealtimeConnection(): RealtimeConnection | null {
  return useSyncExternalStore(subscribeRealtime, currentRealtime, () => null);
}

/**
 * Calls `handler` for each `event` on the current connection, with the payload the contracts declare for it, and
 * `onReconnect` after each reconnect (events sent meanwhile were missed). The handlers may change between renders
 * without subscribing again.
 */
export function useRealtimeEvent<N extends ServerEventName>(
  event: N,
  handler: (payload: ServerEventPayload<N>) => void,
  onReconnect?: () => void,
): void {
  const connection = useRealtimeConnection();
  const latest = useLatest({ handler, onReconnect });
  useEffect(() => {
    if (!connection) return;
    const stops = [
      connection.on(event, (payload) => latest.current.handler(payload)),
      connection.onReconnect(() => latest.current.onReconnect?.()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [connection, event, latest]);
}
