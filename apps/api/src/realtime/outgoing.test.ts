import { meetingEvents, realtimeEvents, SESSION_REVOKED_EVENT, type ServerEventPayload } from '@rozmova/contracts';
import { afterEach, describe, expect, test } from 'vitest';
import { sampleReadEvent } from '../test/event-samples.ts';
import { ackReply, contractBreaches, emitEvent } from './outgoing.ts';

const sent: unknown[][] = [];
const to = { emit: (...args: unknown[]) => sent.push(args) };

/** A payload the types would refuse, as a sender with a wrong cast would send it. */
const wrong = <T>(value: unknown) => value as T;

afterEach(() => {
  sent.length = 0;
  // The breaches these tests make on purpose.
  contractBreaches.length = 0;
});

describe('under test, what the server sends is held to the contracts', () => {
  test('a payload of its event’s schema is sent', () => {
    emitEvent(to, realtimeEvents.chatMessageRead, sampleReadEvent('m1'));
    emitEvent(to, SESSION_REVOKED_EVENT, {});
    emitEvent(to, meetingEvents.waiting, { appointmentId: 'a1', roomId: 'r1' });
    expect(sent).toEqual([
      [realtimeEvents.chatMessageRead, sampleReadEvent('m1')],
      [SESSION_REVOKED_EVENT, {}],
      [meetingEvents.waiting, { appointmentId: 'a1', roomId: 'r1' }],
    ]);
    expect(contractBreaches).toEqual([]);
  });

  test('one of another shape throws, is not sent, and is recorded for the test it happened in', () => {
    const payload = wrong<ServerEventPayload<'chat-message-read'>>({ patientId: 'p1', ids: 'm1' });
    expect(() => emitEvent(to, realtimeEvents.chatMessageRead, payload)).toThrow("'chat-message-read' breaks its contract");
    expect(sent).toEqual([]);
    expect(contractBreaches).toHaveLength(1);
  });

  test('so does one with a field its schema does not declare', () => {
    const payload = { ...sampleReadEvent('m1'), senderUserId: 'u1' };
    expect(() => emitEvent(to, realtimeEvents.chatMessageRead, payload)).toThrow('fields its schema does not declare');
    expect(() => emitEvent(to, SESSION_REVOKED_EVENT, wrong<Record<string, never>>({ reason: 'logout' }))).toThrow();
  });

  test('an acknowledgement is checked too, and only answered when the client asked for one', () => {
    const answers: unknown[] = [];
    ackReply(realtimeEvents.chatTyping, (answer: unknown) => answers.push(answer))(true);
    ackReply(realtimeEvents.chatTyping, undefined)(true);
    expect(answers).toEqual([true]);
    const reply = ackReply(meetingEvents.join, (answer: unknown) => answers.push(answer));
    expect(() => reply(wrong({ ok: false, code: 'NOPE' }))).toThrow("the acknowledgement of 'meeting-join' breaks its contract");
    expect(answers).toEqual([true]);
  });
});
