import type { Inbox, InboxConversation, InboxQuery, SupportEvent, SupportStatus } from '@rozmova/contracts';
import { forbidden } from '../../lib/app-error.ts';
import { conversation, type Actor, type SupportDeps } from './commands/context.ts';
import { selectInboxPage, selectUnreadTotals, type InboxRow } from './inbox.repository.ts';
import { overallAvailability, type Availability } from './support.availability.ts';
import { listSupportEvents, userNames } from './support.repository.ts';

/** A conversation's timeline shows at most this many of its newest events. */
const EVENTS_SHOWN = 500;

const toSupportEvent = ({ event, actorName, toName }: Awaited<ReturnType<typeof listSupportEvents>>[number]): SupportEvent => ({
  id: event.id,
  patientId: event.patientId,
  kind: event.kind,
  actorId: event.actorId,
  actor_name: actorName,
  toOperatorId: event.toOperatorId,
  to_operator_name: toName,
  note: event.note,
  created_at: event.createdAt.toISOString(),
});

const toInboxConversation = (row: InboxRow): InboxConversation => ({
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
});

/** Reading support: who holds a conversation, its events, the operators' inbox and what a patient sees of the team. */
export function createSupportReads(ctx: SupportDeps & { availability: Availability }) {
  const { db, audit, availability } = ctx;
  return {
    holderOf: async (patientId: string): Promise<string | null> => (await ctx.patients.chat.state(patientId))?.holder ?? null,

    /** `GET /v1/patients/{id}/support-events`, oldest first; a staff read of the patient's data, so audited. */
    async events(actor: Actor, patientId: string): Promise<{ events: SupportEvent[] }> {
      await conversation(ctx, patientId);
      const rows = await listSupportEvents(db, patientId, EVENTS_SHOWN);
      await audit.record({ actorId: actor.user.id, action: 'read', resource: 'patient', resourceId: patientId, patientId });
      return { events: rows.map(toSupportEvent) };
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
      return { total, unread, conversations: rows.map(toInboxConversation) };
    },

    /** `GET /v1/support/status`: what a patient sees of the team and of its own conversation. */
    async status(actor: Actor): Promise<SupportStatus> {
      if (!actor.patientId) throw forbidden('Only patients have a support conversation');
      const state = await conversation(ctx, actor.patientId);
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
