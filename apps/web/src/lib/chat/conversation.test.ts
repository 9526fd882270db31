import { MESSAGES_PAGE_MAX, type Message } from '@rozmova/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  applyStatus,
  applySync,
  belongsTo,
  catchUp,
  CATCH_UP_PAGES_MAX,
  fetchOlder,
  hasGap,
  isTypingHere,
  mergeMessages,
  syncHistory,
  toEntries,
  type ConversationRef,
  type FetchPage,
  type OutgoingMessage,
} from './conversation.ts';
import { createTypingThrottle } from './typing.ts';

const support: ConversationRef = { recipientType: 'operator', viewer: 'patient' };
const inbox: ConversationRef = { recipientType: 'patient', viewer: 'operator', patientId: 'p1' };

/** Message n of a support conversation, numbered n, written n seconds after midnight; even ones by the patient. */
function message(n: number, patch: Partial<Message> = {}): Message {
  return {
    id: `m-${String(n).padStart(5, '0')}`,
    message_patientId: 'p1',
    message_operatorId: null,
    message_doctorId: null,
    message_appointmentId: null,
    message_recipientType: n % 2 === 0 ? 'operator' : 'patient',
    message_senderType: n % 2 === 0 ? 'patient' : 'operator',
    message_status: 'Sent',
    message_text: `text ${n}`,
    message_documentId: null,
    message_documentName: null,
    message_senderName: null,
    client_message_id: `c-${n}`,
    message_seq: n,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...patch,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => message(from + index));
const newestFirst = (messages: Message[]) => [...messages].reverse();
const ids = (messages: Message[]) => messages.map((item) => item.id);
/** What is held: these messages (oldest first), everything up to `synced` among them. */
const holding = (messages: Message[], synced = 0, hasOlder = false) => ({ messages: newestFirst(messages), hasOlder, synced });

/** A server holding `all` (oldest first) that answers pages exactly as GET /v1/messages does. */
function serverOf(all: Message[]) {
  const calls: Parameters<FetchPage>[0][] = [];
  const fetchPage: FetchPage = async (page) => {
    calls.push(page);
    if (page.afterSeq !== undefined) return all.filter((item) => item.message_seq > page.afterSeq!).slice(0, page.limit);
    const end = page.lastMessageId ? all.findIndex((item) => item.id === page.lastMessageId) : all.length;
    return newestFirst(all.slice(Math.max(0, end - page.limit), end));
  };
  return { fetchPage, calls };
}

describe('mergeMessages', () => {
  it('keeps each message once, newest first, whatever order copies arrive in', () => {
    const merged = mergeMessages(holding(range(1, 3), 3, true), [message(4), message(2), message(4)]);
    expect(ids(merged.messages)).toEqual(['m-00004', 'm-00003', 'm-00002', 'm-00001']);
    expect(merged.hasOlder).toBe(true);
  });

  it('never moves a status back: a late copy saying Sent leaves a Read message Read', () => {
    const held = holding([message(2, { message_status: 'Read' })]);
    expect(mergeMessages(held, [message(2)]).messages[0]!.message_status).toBe('Read');
    expect(mergeMessages(held, [message(2, { message_text: 'edited' })]).messages[0]!.message_text).toBe('edited');
  });

  it('applies a status an event named before the message itself arrived', () => {
    const merged = mergeMessages(undefined, [message(2)], { known: new Map([['m-00002', 'Delivered']]) });
    expect(merged.messages[0]!.message_status).toBe('Delivered');
  });

  it('orders by number (the order the server stored them in), not by time', () => {
    const merged = mergeMessages(undefined, [
      message(2, { created_at: message(1).created_at }),
      message(1, { created_at: message(3).created_at }),
    ]);
    expect(ids(merged.messages)).toEqual(['m-00002', 'm-00001']);
  });

  it('moves `synced` over the messages that follow on from it; one that skips a number leaves a gap until it is filled', () => {
    const held = mergeMessages(undefined, range(1, 3));
    expect([held.synced, hasGap(held)]).toEqual([3, false]);
    const skipped = mergeMessages(held, [message(5)]);
    expect([skipped.synced, hasGap(skipped)]).toEqual([3, true]);
    const filled = mergeMessages(skipped, [message(4)]);
    expect([filled.synced, hasGap(filled)]).toEqual([5, false]);
  });
});

describe('applyStatus', () => {
  it('moves the named messages forward only, and keeps the same object when nothing changes', () => {
    const held = holding([message(2), message(4, { message_status: 'Read' })]);
    const delivered = applyStatus(held, ['m-00004', 'm-00002', 'unknown'], 'Delivered');
    expect(delivered.messages.map((item) => item.message_status)).toEqual(['Read', 'Delivered']);
    expect(applyStatus(delivered, ['m-00002'], 'Sent')).toBe(delivered);
  });
});

describe('syncHistory and applySync', () => {
  it('loads the newest page first, and says whether older pages remain', async () => {
    const { fetchPage, calls } = serverOf(range(1, 45));
    const result = await syncHistory(undefined, fetchPage);
    expect(calls).toEqual([{ limit: 20 }]);
    const history = applySync(undefined, result);
    expect(history.messages).toHaveLength(20);
    expect(history.messages[0]!.id).toBe('m-00045');
    expect(history.hasOlder).toBe(true);
  });

  it('pages older than the oldest held, until the start', async () => {
    const { fetchPage } = serverOf(range(1, 45));
    let history = applySync(undefined, await syncHistory(undefined, fetchPage));
    for (const expected of [true, false]) {
      const page = await fetchOlder(history, fetchPage);
      history = mergeMessages(history, page.messages, { hasOlder: page.hasOlder });
      expect(history.hasOlder).toBe(expected);
    }
    expect(ids(history.messages)).toEqual(ids(newestFirst(range(1, 45))));
  });

  it('catches up after a reconnect with everything after the last message held in a row, across pages, once each', async () => {
    const all = range(1, 10);
    const server = serverOf(all);
    const held = applySync(undefined, await syncHistory(undefined, server.fetchPage));
    expect(held.synced).toBe(10);
    // 250 messages came while the connection was down; one of them had also arrived live.
    all.push(...range(11, 260));
    const live = mergeMessages(held, [message(11)]);
    server.calls.length = 0;
    const result = await syncHistory(live, server.fetchPage);
    expect(server.calls).toEqual([
      { limit: MESSAGES_PAGE_MAX, afterSeq: 11 },
      { limit: MESSAGES_PAGE_MAX, afterSeq: 111 },
      { limit: MESSAGES_PAGE_MAX, afterSeq: 211 },
      { limit: 20 },
    ]);
    const history = applySync(live, result);
    expect(ids(history.messages)).toEqual(ids(newestFirst(range(1, 260))));
    expect(history.synced).toBe(260);
  });

  it('fills a gap: holding 1–5 and 8, it asks for what follows 5 and shows 6 and 7 before 8', async () => {
    const all = range(1, 8);
    const server = serverOf(all);
    const held = mergeMessages(holding(range(1, 5), 5), [message(8)]);
    expect(hasGap(held)).toBe(true);
    const history = applySync(held, await catchUp(held, server.fetchPage));
    expect(server.calls).toEqual([{ limit: MESSAGES_PAGE_MAX, afterSeq: 5 }]);
    expect(ids(history.messages)).toEqual(ids(newestFirst(all)));
    expect([history.synced, hasGap(history)]).toEqual([8, false]);
  });

  it('a number that was never kept (a message over the send limit) ends the gap after one read', async () => {
    const all = [...range(1, 5), message(7)];
    const server = serverOf(all);
    const held = mergeMessages(holding(range(1, 5), 5), [message(7)]);
    const history = applySync(held, await catchUp(held, server.fetchPage));
    expect(server.calls).toHaveLength(1);
    expect([history.synced, hasGap(history)]).toEqual([7, false]);
  });

  it('a message that arrived during the read, past what it reached, keeps the gap open for the next fill', async () => {
    const server = serverOf(range(1, 7));
    const held = mergeMessages(holding(range(1, 5), 5), [message(7)]);
    const result = await catchUp(held, server.fetchPage);
    // 8 and 9 were stored after the read; 9's event came first.
    const history = applySync(mergeMessages(held, [message(9)]), result);
    expect([history.synced, hasGap(history)]).toEqual([7, true]);
  });

  it('takes the ticks that changed while away from the newest page', async () => {
    const all = range(1, 4);
    const server = serverOf(all);
    const held = applySync(undefined, await syncHistory(undefined, server.fetchPage));
    all[3] = message(4, { message_status: 'Read' });
    const history = applySync(held, await syncHistory(held, server.fetchPage));
    expect(history.messages[0]!.message_status).toBe('Read');
  });

  it('after a very long absence loads the newest page afresh, leaving no gap before it', async () => {
    const all = range(1, 5);
    const server = serverOf(all);
    const held = applySync(undefined, await syncHistory(undefined, server.fetchPage));
    all.push(...range(6, 6 + CATCH_UP_PAGES_MAX * MESSAGES_PAGE_MAX));
    const result = await syncHistory(held, server.fetchPage);
    expect(result.fresh).toBe(true);
    const history = applySync(held, result);
    expect(history.messages).toHaveLength(20);
    expect(history.hasOlder).toBe(true);
    expect(history.messages.some((item) => item.id === 'm-00005')).toBe(false);
  });

  it('keeps a live message that arrived while the first page was on its way', async () => {
    const { fetchPage } = serverOf(range(1, 3));
    const result = await syncHistory(undefined, fetchPage);
    const history = applySync(mergeMessages(undefined, [message(4)]), result);
    expect(ids(history.messages)).toEqual(['m-00004', 'm-00003', 'm-00002', 'm-00001']);
  });
});

describe('toEntries', () => {
  const outgoing = (n: number, state: OutgoingMessage['state']): OutgoingMessage => ({
    client_message_id: `c-${n}`,
    text: `text ${n}`,
    document: null,
    at: message(n).created_at,
    state,
    offline: false,
  });

  it('shows stored messages oldest first, then those being sent or failed, each once', () => {
    const history = holding(range(1, 2), 2);
    const entries = toEntries(history, [outgoing(2, 'sending'), outgoing(4, 'failed')], 'patient');
    expect(entries.map((entry) => [entry.key, entry.status, entry.mine])).toEqual([
      ['c-1', 'Sent', false],
      ['c-2', 'Sent', true],
      ['c-4', 'failed', true],
    ]);
  });

  it("for an operator, only the operator's own messages are mine, not a colleague's", () => {
    const history = {
      messages: [
        message(3, { message_senderType: 'operator', message_operatorId: 'op-2' }),
        message(2, { message_senderType: 'operator', message_operatorId: 'op-1' }),
        message(1, { message_senderType: 'patient', message_operatorId: null }),
      ],
      hasOlder: false,
      synced: 3,
    };
    expect(toEntries(history, [], 'operator', 'op-1').map((entry) => entry.mine)).toEqual([false, true, false]);
  });

  it('names a carried document readably (stored URL-encoded, docs/product.md §5)', () => {
    const history = {
      messages: [message(2, { message_documentId: 'd1', message_documentName: '%D0%94%D0%BE%D0%BA.pdf' })],
      hasOlder: false,
      synced: 0,
    };
    expect(toEntries(history, [], 'patient')[0]!.document).toEqual({ id: 'd1', name: 'Док.pdf' });
  });
});

describe('belongsTo and isTypingHere', () => {
  it('tells the support conversation from a consultation and from another patient', () => {
    expect(belongsTo(support, message(1))).toBe(true);
    expect(belongsTo(support, message(1, { message_doctorId: 'd', message_appointmentId: 'a' }))).toBe(false);
    expect(belongsTo(inbox, message(1))).toBe(true);
    expect(belongsTo(inbox, message(1, { message_patientId: 'p2' }))).toBe(false);
    const room: ConversationRef = { recipientType: 'doctor', viewer: 'patient', appointmentId: 'a' };
    expect(belongsTo(room, message(1, { message_doctorId: 'd', message_appointmentId: 'a' }))).toBe(true);
    expect(belongsTo(room, message(1))).toBe(false);
  });

  it('shows only the other side typing in this conversation', () => {
    const typing = { patientId: 'p1', appointmentId: null, senderType: 'operator', userId: 'o1', user_name: 'Anna' } as const;
    expect(isTypingHere(support, typing)).toBe(true);
    expect(isTypingHere(support, { ...typing, appointmentId: 'a' })).toBe(false);
    expect(isTypingHere(inbox, typing)).toBe(false);
    expect(isTypingHere(inbox, { ...typing, senderType: 'patient' })).toBe(true);
    expect(isTypingHere(inbox, { ...typing, senderType: 'patient', patientId: 'p2' })).toBe(false);
  });
});

describe('createTypingThrottle', () => {
  it('tells at most every 3 s while typing, and at once after a send', () => {
    let now = 0;
    const emit = vi.fn();
    const throttle = createTypingThrottle(emit, () => now);
    for (now = 0; now < 7000; now += 500) throttle.typed();
    expect(emit).toHaveBeenCalledTimes(3);
    throttle.reset();
    throttle.typed();
    expect(emit).toHaveBeenCalledTimes(4);
  });
});
