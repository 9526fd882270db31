import type { ListMessagesQuery, MessageList } from '@rozmova/contracts';
import { notFound } from '../../lib/app-error.ts';
import { present, type MessagesContext } from './commands/context.ts';
import { invalid, type Actor } from './messages.access.ts';
import { isInConversation, selectMessagesPage, type Conversation, type MessageRow } from './messages.repository.ts';

/** The page's messages the caller received and its client had not acknowledged: this read delivers them. */
async function receivedUndelivered(ctx: MessagesContext, actor: Actor, c: Conversation, rows: MessageRow[]): Promise<string[]> {
  const role = actor.user.role;
  const sent = rows.filter((row) => row.status === 'Sent');
  if (sent.length === 0 || role === 'admin') return [];
  if (role === 'patient') return sent.filter((row) => row.senderType !== 'patient').map((row) => row.id);
  const fromPatient = sent.filter((row) => row.senderType === 'patient').map((row) => row.id);
  if (role === 'doctor' || fromPatient.length === 0) return fromPatient;
  // A support message is for its holder, or for any operator while none holds it.
  const holder = await ctx.support.holderOf(c.patientId);
  return holder === null || holder === actor.user.id ? fromPatient : [];
}

/**
 * `GET /v1/messages`: a page, newest first, older than `lastMessageId`; or with `afterSeq` the messages numbered
 * after it, oldest first (a support conversation or one consultation: the doctor's view across consultations has
 * no one numbering, 400). The anchor message must be in the same conversation (else 404). What the page brings the
 * caller for the first time is Delivered, and its writers are told; a page read by staff is audited.
 */
export async function listMessages(ctx: MessagesContext, actor: Actor, query: ListMessagesQuery): Promise<MessageList> {
  const { db } = ctx;
  const afterSeq = query.afterSeq;
  if (query.lastMessageId && afterSeq !== undefined) {
    throw invalid('querystring.afterSeq', 'Ask for older (lastMessageId) or newer (afterSeq) messages, not both');
  }
  const c = await ctx.access.visibleConversation(actor, { ...query, where: 'querystring' });
  if (query.lastMessageId && !(c && (await isInConversation(db, c, query.lastMessageId)))) throw notFound('Message');
  if (c?.kind === 'doctor' && afterSeq !== undefined) {
    throw invalid('querystring.appointmentId', 'Name the consultation (appointmentId) to ask for messages after a number', 'INVALID_TYPE');
  }
  if (!c) return { messages: [] };
  const anchor = query.lastMessageId ? { before: query.lastMessageId } : afterSeq !== undefined ? { afterSeq } : undefined;
  const rows = await selectMessagesPage(db, c, query.limit, anchor);
  if (actor.user.role !== 'patient' && rows.length > 0) {
    await ctx.audit.record({
      actorId: actor.user.id,
      action: 'list',
      resource: 'message',
      resourceId: (afterSeq !== undefined ? rows.at(-1) : rows[0])!.id,
      patientId: c.patientId,
    });
  }
  const delivered = await ctx.delivery.markDelivered(await receivedUndelivered(ctx, actor, c, rows));
  const shown = rows.map((row) => (delivered.has(row.id) ? { ...row, status: 'Delivered' as const } : row));
  return { messages: await present(db, shown) };
}
