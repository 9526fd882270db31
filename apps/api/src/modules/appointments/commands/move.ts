import { realtimeEvents, type Appointment, type UpdateAppointmentBody } from '@rozmova/contracts';
import { refusingOverlaps } from '../appointments.changes.ts';
import { toAppointment } from '../appointments.mapping.ts';
import { assertMayMove, type Actor } from '../appointments.policy.ts';
import { answer, lockVisible, viewOf, type AppointmentsContext } from './context.ts';

/** Moves an appointment to another time or doctor, or edits its reason and phone: its patient or staff, not its doctor. */
export async function moveAppointment(
  ctx: AppointmentsContext,
  actor: Actor,
  id: string,
  body: UpdateAppointmentBody,
): Promise<Appointment> {
  const start = body.appointment_date === undefined ? undefined : new Date(body.appointment_date);
  const { moved, v } = await refusingOverlaps(() =>
    ctx.db.transaction(async (tx) => {
      const row = await lockVisible(tx, actor, id);
      assertMayMove(actor);
      const result = await ctx.changes.moveInTx(tx, actor, row, {
        start,
        doctorId: body.appointment_doctorId,
        reason: body.appointment_reason,
        phone: body.appointment_phone,
      });
      const changed = await viewOf(tx, id);
      if (result.moved) await ctx.announce.moved(tx, changed, result.previousDoctorId);
      return { moved: result.moved ? result : undefined, v: changed };
    }),
  );
  if (moved) {
    ctx.changed(v, moved.previousDoctorId);
    return answer(ctx, v, actor.user.id);
  }
  ctx.announce.signal(v, realtimeEvents.appointmentModified);
  return toAppointment(v, actor.user.id);
}
