import type { Appointment } from '@rozmova/contracts';
import { assertOpen, assertPatientInTime, cancelledByRole, type Actor } from '../appointments.policy.ts';
import { answer, lockVisible, viewOf, type AppointmentsContext } from './context.ts';

/** Cancels an appointment: its patient until 2 hours before the start, its doctor and staff at any time. */
export async function cancelAppointment(ctx: AppointmentsContext, actor: Actor, id: string): Promise<Appointment> {
  const by = cancelledByRole(actor.user.role);
  const v = await ctx.db.transaction(async (tx) => {
    const row = await lockVisible(tx, actor, id);
    assertOpen(row);
    if (by === 'patient') assertPatientInTime(actor, row, ctx.clock.now());
    const { refund } = await ctx.changes.cancelInTx(tx, row, by);
    const cancelled = await viewOf(tx, id);
    await ctx.announce.cancelled(tx, cancelled, { patient: true, refund });
    return cancelled;
  });
  ctx.changed(v);
  return answer(ctx, v, actor.user.id);
}
