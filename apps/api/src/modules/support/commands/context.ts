import { groupChannels, realtimeEvents, type ConversationState } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { AccountRow } from '../../../db/rows.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { JobsService } from '../../jobs/jobs.service.ts';
import type { ChatChange, ChatState, PatientsService } from '../../patients/patients.service.ts';
import { insertSupportEvent, userNames } from '../support.repository.ts';

/** What the support service and its commands are given by buildApp. */
export interface SupportDeps {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  audit: AuditService;
  jobs: Pick<JobsService, 'register' | 'schedule' | 'cancel'>;
  patients: Pick<PatientsService, 'chat'>;
}

export type Actor = AccountRow;
/** A patient's conversation as read: its state and the patient's user. */
export type Conversation = ChatState & { patientId: string; userId: string };
export type SupportEventInput = Parameters<typeof insertSupportEvent>[1];

const held = () => new AppError('CONVERSATION_HELD', 'Another operator holds this conversation');

/** `writer`: who made the change, whose name needs no look-up when it now holds the conversation. */
async function toState(
  ctx: Pick<SupportDeps, 'db'>,
  patientId: string,
  state: ChatState,
  writer?: { userId: string; userName: string },
): Promise<ConversationState> {
  const { holder } = state;
  const known = holder === writer?.userId ? writer.userName : undefined;
  return {
    patientId,
    chat_patient_status: state.status,
    interacting_with_operator: holder,
    operator_name: holder ? (known ?? (await userNames(ctx.db, [holder])).get(holder) ?? null) : null,
  };
}

/** The conversation of a patient whose account was not removed; otherwise it does not exist (404). */
export async function conversation(ctx: Pick<SupportDeps, 'patients'>, patientId: string): Promise<Conversation> {
  const state = await ctx.patients.chat.state(patientId);
  if (!state || state.removed) throw notFound('Patient');
  return { ...state, patientId };
}

/** `chat-conversation-updated` to every operator and to the patient. */
export async function announce(
  ctx: SupportDeps,
  patientId: string,
  patientUserId: string,
  state: ChatState,
  writer?: { userId: string; userName: string },
): Promise<ConversationState> {
  const shown = await toState(ctx, patientId, state, writer);
  ctx.realtime.toRoom(groupChannels.operators, realtimeEvents.chatConversationUpdated, shown);
  ctx.realtime.toUser(patientUserId, realtimeEvents.chatConversationUpdated, shown);
  return shown;
}

/** The holder, an admin, or anyone while no one holds it. */
export function mayManage(actor: Actor, state: ChatState): boolean {
  return actor.user.role === 'admin' || state.holder === null || state.holder === actor.user.id;
}

/** What an operator's change is conditional on: the holder it saw (its own or nobody). An admin's on no one. */
export const holderSeen = (actor: Actor, state: ChatState) => (actor.user.role === 'admin' ? undefined : state.holder);

/**
 * A change a member of staff asked for: `attempt` makes it on `seen` (what the caller read, its permission judged on
 * that), conditional on the holder still being the one seen. When it changes nothing, the state as it is now (the
 * row is locked by then): already as asked (`done`) answers 200 without an event; no longer `allowed` (someone else
 * holds it now) is 409; otherwise it moved under the caller without taking its right, and the change is made on it.
 */
export async function request(
  ctx: SupportDeps,
  seen: Conversation,
  event: Omit<SupportEventInput, 'patientId'>,
  attempt: (seen: ChatState, tx: Db) => Promise<ChatChange | undefined>,
  rules: { done: (state: ChatState) => boolean; allowed: (state: ChatState) => boolean },
): Promise<ConversationState> {
  const patientId = seen.patientId;
  const { changed, now } = await ctx.db.transaction(async (tx) => {
    let outcome = await attempt(seen, tx);
    if (!outcome?.changed) {
      const locked = await ctx.patients.chat.locked(patientId, tx);
      if (!locked || locked.removed) throw notFound('Patient');
      if (rules.done(locked)) return { changed: false, now: locked };
      outcome = rules.allowed(locked) ? await attempt(locked, tx) : undefined;
      if (!outcome?.changed) throw held();
    }
    await insertSupportEvent(tx, { patientId, ...event });
    return { changed: true, now: outcome.after };
  });
  return changed ? announce(ctx, patientId, seen.userId, now) : toState(ctx, patientId, now);
}
