import { webPages, type Locale, type StaffSupportRequest, type SupportRequestReplyBody } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { replyMail } from '../support-desk.mails.ts';
import { insertReply, takeRequest } from '../support-desk.repository.ts';
import { fieldError, link, newRequestLink, presentStaffRequest, staffRequest, taken, type SupportDeskDeps } from './context.ts';

/**
 * Answers by e-mail (in the requester's language) or in a patient's support chat, and keeps the answer. An open
 * request is taken by the one who answers; one another operator holds is theirs (admins may answer any).
 */
export async function replyToSupportRequest(
  ctx: SupportDeskDeps,
  actor: AccountRow,
  id: string,
  body: SupportRequestReplyBody,
): Promise<StaffSupportRequest> {
  const { request, patientId } = await staffRequest(ctx, actor, id);
  if (request.status === 'closed') throw taken();
  if (body.channel === 'chat' && !patientId)
    throw fieldError('body.channel', 'INVALID_VALUE', 'Only a patient can be answered in the chat');
  if (request.status === 'open') {
    if (!(await takeRequest(ctx.db, id, actor.user.id, ctx.clock.now()))) throw taken();
  } else if (request.operatorId !== actor.user.id && actor.user.role !== 'admin') throw taken();
  if (body.channel === 'chat') await ctx.chatReply(actor, patientId!, body.text);
  else {
    const where = request.userId
      ? { cabinet: link(ctx, `${webPages.cabinet}?tab=requests`) }
      : { request: await newRequestLink(ctx, ctx.db, id) };
    await ctx.mailer.send(replyMail(request.email, request.locale as Locale, body.text, where));
  }
  await insertReply(ctx.db, { requestId: id, authorId: actor.user.id, channel: body.channel, text: body.text });
  return presentStaffRequest(ctx, id);
}
