import { realtimeEvents, supportApi } from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { useRealtimeEvent } from '../use-realtime.ts';
import type { ConversationRef } from './conversation.ts';
import { useConversation } from './use-conversation.ts';

const supportConversation: ConversationRef = { recipientType: 'operator', viewer: 'patient' };

/** The signed-in patient's conversation with the operators; read while `active` (open and in view). */
export const useSupportConversation = (active: boolean) => useConversation(supportConversation, { active });

/**
 * What a patient sees of the support team (`GET /v1/support/status`): whether someone is there and who holds its
 * conversation. Read again when an operator's availability or the conversation's holder changes, and after a reconnect.
 */
export function useSupportStatus(userId: string) {
  const status = useQuery({
    queryKey: queryKeys.support.status(userId),
    queryFn: ({ signal }) => call(supportApi.status, { signal }),
  });
  const refetch = () => void status.refetch();
  useRealtimeEvent(realtimeEvents.operatorAvailabilityChanged, refetch, refetch);
  useRealtimeEvent(realtimeEvents.chatConversationUpdated, refetch);
  return status;
}
