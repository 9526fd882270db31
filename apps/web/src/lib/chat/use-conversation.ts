import { useMemo } from 'react';
import { useAuth } from '../auth-store.ts';
import { useLatest } from '../use-latest.ts';
import { useRealtimeConnection } from '../use-realtime.ts';
import { conversationKey, toEntries, type ConversationRef } from './conversation.ts';
import { useChatEvents } from './use-chat-events.ts';
import { useChatHistory, useGapFill, useOlderPages } from './use-chat-history.ts';
import { useOwnTyping, useReconnect, useSending } from './use-chat-sending.ts';
import { useReadMarks } from './use-read-marks.ts';

export interface ConversationOptions {
  /** The person sees the conversation now (it is open and the page visible): what arrives is marked read. */
  active: boolean;
  /** Off: nothing is loaded (e.g. no user yet). */
  enabled?: boolean;
}

/**
 * One conversation, live (docs/product.md §3, §4, §9). The history comes newest page first, older pages on request
 * (`lastMessageId`); on every (re)connect of the realtime socket it catches up with what is numbered after the last
 * message held in a row (`afterSeq`), and so does a message whose number skips one (n + 2 after n asks for n + 1).
 * Every arrival is merged by id and shown in number order, so nothing is lost or shown twice. A message is sent with a
 * `client_message_id` made here and shows as sending, then with its ticks (Sent, Delivered, Read, moved on live by
 * `chat-message-delivered` and `chat-message-read`); a failed one stays with a retry that repeats the same id, and is
 * resent by itself when the connection comes back if no answer had come. Typing goes out at most every 3 s and the
 * other side's shows until 6 s after its last. While `active`, what arrives is marked read.
 */
export function useConversation(ref: ConversationRef, { active, enabled = true }: ConversationOptions) {
  const { user } = useAuth();
  const connection = useRealtimeConnection();
  const key = `${user?.id ?? ''}|${conversationKey(ref)}`;
  // The ref's fields are all in `key`; the latest object is read through this, so callbacks change only with the key.
  const latestRef = useLatest(ref);
  const held = useChatHistory(key, latestRef, enabled && Boolean(user));
  const typing = useChatEvents(latestRef, held);
  const { typed, reset } = useOwnTyping(connection, key, latestRef);
  const { pending, post, send, retry } = useSending(key, latestRef, held.addMessages, reset);
  const { history } = held;
  const refetch = history.refetch;
  useReconnect(connection, key, post, refetch);
  useGapFill(held);
  const { unread, markRead } = useReadMarks(held, latestRef, ref.viewer, active);
  const { older, loadOlder } = useOlderPages(held);

  const { viewer, viewerId } = ref;
  const entries = useMemo(() => toEntries(history.data, pending, viewer, viewerId), [history.data, pending, viewer, viewerId]);

  return {
    entries,
    unread,
    /** The first load: pending, failed (with `reload`) or done. */
    loading: history.isPending,
    failed: history.isError && !history.data,
    reload: refetch,
    hasOlder: history.data?.hasOlder ?? false,
    loadingOlder: older.loading,
    olderFailed: older.failed,
    loadOlder,
    send,
    retry,
    typed,
    /** Who of the other side is typing now, or null. */
    typing,
    markRead,
  };
}

export type Conversation = ReturnType<typeof useConversation>;
