import { realtimeEvents, type Appointment } from '@rozmova/contracts';
import { toAppointment } from '../appointments.mapping.ts';
import { assertMayJoin, assertMeetingOpen, type Actor } from '../appointments.policy.ts';
import { updateAppointment } from '../appointments.repository.ts';
import { lockVisible, viewOf, type AppointmentsContext } from './context.ts';

/** The patient or the doctor joins, from 10 minutes before the start to the end; the first to join starts it. */
export async function joinMeeting(ctx: AppointmentsContext, actor: Actor, id: string): Promise<Appointment> {
  const { started, v } = await ctx.db.transaction(async (tx) => {
    const row = await lockVisible(tx, actor, id);
    assertMayJoin(actor, row);
    const now = ctx.clock.now();
    assertMeetingOpen(row, now);
    if (row.status !== 'running') await updateAppointment(tx, id, { status: 'running' }, now);
    return { started: row.status !== 'running', v: await viewOf(tx, id) };
  });
  if (started) ctx.announce.signal(v, realtimeEvents.appointmentModified);
  return toAppointment(v, actor.user.id);
}
