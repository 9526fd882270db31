import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { realtimeEvents, type CreateMessageBody, type Message } from '@rozmova/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../auth-store.ts';
import { writeAuthToken } from '../auth-token.ts';
import { setCurrentRealtime, type RealtimeConnection } from '../realtime-connection.ts';
import type { ConversationRef } from './conversation.ts';
import { useConversation } from './use-conversation.ts';

const support: ConversationRef = { recipientType: 'operator', viewer: 'patient' };

/**
 * The messages API in memory, answering `fetch` as the server would: pages newest first, `afterSeq` oldest first, a
 * resend with the same client_message_id answering the first message. `offline` makes every call fail
 * without an answer, as a dropped network does.
 */
function fakeApi() {
  const stored: Message[] = [];
  const requests: { method: string; url: URL; body?: unknown }[] = [];
  // A user of its own per test: the tab's outbox is kept per user.
  const userId = crypto.randomUUID();
  let offline = false;
  let sequence = 0;
  const make = (text: string, sender: 'patient' | 'operator', clientId: string): Message => {
    sequence++;
    return {
      id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
      message_patientId: 'p1',
      message_operatorId: sender === 'operator' ? 'o1' : null,
      message_doctorId: null,
      message_appointmentId: null,
      message_recipientType: sender === 'patient' ? 'operator' : 'patient',
      message_senderType: sender,
      message_status: 'Sent',
      message_text: text,
      message_documentId: null,
      message_documentName: null,
      message_senderName: sender === 'operator' ? 'Anna' : null,
      client_message_id: clientId,
      message_seq: sequence,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, sequence)).toISOString(),
    };
  };
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (offline) throw new TypeError('Failed to fetch');
    requests.push({ method, url, body });
    if (url.pathname === '/v1/auth/profile') return json({ id: userId, user_role: 'patient', user_name: 'Olena' });
    if (url.pathname === '/v1/messages/mark-messages-as-read') {
      let updated = 0;
      for (const item of stored) {
        if (item.message_senderType !== 'patient' && item.message_status !== 'Read') {
          item.message_status = 'Read';
          updated++;
        }
      }
      return json({ updated });
    }
    if (method === 'POST') {
      const sent = body as CreateMessageBody;
      const first = stored.find((item) => item.client_message_id === sent.client_message_id);
      if (first) return json(first);
      const message = make(sent.message_text, 'patient', sent.client_message_id);
      stored.push(message);
      return json(message);
    }
    const limit = Number(url.searchParams.get('limit'));
    const after = url.searchParams.get('afterSeq');
    const before = url.searchParams.get('lastMessageId');
    if (after !== null) return json({ messages: stored.filter((item) => item.message_seq > Number(after)).slice(0, limit) });
    const end = before ? stored.findIndex((item) => item.id === before) : stored.length;
    return json({ messages: stored.slice(Math.max(0, end - limit), end).reverse() });
  });
  return {
    stored,
    requests,
    fetch,
    setOffline: (value: boolean) => void (offline = value),
    /** A message of the operator, stored as the server would. */
    operatorWrites: (text: string) => {
      const message = make(text, 'operator', crypto.randomUUID());
      stored.push(message);
      return { ...message };
    },
  };
}

/** A realtime connection the test drives: it delivers events and says when it (re)connects. */
function fakeConnection() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const changes = new Set<(connected: boolean) => void>();
  const emitted: { event: string; payload: unknown }[] = [];
  const connection: RealtimeConnection = {
    token: 't',
    connected: true,
    on(event, handler) {
      // What `deliver` sends stands for the wire, untyped.
      const heard = handler as (payload: unknown) => void;
      const set = handlers.get(event) ?? new Set();
      set.add(heard);
      handlers.set(event, set);
      return () => void set.delete(heard);
    },
    onReconnect: () => () => undefined,
    onConnectionChange(handler) {
      changes.add(handler);
      return () => void changes.delete(handler);
    },
    emit: (event, payload) => void emitted.push({ event, payload }),
    emitWithAck: () => Promise.reject(new Error('not used')),
    close: () => undefined,
  };
  return {
    connection,
    emitted,
    deliver: (event: string, payload: unknown) => act(() => handlers.get(event)?.forEach((handler) => handler(payload))),
    reconnect: () => act(() => changes.forEach((handler) => handler(true))),
  };
}

let api: ReturnType<typeof fakeApi>;
let socket: ReturnType<typeof fakeConnection>;

beforeEach(async () => {
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetch);
  writeAuthToken('t');
  await authStore.loadProfile();
  socket = fakeConnection();
  setCurrentRealtime(socket.connection);
});

afterEach(() => {
  cleanup();
  setCurrentRealtime(null);
  authStore.forgetSession();
  vi.unstubAllGlobals();
});

function renderConversation(active = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ open }) => useConversation(support, { active: open }), { wrapper, initialProps: { open: active } });
}

const texts = (result: { current: ReturnType<typeof useConversation> }) => result.current.entries.map((entry) => entry.text);

