import { conversationStateSchema, operatorSchema, realtimeEvents } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeConnection, useRealtimeEvent } from '../../lib/use-realtime.ts';
import { applyConversationState, putOperator } from './api.ts';

/** Events that come in bursts are folded into one refetch of the inbox this soon after the first. */
const INBOX_REFRESH_DELAY_MS = 150;

/**
 * Keeps the operators' inbox live: a support message, a read mark or a conversation taken, passed, closed or reopened
 * refetches the inbox (folded when they come in bursts, so a busy hour never refetches in a loop), an operator's
 * availability lands in the operators' list, and on every connect everything of the support desk is read again,
 * since events were missed before it.
 */
export function useLiveInbox(): void {
  const client = useQueryClient();
  const refreshInbox = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      timer = undefined;
      void client.invalidateQueries({ queryKey: queryKeys.support.inboxes });
    };
    return Object.assign(() => void (timer ??= setTimeout(run, INBOX_REFRESH_DELAY_MS)), {
      cancel: () => clearTimeout(timer),
    });
  }, [client]);
  useEffect(() => refreshInbox.cancel, [refreshInbox]);
  const refreshAll = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.support.all });
    void client.invalidateQueries({ queryKey: queryKeys.patients.all });
  }, [client]);

  // Every connect, the first one included: what happened before it (since the page's first reads) was not heard.
  const connection = useRealtimeConnection();
  useEffect(() => connection?.onConnectionChange((connected) => connected && refreshAll()), [connection, refreshAll]);
  useRealtimeEvent(realtimeEvents.chatMessageCreated, (message) => {
    if (!message.message_appointmentId) refreshInbox();
  });
  useRealtimeEvent(realtimeEvents.chatMessageRead, refreshInbox);
  // What goes into the cached lists is checked against its schema: a tab open across a deploy may hear a newer server.
  useRealtimeEvent(realtimeEvents.chatConversationUpdated, (payload) => {
    refreshInbox();
    const state = conversationStateSchema.safeParse(payload).data;
    if (!state) return;
    applyConversationState(client, state);
    void client.invalidateQueries({ queryKey: queryKeys.support.events(state.patientId) });
  });
  useRealtimeEvent(realtimeEvents.operatorAvailabilityChanged, (payload) => {
    const operator = operatorSchema.safeParse(payload).data;
    if (operator) putOperator(client, operator);
  });
}
