import {
  groupChannels,
  realtimeEvents,
  type ConversationState,
  type Inbox,
  type InboxQuery,
  type Role,
  type SupportEvent,
  type SupportStatus,
  type TransferBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { ChatChange, ChatState, PatientsService } from '../patients/patients.service.ts';
import { selectInboxPage, selectUnreadTotals } from './inbox.repository.ts';
import { createAvailability, overallAvailability } from './support.availability.ts';
import { createCannedReplies } from './support.canned-replies.ts';
import { insertSupportEvent, isActiveChatStaff, listSupportEvents, userNames } from './support.repository.ts';

type Actor = AccountRow;
/** A patient's conversation as read: its state and the patient's user. */
type Conversation = ChatState & { patientId: string; userId: string };
type SupportEventInput = Parameters<typeof insertSupportEvent>[1];

/** A conversation's timeline shows at most this many of its newest events. */
const EVENTS_SHOWN = 500;

const held = () => new AppError('CONVERSATION_HELD', 'Another operator holds this conversation');

/**
 * The support chat around the messages: who holds a patient's conversation and its status (the state machine of
 * PRODUCT.md "Chat"), the operators' inbox, availability and canned replies. The two columns on the patient record are
 * the patients module's; each change goes through its `chat` functions (the row locked, then one conditional UPDATE), and this module
 * decides who may change what, records support events and tells the operators and the patient.
 */
export function createSupportService(deps: {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  audit: AuditService;
  jobs: Pick<JobsService, 'register' | 'schedule' | 'cancel'>;
  patients: Pick<PatientsService, 'chat'>;
}) {
  const { db, realtime, audit } = deps;
  const chat = deps.patients.chat;
  const availability = createAvailability(deps);

  async function toState(patientId: string, state: ChatState): Promise<ConversationState> {
    const names = await userNames(db, state.holder ? [state.holder] : []);
    return {
      patientId,
      chat_patient_status: state.status,
      interacting_with_operator: state.holder,
      operator_name: state.holder ? (names.get(state.holder) ?? null) : null,
    };
  }

  /** The conversation of a patient whose account was not removed; otherwise it does not exist (404). */
  async function conversation(patientId: string): Promise<Conversation> {
    const state = await chat.state(patientId);
    if (!state || state.removed) throw notFound('Patient');
    return { ...state, patientId };
  }

  /**
   * Applies a change and records the event in one transaction when `when` says this change is that event (a message
   * changes the status at each turn, but claims or reopens only sometimes). Undefined when there is no such patient.
   */
  async function change(
    apply: (tx: Db) => Promise<ChatChange | undefined>,
    event: SupportEventInput,
    when: (changed: ChatChange) => boolean,
  ): Promise<ChatChange | undefined> {
    return db.transaction(async (tx) => {
      const outcome = await apply(tx);
      if (outcome?.changed && when(outcome)) await insertSupportEvent(tx, event);
      return outcome;
    });
  }

  /** `chat-conversation-updated` to every operator and to the patient. */
  async function announce(patientId: string, patientUserId: string, state: ChatState): Promise<ConversationState> {
    const shown = await toState(patientId, state);
    realtime.toRoom(groupChannels.operators, realtimeEvents.chatConversationUpdated, shown);
    realtime.toUser(patientUserId, realtimeEvents.chatConversationUpdated, shown);
    return shown;
  }

  /** The holder, an admin, or anyone while no one holds it. */
  function mayManage(actor: Actor, state: ChatState): boolean {
    return actor.user.role === 'admin' || state.holder === null || state.holder === actor.user.id;
  }

  /** What an operator's change is conditional on: the holder it saw (its own or nobody). An admin's on no one. */
  const holderSeen = (actor: Actor, state: ChatState) => (actor.user.role === 'admin' ? undefined : state.holder);

  /**
   * A change a member of staff asked for: `attempt` makes it on `seen` (what the caller read, its permission judged on
   * that), conditional on the holder still being the one seen. When it changes nothing, the state as it is now (the
   * row is locked by then): already as asked (`done`) answers 200 without an event; no longer `allowed` (someone else
   * holds it now) is 409; otherwise it moved under the caller without taking its right, and the change is made on it.
   */
  async function request(
    seen: Conversation,
    event: Omit<SupportEventInput, 'patientId'>,
    attempt: (seen: ChatState, tx: Db) => Promise<ChatChange | undefined>,
    rules: { done: (state: ChatState) => boolean; allowed: (state: ChatState) => boolean },
  ): Promise<ConversationState> {
    const patientId = seen.patientId;
    const { changed, now } = await db.transaction(async (tx) => {
      let outcome = await attempt(seen, tx);
      if (!outcome?.changed) {
        const locked = await chat.locked(patientId, tx);
        if (!locked || locked.removed) throw notFound('Patient');
        if (rules.done(locked)) return { changed: false, now: locked };
        outcome = rules.allowed(locked) ? await attempt(locked, tx) : undefined;
        if (!outcome?.changed) throw held();
      }
      await insertSupportEvent(tx, { patientId, ...event });
      return { changed: true, now: outcome.after };
    });
    return changed ? announce(patientId, seen.userId, now) : toState(patientId, now);
  }

  return {
    availability,
    cannedReplies: createCannedReplies(deps),

    /**
     * The messages module's port: a support message moves the conversation; answers its holder afterwards. Most
     * messages move it without an event, outside a transaction: the locked read (and the UPDATE when the state
     * changes). A reopening (the patient wrote to a closed conversation) or a claim (staff wrote to an unheld one) is
     * written with its event in a transaction.
     */
    async written(patientId: string, patientUserId: string, writer: { userId: string; role: Role }): Promise<string | null> {
      const outcome =
        writer.role === 'patient'
          ? ((await chat.patientWrote(patientId, db, false)) ??
            (await change(
              (tx) => chat.patientWrote(patientId, tx),
              { patientId, kind: 'reopened', actorId: writer.userId },
              (c) => c.before.status === 'closed',
            )))
          : ((await chat.staffWrote(patientId, writer.userId, db, false)) ??
            (await change(
              (tx) => chat.staffWrote(patientId, writer.userId, tx),
              { patientId, kind: 'claimed', actorId: writer.userId },
              (c) => c.after.holder === writer.userId && c.before.holder !== writer.userId,
            )));
      if (!outcome) return null;
      if (outcome.changed) await announce(patientId, patientUserId, outcome.after);
      return outcome.after.holder;
    },

    holderOf: async (patientId: string): Promise<string | null> => (await chat.state(patientId))?.holder ?? null,

    /** `POST /v1/patients/{id}/claim`: one claim of an unheld conversation wins; the holder's own claim is a no-op. */
    async claim(actor: Actor, patientId: string): Promise<ConversationState> {
      const me = actor.user.id;
      return request(await conversation(patientId), { kind: 'claimed', actorId: me }, (_, tx) => chat.claim(patientId, me, tx), {
        done: (state) => state.holder === me,
        allowed: () => true,
      });
    },

    /** `POST /v1/patients/{id}/transfer`: the holder or an admin (anyone while unheld) hands it to an active operator or admin. */
    async transfer(actor: Actor, patientId: string, body: TransferBody): Promise<ConversationState> {
      const current = await conversation(patientId);
      if (!(await isActiveChatStaff(db, body.operatorId))) {
        throw new AppError('VALIDATION_FAILED', 'Validation failed', [
          { path: 'body.operatorId', code: 'INVALID_VALUE', message: 'Not the id of an active operator or admin' },
        ]);
      }
      if (!mayManage(actor, current)) throw forbidden('Only the operator holding the conversation or an admin transfers it');
      return request(
        current,
        { kind: 'transferred', actorId: actor.user.id, toOperatorId: body.operatorId, note: body.note ?? null },
        (seen, tx) => chat.transfer(patientId, body.operatorId, holderSeen(actor, seen), tx),
        { done: (state) => state.holder === body.operatorId, allowed: (state) => mayManage(actor, state) },
      );
    },

    /** `POST /v1/patients/{id}/close`: the holder, an admin, or anyone while unheld; closing a closed one is a no-op. */
    async close(actor: Actor, patientId: string): Promise<ConversationState> {
      const current = await conversation(patientId);
      if (!mayManage(actor, current)) throw forbidden('Only the operator holding the conversation or an admin closes it');
      return request(
        current,
        { kind: 'closed', actorId: actor.user.id },
        (seen, tx) => chat.close(patientId, holderSeen(actor, seen), tx),
        { done: (state) => state.status === 'closed', allowed: (state) => mayManage(actor, state) },
      );
    },

    /** `POST /v1/patients/{id}/reopen`: any operator or admin; reopening an open one is a no-op. */
    async reopen(actor: Actor, patientId: string): Promise<ConversationState> {
      return request(await conversation(patientId), { kind: 'reopened', actorId: actor.user.id }, (_, tx) => chat.reopen(patientId, tx), {
        done: (state) => state.status !== 'closed',
        allowed: () => true,
      });
    },

    /** `GET /v1/patients/{id}/support-events`, oldest first; a staff read of the patient's data, so audited. */
    async events(actor: Actor, patientId: string): Promise<{ events: SupportEvent[] }> {
      await conversation(patientId);
      const rows = await listSupportEvents(db, patientId, EVENTS_SHOWN);
      await audit.record({ actorId: actor.user.id, action: 'read', resource: 'patient', resourceId: patientId, patientId });
      return {
        events: rows.map(({ event, actorName, toName }) => ({
          id: event.id,
          patientId: event.patientId,
          kind: event.kind,
          actorId: event.actorId,
          actor_name: actorName,
          toOperatorId: event.toOperatorId,
          to_operator_name: toName,
          note: event.note,
          created_at: event.createdAt.toISOString(),
        })),
      };
    },

    /** `GET /v1/support/inbox`: one audit entry per patient listed, as the patients list writes. */
    async inbox(actor: Actor, query: InboxQuery): Promise<Inbox> {
      const me = actor.user.id;
      const [{ rows, total }, unread] = await Promise.all([selectInboxPage(db, me, query), selectUnreadTotals(db, me)]);
      await audit.record(
        rows.map((row) => ({
          actorId: me,
          action: 'list' as const,
          resource: 'patient' as const,
          resourceId: row.patientId,
          patientId: row.patientId,
        })),
      );
      return {
        total,
        unread,
        conversations: rows.map((row) => ({
          patientId: row.patientId,
          user_name: row.name,
          chat_patient_status: row.status,
          interacting_with_operator: row.holder,
          operator_name: row.holderName,
          last_message_text: row.lastText,
          last_message_at: row.lastAt.toISOString(),
          last_message_sender: row.lastSender === 'patient' ? 'patient' : 'operator',
          awaiting_since: row.awaitingSince?.toISOString() ?? null,
          unread_count: row.unread,
        })),
      };
    },

    /** `GET /v1/support/status`: what a patient sees of the team and of its own conversation. */
    async status(actor: Actor): Promise<SupportStatus> {
      if (!actor.patientId) throw forbidden('Only patients have a support conversation');
      const state = await conversation(actor.patientId);
      // The team patients are told about is the operators: an admin with the site open is not watching the inbox.
      const operators = (await availability.chatStaff()).filter((person) => !person.isAdmin);
      let operator: SupportStatus['operator'] = null;
      if (state.holder) {
        const name = (await userNames(db, [state.holder])).get(state.holder) ?? '';
        operator = { id: state.holder, user_name: name, availability: await availability.of(state.holder) };
      }
      return { availability: overallAvailability(operators), operator, chat_patient_status: state.status };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
