import {
  messagesApi,
  messageSchema,
  messagesDeliveredEventSchema,
  messagesReadEventSchema,
  realtimeEvents,
  TYPING_EXPIRES_MS,
  typingEventSchema,
  type Message,
  type MessagesDeliveredEvent,
  type MessageStatus,
  type TypingEvent,
} from '@rozmova/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, call } from '../api-client.ts';
import { useAuth } from '../auth-store.ts';
import { queryKeys } from '../query-keys.ts';
import { useRealtimeConnection, useRealtimeEvent } from '../use-realtime.ts';
import {
  applyStatus,
  applySync,
  belongsTo,
  catchUp,
  conversationKey,
  fetchOlder,
  hasGap,
  isTypingHere,
  listQuery,
  markReadBody,
  mergeMessages,
  sendBody,
  syncHistory,
  toEntries,
  typingPayload,
  unreadOf,
  type ChatDocument,
  type ChatHistory,
  type ConversationRef,
  type FetchPage,
  type OutgoingMessage,
} from './conversation.ts';
import { outbox } from './outbox.ts';
import { createTypingThrottle } from './typing.ts';
import { useLatest } from '../use-latest.ts';

/** Statuses of messages an event named before the message itself arrived; only the newest are kept. */
const KNOWN_STATUSES_MAX = 500;

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
  const client = useQueryClient();
  const { user } = useAuth();
  const connection = useRealtimeConnection();
  const key = `${user?.id ?? ''}|${conversationKey(ref)}`;
  const queryKey = useMemo(() => queryKeys.messages.conversation(key), [key]);
  // The ref's fields are all in `key`; the latest object is read through this, so callbacks change only with the key.
  const latestRef = useLatest(ref);
  const known = useRef(new Map<string, MessageStatus>());
  // Messages of this conversation that arrived before its first page did: merged into it.
  const early = useRef<{ key: string; messages: Message[] }>({ key, messages: [] });

  const fetchPage = useCallback<FetchPage>(
    async (page) => (await call(messagesApi.list, { query: listQuery(latestRef.current, page) })).messages,
    [latestRef],
  );

  const history = useQuery({
    queryKey,
    enabled: enabled && Boolean(user),
    queryFn: async () => {
      const result = await syncHistory(client.getQueryData<ChatHistory>(queryKey), fetchPage);
      const arrived = early.current.key === key ? early.current.messages : [];
      early.current = { key, messages: [] };
      const current = client.getQueryData<ChatHistory>(queryKey) ?? (arrived.length ? mergeMessages(undefined, arrived) : undefined);
      return applySync(current, result, known.current);
    },
  });

  const addMessages = useCallback(
    (messages: Message[]) => {
      if (!client.getQueryData<ChatHistory>(queryKey)) {
        if (early.current.key !== key) early.current = { key, messages: [] };
        early.current.messages.push(...messages);
        return;
      }
      client.setQueryData<ChatHistory>(queryKey, (data) => data && mergeMessages(data, messages, { known: known.current }));
    },
    [client, key, queryKey],
  );

  const setStatus = useCallback(
    (ids: string[], status: MessageStatus) => {
      for (const id of ids) known.current.set(id, status);
      for (const id of known.current.keys()) {
        if (known.current.size <= KNOWN_STATUSES_MAX) break;
        known.current.delete(id);
      }
      client.setQueryData<ChatHistory>(queryKey, (data) => data && applyStatus(data, ids, status));
    },
    [client, queryKey],
  );

  // Typing of the other side, until TYPING_EXPIRES_MS after its last event or its message.
  const [typing, setTyping] = useState<{ event: TypingEvent; at: number } | null>(null);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_EXPIRES_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  // What goes into the held history is checked against its schema: a tab open across a deploy may hear a newer server.
  useRealtimeEvent(realtimeEvents.chatMessageCreated, (payload) => {
    const message = messageSchema.safeParse(payload).data;
    if (!message || !belongsTo(latestRef.current, message)) return;
    addMessages([message]);
    if (message.message_senderType === typing?.event.senderType) setTyping(null);
  });
  // `chat-message-delivered` and `chat-message-read` carry the same shape.
  const onStatusEvent = (status: MessageStatus, event: MessagesDeliveredEvent | undefined) => {
    const here = latestRef.current;
    if (!event || (event.appointmentId ?? undefined) !== here.appointmentId) return;
    if (here.patientId && event.patientId !== here.patientId) return;
    setStatus(event.ids, status);
  };
  useRealtimeEvent(realtimeEvents.chatMessageDelivered, (payload) =>
    onStatusEvent('Delivered', messagesDeliveredEventSchema.safeParse(payload).data),
  );
  useRealtimeEvent(realtimeEvents.chatMessageRead, (payload) => onStatusEvent('Read', messagesReadEventSchema.safeParse(payload).data));
  useRealtimeEvent(realtimeEvents.chatTyping, (payload) => {
    const event = typingEventSchema.safeParse(payload).data;
    if (event && isTypingHere(latestRef.current, event)) setTyping({ event, at: Date.now() });
  });

  // Typing of this side.
  const throttle = useRef(createTypingThrottle(() => undefined));
  useEffect(() => {
    throttle.current = createTypingThrottle(() => connection?.emit(realtimeEvents.chatTyping, typingPayload(latestRef.current)));
  }, [connection, key, latestRef]);
  const typed = useCallback(() => throttle.current.typed(), []);

  // Sending. The outbox is the tab's (lib/chat/outbox.ts), so every view of this conversation shows the same.
  const pending = useSyncExternalStore(outbox.subscribe, () => outbox.of(key));
  const post = useCallback(
    async (item: Omit<OutgoingMessage, 'state' | 'offline'>) => {
      outbox.sending(key, item);
      try {
        const message = await call(messagesApi.send, {
          body: sendBody(latestRef.current, { ...item, state: 'sending', offline: false }),
        });
        addMessages([message]);
        outbox.stored(key, item.client_message_id);
      } catch (error) {
        // No answer at all (offline) or a server failure: sent again by itself once the connection is back.
        const offline = !(error instanceof ApiError) || error.status === undefined || error.status >= 500;
        outbox.failed(key, item.client_message_id, offline);
      }
    },
    [addMessages, key, latestRef],
  );

  const send = useCallback(
    (text: string, document: ChatDocument | null = null) => {
      throttle.current.reset();
      void post({ client_message_id: crypto.randomUUID(), text, document, at: new Date().toISOString() });
    },
    [post],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const item = outbox.find(key, clientMessageId);
      if (item && item.state === 'failed') void post(item);
    },
    [key, post],
  );

  // Every (re)connect: catch up, then send again what failed for want of a connection, in the order it was written.
  const refetch = history.refetch;
  useEffect(() => {
    if (!connection) return;
    return connection.onConnectionChange((connected) => {
      if (!connected) return;
      void refetch();
      void (async () => {
        for (const item of outbox.of(key).filter((candidate) => candidate.state === 'failed' && candidate.offline)) await post(item);
      })();
    });
  }, [connection, key, post, refetch]);

  // A number skipped: a message stored before the newest held has not arrived (another instance announced it late, or
  // to a connection this one replaced, or not at all). One fill at a time; the next arrival or reconnect tries again.
  const filling = useRef(false);
  const { data: held, isFetching } = history;
  useEffect(() => {
    if (!held || !hasGap(held) || isFetching || filling.current) return;
    filling.current = true;
    void catchUp(held, fetchPage).then(
      (result) => {
        filling.current = false;
        client.setQueryData<ChatHistory>(queryKey, (data) => data && applySync(data, result, known.current));
      },
      () => (filling.current = false),
    );
  }, [client, fetchPage, held, isFetching, queryKey]);

  // Read marks: what arrived while the conversation is in view, and on request (e.g. when it is closed).
  const unreadIds = unreadOf(history.data, ref.viewer).map((message) => message.id);
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

  // Older pages, on request (the list's top reached).
  const [older, setOlder] = useState<{ loading: boolean; failed: boolean }>({ loading: false, failed: false });
  const loadOlder = useCallback(async () => {
    const held = client.getQueryData<ChatHistory>(queryKey);
    if (!held?.hasOlder || older.loading) return;
    setOlder({ loading: true, failed: false });
    try {
      const page = await fetchOlder(held, fetchPage);
      client.setQueryData<ChatHistory>(queryKey, (data) =>
        mergeMessages(data, page.messages, { known: known.current, hasOlder: page.hasOlder }),
      );
      setOlder({ loading: false, failed: false });
    } catch {
      setOlder({ loading: false, failed: true });
    }
  }, [client, fetchPage, older.loading, queryKey]);

  const { viewer, viewerId } = ref;
  const entries = useMemo(() => toEntries(history.data, pending, viewer, viewerId), [history.data, pending, viewer, viewerId]);

  return {
    entries,
    unread: unreadIds.length,
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
    typing: typing && { name: typing.event.user_name, senderType: typing.event.senderType },
    markRead,
  };
}

export type Conversation = ReturnType<typeof useConversation>;