describe('useConversation', () => {
  it('shows a message once when its event, its POST answer and a catch-up all bring it', async () => {
    api.operatorWrites('Hello, how can we help?');
    const { result } = renderConversation();
    await waitFor(() => expect(texts(result)).toEqual(['Hello, how can we help?']));

    await act(async () => result.current.send('I need a certificate'));
    const mine = api.stored.at(-1)!;
    socket.deliver(realtimeEvents.chatMessageCreated, mine);
    socket.deliver(realtimeEvents.chatMessageCreated, mine);
    await socket.reconnect();
    await waitFor(() => expect(api.requests.some((request) => request.url.searchParams.has('afterSeq'))).toBe(true));
    await waitFor(() => expect(texts(result)).toEqual(['Hello, how can we help?', 'I need a certificate']));
    expect(result.current.entries.at(-1)).toMatchObject({ mine: true, status: 'Sent', key: mine.client_message_id });
  });

  it('keeps a failed send with a retry that repeats the same client_message_id, and stores it once', async () => {
    const { result } = renderConversation();
    await waitFor(() => expect(result.current.loading).toBe(false));
    api.setOffline(true);
    await act(async () => result.current.send('Are you there?'));
    await waitFor(() => expect(result.current.entries.map((entry) => entry.status)).toEqual(['failed']));
    const key = result.current.entries[0]!.key;

    api.setOffline(false);
    await act(async () => result.current.retry(key));
    await waitFor(() => expect(result.current.entries.map((entry) => entry.status)).toEqual(['Sent']));
    await act(async () => result.current.retry(key));
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => (request.body as CreateMessageBody).client_message_id)).toEqual([key]);
    expect(api.stored).toHaveLength(1);
    expect(result.current.entries[0]!.key).toBe(key);
  });

  it('on a reconnect fetches what came meanwhile and sends again what failed offline, in order', async () => {
    api.operatorWrites('First');
    const { result } = renderConversation();
    await waitFor(() => expect(texts(result)).toEqual(['First']));
    api.setOffline(true);
    await act(async () => result.current.send('one'));
    await act(async () => result.current.send('two'));
    await waitFor(() => expect(result.current.entries.filter((entry) => entry.status === 'failed')).toHaveLength(2));
    api.operatorWrites('Missed while away');

    api.setOffline(false);
    await socket.reconnect();
    await waitFor(() => expect(texts(result)).toEqual(['First', 'Missed while away', 'one', 'two']));
    const after = api.requests.find((request) => request.url.searchParams.has('afterSeq'))!;
    expect(after.url.searchParams.get('afterSeq')).toBe(String(api.stored[0]!.message_seq));
    expect(result.current.entries.map((entry) => entry.status)).toEqual(['Sent', 'Sent', 'Sent', 'Sent']);
  });

  it('fills a gap: receiving n + 2 after n, it asks for what follows n and shows n + 1 before n + 2, each once', async () => {
    api.operatorWrites('One');
    const { result } = renderConversation();
    await waitFor(() => expect(texts(result)).toEqual(['One']));
    // Two replies are stored; only the second one's event reaches this tab (the first was announced elsewhere).
    api.operatorWrites('Two');
    const three = api.operatorWrites('Three');
    api.requests.length = 0;
    socket.deliver(realtimeEvents.chatMessageCreated, three);
    await waitFor(() => expect(texts(result)).toEqual(['One', 'Two', 'Three']));
    const reads = api.requests.filter((request) => request.method === 'GET');
    expect(reads.map((request) => request.url.searchParams.get('afterSeq'))).toEqual(['1']);
    // The late event of the filled message changes nothing, and no further read is made.
    socket.deliver(realtimeEvents.chatMessageCreated, api.stored[1]);
    expect(texts(result)).toEqual(['One', 'Two', 'Three']);
    expect(api.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
  });

  it('moves ticks on with delivered and read events, also one that came before its message', async () => {
    const { result } = renderConversation();
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(async () => result.current.send('Hi'));
    const mine = api.stored[0]!;
    const statuses = () => result.current.entries.map((entry) => entry.status);
    socket.deliver(realtimeEvents.chatMessageDelivered, { patientId: 'p1', appointmentId: null, ids: [mine.id] });
    await waitFor(() => expect(statuses()).toEqual(['Delivered']));
    socket.deliver(realtimeEvents.chatMessageRead, { patientId: 'p1', appointmentId: 'another', ids: [mine.id] });
    socket.deliver(realtimeEvents.chatMessageRead, { patientId: 'p1', appointmentId: null, ids: [mine.id] });
    await waitFor(() => expect(statuses()).toEqual(['Read']));

    const early = api.operatorWrites('Read before it arrived?');
    socket.deliver(realtimeEvents.chatMessageDelivered, { patientId: 'p1', appointmentId: null, ids: [early.id] });
    socket.deliver(realtimeEvents.chatMessageCreated, early);
    await waitFor(() => expect(statuses()).toEqual(['Read', 'Delivered']));
  });

  it('marks read what arrives while open, not while closed', async () => {
    const { result, rerender } = renderConversation(false);
    await waitFor(() => expect(result.current.loading).toBe(false));
    socket.deliver(realtimeEvents.chatMessageCreated, api.operatorWrites('Are you still there?'));
    await waitFor(() => expect(result.current.unread).toBe(1));
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);

    rerender({ open: true });
    await waitFor(() => expect(result.current.unread).toBe(0));
    expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the other side typing until 6 s after its last event or its message, and tells its own at most every 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const { result } = renderConversation();
      const typing = { patientId: 'p1', appointmentId: null, senderType: 'operator', userId: 'o1', user_name: 'Anna' };
      socket.deliver(realtimeEvents.chatTyping, typing);
      expect(result.current.typing).toEqual({ name: 'Anna', senderType: 'operator' });
      act(() => vi.advanceTimersByTime(5000));
      socket.deliver(realtimeEvents.chatTyping, typing);
      act(() => vi.advanceTimersByTime(5000));
      expect(result.current.typing).not.toBeNull();
      act(() => vi.advanceTimersByTime(1000));
      expect(result.current.typing).toBeNull();

      for (let index = 0; index < 10; index++) {
        act(() => result.current.typed());
        act(() => vi.advanceTimersByTime(500));
      }
      expect(socket.emitted).toEqual([
        { event: realtimeEvents.chatTyping, payload: { recipientType: 'operator' } },
        { event: realtimeEvents.chatTyping, payload: { recipientType: 'operator' } },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
