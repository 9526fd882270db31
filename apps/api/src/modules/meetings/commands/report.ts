import { MEETING_REPORTS_PER_HOUR, type MeetingReportBody } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { notFound } from '../../../lib/app-error.ts';
import { roleOf } from '../meetings.rules.ts';
import { reportMail } from '../meetings.texts.ts';
import type { MeetingsContext } from './context.ts';

const HOUR = 3_600_000;

/** The room's consultation and the person's role in it, whether or not the room is open; 404 to anyone else. */
async function participant(ctx: MeetingsContext, actor: AccountRow, roomId: string) {
  const consultation = await ctx.appointments.consultationByRoom(roomId);
  const role = consultation && roleOf(actor.user.id, consultation);
  if (!consultation || !role) throw notFound('Meeting');
  return { consultation, role };
}

/**
 * `POST /v1/meetings/:roomId/report`: a problem during the call becomes a support request for the service's
 * operators with the call's technical details, and an e-mail to the service's mailbox. At most 5 an hour per person.
 */
export async function reportProblem(
  ctx: MeetingsContext,
  actor: AccountRow,
  roomId: string,
  body: MeetingReportBody,
): Promise<{ id: string; createdAt: string }> {
  const { consultation: c, role } = await participant(ctx, actor, roomId);
  await ctx.rateLimit.consume(`meeting-report:${actor.user.id}`, { max: MEETING_REPORTS_PER_HOUR, windowMs: HOUR });
  const row = await ctx.callReports.file({
    userId: actor.user.id,
    email: actor.user.email,
    appointmentId: c.appointmentId,
    message: body.message,
    details: { ...body.details, role, roomId },
  });
  await ctx.mailer.send({
    to: ctx.contactEmail,
    replyTo: actor.user.email,
    ...reportMail({ reporter: actor.user.userName, role, consultation: c, requestId: row.id, body }),
  });
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
