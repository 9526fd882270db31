import { messagesApi, type MessageSenderType } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type RefObject } from 'react';
import { call } from '../api-client.ts';
import { applyStatus, markReadBody, unreadOf, type ChatHistory, type ConversationRef } from './conversation.ts';
import type { HeldHistory } from './use-chat-history.ts';

/** Read marks: what arrived while the conversation is in view (`active`), and on request (e.g. when it is closed). */
export function useReadMarks(
  { queryKey, history }: HeldHistory,
  latestRef: RefObject<ConversationRef>,
  viewer: MessageSenderType,
  active: boolean,
) {
  const client = useQueryClient();
  const unreadIds = unreadOf(history.data, viewer).map((message) => message.id);
  const unreadKey = unreadIds.join(',');
  const markRead = useCallback(async () => {
    const ids = unreadOf(client.getQueryData<ChatHistory>(queryKey), latestRef.current.viewer).map((message) => message.id);
    if (ids.length === 0) return;
    try {
      await call(messagesApi.markRead, { body: markReadBody(latestRef.current) });
      client.setQueryData<ChatHistory>(queryKey, (data) => data && applyStatus(data, ids, 'Read'));
    } catch {
      // Marked on the next arrival or opening.
    }
  }, [client, queryKey, latestRef]);
  useEffect(() => {
    if (active && unreadKey) void markRead();
  }, [active, unreadKey, markRead]);
  return { unread: unreadIds.length, markRead };
}
