import { realtimeEvents, type Appointment, type UpdateAppointmentBody } from '@rozmova/contracts';
import { toAppointment } from '../appointments.mapping.ts';
import { assertMayComplete, assertOpen, assertStarted, validationError, type Actor } from '../appointments.policy.ts';
import { updateAppointment } from '../appointments.repository.ts';
import { lockVisible, viewOf, type AppointmentsContext } from './context.ts';

/** Its doctor (or an admin) completes a consultation that has started, with a note for the record and advice. */
export async function completeAppointment(
  ctx: AppointmentsContext,
  actor: Actor,
  id: string,
  body: Pick<UpdateAppointmentBody, 'appointment_note' | 'appointment_advice'>,
): Promise<Appointment> {
  const v = await ctx.db.transaction(async (tx) => {
    const row = await lockVisible(tx, actor, id);
    assertMayComplete(actor, row);
    const { appointment_note: note, appointment_advice: advice } = body;
    if (!note) throw validationError('body.appointment_note', 'A note for the record is required when completing');
    assertOpen(row);
    const now = ctx.clock.now();
    assertStarted(row, now);
    await updateAppointment(tx, id, { status: 'completed', note, advice: advice || null, holdExpiresAt: null }, now);
    await ctx.timed.drop(tx, id);
    return viewOf(tx, id);
  });
  ctx.announce.signal(v, realtimeEvents.appointmentModified);
  ctx.changed(v);
  return toAppointment(v, actor.user.id);
}
