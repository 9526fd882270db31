import { setTimeout as sleep } from 'node:timers/promises';
import { groupChannels, realtimeEvents, userRoom, type Message, type MessagesDeliveredEvent } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Fanout, RealtimeBus } from '../../realtime/bus.ts';
import type { Writing } from './messages.access.ts';
import { markMessagesDelivered } from './messages.repository.ts';

/** How long the recipients' clients have to acknowledge `chat-message-created`; later, their next read marks it. */
export const DELIVERY_ACK_TIMEOUT_MS = 5_000;

/** At most this many acknowledged messages are marked Delivered in one statement. */
const MARK_AT_ONCE = 500;

/** A busy instance marks acknowledged messages at most this often (an idle one at once). */
const MARK_EVERY_MS = 50;

/** The app's logger as services see it. */
export interface MessagesLog {
  warn(details: object, message: string): void;
}

/**
 * Where `chat-message-created` goes. The connections of `ackRoom` are the recipients, asked to acknowledge (one that
 * does makes the message Delivered); `also` only see it (the writer's other tabs, the rest of the operators).
 * `recipientIds`: the accounts the message is for (none when it waits for any operator).
 */
export interface Route extends Fanout {
  recipientIds: string[];
}

/**
 * A consultation's message goes to its other side; a patient's support message to its holder (the other operators
 * see it), or to every operator while no one holds it; staff's support message to the patient, every operator seeing it.
 */
export function routeOf(to: Writing, holder: string | null): Route {
  const c = to.conversation;
  const patientRoom = userRoom(to.patientUserId);
  if (c.kind !== 'support') {
    return to.senderType === 'patient'
      ? { ackRoom: userRoom(c.doctorId), also: [{ room: patientRoom }], recipientIds: [c.doctorId] }
      : { ackRoom: patientRoom, also: [{ room: userRoom(c.doctorId) }], recipientIds: [to.patientUserId] };
  }
  if (to.senderType === 'patient') {
    if (!holder) return { ackRoom: groupChannels.operators, also: [{ room: patientRoom }], recipientIds: [] };
    const holderRoom = userRoom(holder);
    return {
      ackRoom: holderRoom,
      also: [{ room: groupChannels.operators, except: holderRoom }, { room: patientRoom }],
      recipientIds: [holder],
    };
  }
  // The writer (an operator or an admin) is in the operators' group too.
  return { ackRoom: patientRoom, also: [{ room: groupChannels.operators }], recipientIds: [to.patientUserId] };
}

/** Delivered ticks: from the recipients' acknowledgements, or from their reads of what they had not received. */
export function createDelivery(deps: { db: Db; clock: Clock; realtime: RealtimeBus; log: MessagesLog }) {
  const { db, clock, realtime } = deps;

  /** Marks those still Sent Delivered and tells each writer which of its messages are; answers the ids marked. */
  async function markDelivered(ids: string[]): Promise<Set<string>> {
    const marked = await markMessagesDelivered(db, ids, clock.now());
    const byWriter = new Map<string, MessagesDeliveredEvent & { to: string }>();
    for (const m of marked) {
      const key = `${m.senderUserId} ${m.appointmentId ?? ''}`;
      const event = byWriter.get(key) ?? { to: m.senderUserId, patientId: m.patientId, appointmentId: m.appointmentId, ids: [] };
      event.ids.push(m.id);
      byWriter.set(key, event);
    }
    for (const { to, ...event } of byWriter.values()) realtime.toUser(to, realtimeEvents.chatMessageDelivered, event);
    return new Set(marked.map((m) => m.id));
  }

  /**
   * Acknowledged messages marked together: the first starts a marking at once, and those acknowledged while it runs
   * or within {@link MARK_EVERY_MS} of its start go in the next one, so a busy instance writes one statement for many
   * acknowledgements (each send would otherwise add one of its own).
   */
  const acknowledged = new Set<string>();
  let marking: Promise<void> | undefined;
  let lastMarkAt = -Infinity;
  realtime.onAcknowledged(realtimeEvents.chatMessageCreated, (message) => {
    acknowledged.add(message.id);
    marking ??= markAcknowledged();
  });
  async function markAcknowledged(): Promise<void> {
    while (acknowledged.size > 0) {
      const wait = lastMarkAt + MARK_EVERY_MS - performance.now();
      if (wait > 0) await sleep(wait);
      lastMarkAt = performance.now();
      const ids = [...acknowledged].slice(0, MARK_AT_ONCE);
      for (const id of ids) acknowledged.delete(id);
      await markDelivered(ids).catch((error: unknown) => {
        deps.log.warn({ messages: ids.length, error: error instanceof Error ? error.name : typeof error }, 'delivery not recorded');
      });
    }
    marking = undefined;
  }

  return {
    markDelivered,

    /** Announces a new message; Delivered follows in the background once a recipient's client acknowledges it. */
    announce(message: Message, route: Route): void {
      const { ackRoom, also } = route;
      realtime.toRoomsAcknowledged(realtimeEvents.chatMessageCreated, message, { ackRoom, also }, DELIVERY_ACK_TIMEOUT_MS);
    },
  };
}
