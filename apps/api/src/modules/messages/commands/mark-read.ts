import { groupChannels, realtimeEvents, type MarkMessagesReadBody, type MessagesReadEvent } from '@rozmova/contracts';
import { forbidden } from '../../../lib/app-error.ts';
import type { Actor } from '../messages.access.ts';
import { markConversationRead } from '../messages.repository.ts';
import type { MessagesContext } from './context.ts';

/**
 * `PATCH /v1/messages/mark-messages-as-read`: what the caller received in the conversation and had not read. A
 * patient marks what staff wrote (with `operatorId`, only that operator's); the doctor, operators and admins mark
 * what the patient wrote. `chat-message-read` goes to each writer with its messages.
 */
export async function markRead(ctx: MessagesContext, actor: Actor, body: MarkMessagesReadBody): Promise<{ updated: number }> {
  const { realtime } = ctx;
  const c = await ctx.access.visibleConversation(actor, { ...body, where: 'body' });
  if (!c) return { updated: 0 };
  const role = actor.user.role;
  if (c.kind === 'consultation' && role === 'admin') throw forbidden('Only the doctor of the consultation marks its messages read');
  if (role !== 'patient' && body.operatorId && body.operatorId !== actor.user.id) throw forbidden('You mark only what you received');
  const writtenBy = role === 'patient' ? ({ side: 'staff', operatorId: body.operatorId } as const) : ({ side: 'patient' } as const);
  const marked = await markConversationRead(ctx.db, c, writtenBy, ctx.clock.now());
  const idsBySender = new Map<string, string[]>();
  for (const m of marked) {
    const ids = idsBySender.get(m.senderUserId) ?? [];
    ids.push(m.id);
    idsBySender.set(m.senderUserId, ids);
  }
  const appointmentId = c.kind === 'consultation' ? c.appointmentId : null;
  for (const [senderUserId, ids] of idsBySender) {
    const event: MessagesReadEvent = { patientId: c.patientId, appointmentId, ids };
    realtime.toUser(senderUserId, realtimeEvents.chatMessageRead, event);
  }
  // The other operators' inboxes count these unread until they hear it.
  if (c.kind === 'support' && role !== 'patient' && marked.length > 0) {
    const event: MessagesReadEvent = { patientId: c.patientId, appointmentId: null, ids: marked.map((m) => m.id) };
    realtime.toRoom(groupChannels.operators, realtimeEvents.chatMessageRead, event);
  }
  return { updated: marked.length };
}
