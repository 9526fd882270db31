import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  clientEventAckSchemas,
  clientEventSchemas,
  parseClientEvent,
  serverEventAckSchemas,
  serverEventSchemas,
  type ClientEventName,
  type ServerEventName,
} from './event-contracts.ts';
import { NOTIFICATION_CREATED_EVENT, realtimeEvents, SESSION_REVOKED_EVENT } from './events.ts';
import { meetingEvents } from './meetings.ts';

type Named =
  | (typeof realtimeEvents)[keyof typeof realtimeEvents]
  | (typeof meetingEvents)[keyof typeof meetingEvents]
  | typeof SESSION_REVOKED_EVENT
  | typeof NOTIFICATION_CREATED_EVENT;
const named: Named[] = [
  ...Object.values(realtimeEvents),
  ...Object.values(meetingEvents),
  SESSION_REVOKED_EVENT,
  NOTIFICATION_CREATED_EVENT,
];

const serverNames = Object.keys(serverEventSchemas);
const clientNames = Object.keys(clientEventSchemas);

describe('the realtime event contracts', () => {
  it('give every named event a schema, at compile time too', () => {
    expectTypeOf<Named>().toExtend<ServerEventName | ClientEventName>();
    for (const name of named) expect([...serverNames, ...clientNames], name).toContain(name);
  });

  it('hold no event without a name constant', () => {
    expectTypeOf<ServerEventName | ClientEventName>().toExtend<Named>();
    for (const name of [...serverNames, ...clientNames]) expect(named).toContain(name);
  });

  it('send each event the way its name says', () => {
    const both = [realtimeEvents.chatTyping, meetingEvents.signal];
    const clientOnly: string[] = [meetingEvents.join, meetingEvents.leave, meetingEvents.state];
    expect(clientNames.sort()).toEqual([...both, ...clientOnly].sort());
    expect(serverNames.sort()).toEqual(named.filter((name) => !clientOnly.includes(name)).sort());
  });

  it('acknowledge only events of their direction', () => {
    for (const name of Object.keys(clientEventAckSchemas)) expect(clientNames).toContain(name);
    for (const name of Object.keys(serverEventAckSchemas)) expect(serverNames).toContain(name);
  });

  it('take a payload of the right shape and refuse another', () => {
    const roomId = '6f1c3c2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
    const takes = (name: ServerEventName, payload: unknown) => serverEventSchemas[name].safeParse(payload).success;
    expect(takes(SESSION_REVOKED_EVENT, {})).toBe(true);
    expect(takes(meetingEvents.signal, { from: 'doctor', candidate: null })).toBe(true);
    expect(takes(meetingEvents.signal, { from: 'doctor' })).toBe(false);
    expect(takes(meetingEvents.waiting, { appointmentId: 'a', roomId })).toBe(true);
    expect(takes(realtimeEvents.chatMessageRead, { patientId: 'p', ids: ['m'] })).toBe(false);
    expect(parseClientEvent(meetingEvents.state, { roomId, state: 'connected' })).toEqual({ roomId, state: 'connected' });
    expect(parseClientEvent(meetingEvents.signal, { roomId, candidate: null, from: 'doctor' })).toBeUndefined();
  });
});
