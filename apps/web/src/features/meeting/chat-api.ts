import {
  MESSAGES_PAGE_DEFAULT,
  messagePaths,
  realtimeEvents,
  type CreateMessageBody,
  type MeetingRole,
  type Message,
  type MessageList,
  type MessagesReadEvent,
} from '@rozmova/contracts';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';

type Pages = InfiniteData<MessageList, string | undefined>;

export interface ChatEntry {
  /** The client_message_id: the same for a message while it is sent, once it is stored, and when it comes back live. */
  key: string;
  text: string;
  mine: boolean;
  at: string;
  status: 'sending' | 'failed' | Message['message_status'];
}

interface Outgoing {
  key: string;
  text: string;
  at: string;
  state: 'sending' | 'failed' | 'sent';
}

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Message).id === 'string' &&
  typeof (value as Message).message_text === 'string';

/** Adds a message to the newest page of the conversation, once. */
function addToHistory(client: QueryClient, appointmentId: string, message: Message): void {
  client.setQueryData<Pages>(queryKeys.messages.ofAppointment(appointmentId), (data) => {
    if (!data || data.pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ messages: [message, ...(first?.messages ?? [])] }, ...rest] };
  });
}

function markReadInHistory(client: QueryClient, appointmentId: string, read: (message: Message) => boolean): void {
  client.setQueryData<Pages>(
    queryKeys.messages.ofAppointment(appointmentId),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          messages: page.messages.map((message) => (read(message) ? { ...message, message_status: 'Read' as const } : message)),
        })),
      },
  );
}

/**
 * The consultation's patient ↔ doctor conversation in the room: its history (newest page first, older pages on
 * request), new messages live (`chat-message-created` of this consultation), messages marked read while the chat is
 * open, and sending with a client_message_id that a retry repeats, so a message is stored once.
 */
export function useConsultationChat({
  appointmentId,
  patientId,
  role,
  open,
}: {
  appointmentId: string;
  patientId: string;
  role: MeetingRole;
  open: boolean;
}) {
  const client = useQueryClient();
  const [outbox, setOutbox] = useState<Outgoing[]>([]);
  const history = useInfiniteQuery({
    queryKey: queryKeys.messages.ofAppointment(appointmentId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessageList>(messagePaths.messages, {
        query: {
          appointmentId,
          limit: MESSAGES_PAGE_DEFAULT,
          lastMessageId: pageParam,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.messages.length < MESSAGES_PAGE_DEFAULT ? undefined : last.messages.at(-1)?.id),
  });

  useRealtimeEvent(
    realtimeEvents.chatMessageCreated,
    (payload) => {
      if (isMessage(payload) && payload.message_appointmentId === appointmentId) addToHistory(client, appointmentId, payload);
    },
    () => void history.refetch(),
  );
  useRealtimeEvent(realtimeEvents.chatMessageRead, (payload) => {
    const event = payload as MessagesReadEvent;
    if (event?.appointmentId !== appointmentId || !Array.isArray(event.ids)) return;
    markReadInHistory(client, appointmentId, (message) => event.ids.includes(message.id));
  });

  const entries = useMemo(() => {
    const stored = (history.data?.pages ?? []).flatMap((page) => page.messages).reverse();
    const storedKeys = new Set(stored.map((message) => message.client_message_id));
    const fromHistory: ChatEntry[] = stored.map((message) => ({
      key: message.client_message_id,
      text: message.message_text,
      mine: message.message_senderType === role,
      at: message.created_at,
      status: message.message_status,
    }));
    const waiting: ChatEntry[] = outbox
      .filter((item) => !storedKeys.has(item.key))
      .map((item) => ({ key: item.key, text: item.text, mine: true, at: item.at, status: item.state === 'sent' ? 'Sent' : item.state }));
    return [...fromHistory, ...waiting];
  }, [history.data, outbox, role]);

  const unread = entries.filter((entry) => !entry.mine && entry.status !== 'Read').length;

  useEffect(() => {
    if (!open || unread === 0) return;
    apiRequest(messagePaths.markAsRead, { method: 'PATCH', body: { appointmentId } }).then(
      () => markReadInHistory(client, appointmentId, (message) => message.message_senderType !== role),
      () => undefined,
    );
  }, [open, unread, appointmentId, client, role]);

  const post = useCallback(
    (key: string, text: string) => {
      const body: CreateMessageBody = {
        message_text: text,
        message_recipientType: role === 'patient' ? 'doctor' : 'patient',
        message_patientId: role === 'doctor' ? patientId : undefined,
        message_appointmentId: appointmentId,
        client_message_id: key,
      };
      const setState = (state: Outgoing['state']) =>
        setOutbox((items) => items.map((item) => (item.key === key ? { ...item, state } : item)));
      setState('sending');
      apiRequest<Message>(messagePaths.messages, { method: 'POST', body }).then(
        (message) => {
          addToHistory(client, appointmentId, message);
          setState('sent');
        },
        () => setState('failed'),
      );
    },
    [appointmentId, client, patientId, role],
  );

  const send = (text: string) => {
    const key = crypto.randomUUID();
    setOutbox((items) => [...items, { key, text, at: new Date().toISOString(), state: 'sending' }]);
    post(key, text);
  };

  const retry = (key: string) => {
    const item = outbox.find((candidate) => candidate.key === key);
    if (item) post(key, item.text);
  };

  return { history, entries, unread, send, retry };
}
