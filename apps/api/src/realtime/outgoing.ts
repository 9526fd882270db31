import { isDeepStrictEqual } from 'node:util';
import {
  clientEventAckSchemas,
  serverEventSchemas,
  type AckedClientEventName,
  type ClientEventAck,
  type ServerEventName,
  type ServerEventPayload,
} from '@rozmova/contracts';
import type { z } from 'zod';

/** Under test (vitest sets VITEST) everything the server sends is checked against its contract. */
const checking = Boolean(process.env.VITEST);

/**
 * The contract breaches found under test, also those whose error a sender swallowed (background work, jobs):
 * test/realtime-contract.ts fails the test during which one happened.
 */
export const contractBreaches: string[] = [];

/** As Socket.IO serialises it: JSON, so `undefined` fields are not sent. */
const asSent = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Throws unless the schema takes the payload as it is: nothing undeclared, which a schema would just strip. */
function check(schema: z.ZodType, what: string, payload: unknown): void {
  const sent = asSent(payload);
  const parsed = schema.safeParse(sent);
  if (parsed.success && isDeepStrictEqual(asSent(parsed.data), sent)) return;
  const why = parsed.success ? 'fields its schema does not declare' : parsed.error.message;
  const breach = `${what} breaks its contract: ${why}\n${JSON.stringify(sent)}`;
  contractBreaches.push(breach);
  throw new Error(breach);
}

/** One declared event with its payload, as a value (e.g. handed to another module to send). */
export type OutgoingEvent = { [N in ServerEventName]: { name: N; payload: ServerEventPayload<N> } }[ServerEventName];

/** Anything Socket.IO sends through: a socket, a remote socket, a room. */
interface Emitter {
  emit(event: string, ...args: unknown[]): unknown;
}

/** Sends an event declared by the contracts, with the payload it declares. */
export function emitEvent<N extends ServerEventName>(to: Emitter, event: N, payload: ServerEventPayload<N>): void {
  if (checking) check(serverEventSchemas[event], `'${event}'`, payload);
  to.emit(event, payload);
}

/** The payload of an event sent some other way (with an acknowledgement), checked as {@link emitEvent} does. */
export function checkedPayload<N extends ServerEventName>(event: N, payload: ServerEventPayload<N>): ServerEventPayload<N> {
  if (checking) check(serverEventSchemas[event], `'${event}'`, payload);
  return payload;
}

/** The reply to a client event's acknowledgement, as the contracts declare it; nothing when the client asked for none. */
export function ackReply<N extends AckedClientEventName>(event: N, ack: unknown): (answer: ClientEventAck<N>) => void {
  if (typeof ack !== 'function') return () => undefined;
  return (answer) => {
    if (checking) check(clientEventAckSchemas[event], `the acknowledgement of '${event}'`, answer);
    (ack as (answer: ClientEventAck<N>) => void)(answer);
  };
}
