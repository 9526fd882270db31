import { REMINDER_OFFSETS_MINUTES, realtimeEvents, type CancellationReason } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { Announcements } from './appointments.announcements.ts';
import { closesAt, holdHasRunOut, isPendingStatus, MINUTE, remindsOf } from './appointments.policy.ts';
import { findAppointmentView, lockAppointment, type AppointmentRow, type AppointmentView } from './appointments.repository.ts';

export const HOLD_JOB = 'appointment.payment-hold';
export const REMINDER_JOB = 'appointment.reminder';
export const CLOSE_JOB = 'appointment.close';
export const holdKey = (id: string) => `appointment-hold:${id}`;
export const reminderKey = (id: string, minutes: number) => `appointment-reminder-${minutes}m:${id}`;
export const closeKey = (id: string) => `appointment-close:${id}`;

type Jobs = Pick<JobsService, 'register' | 'schedule' | 'cancel' | 'runSoon'>;

/** The timed work of one appointment: its payment hold, reminders and closing, kept in the job queue in the caller's transaction. */
export function createTimedWork(deps: { clock: Clock; jobs: Jobs }) {
  const { jobs } = deps;
  return {
    /**
     * Reminders 24 hours and 15 minutes before the start (one already past is dropped), and closing the appointment
     * after its end when nobody completed it.
     */
    async plan(tx: Db, row: AppointmentRow): Promise<void> {
      for (const minutes of REMINDER_OFFSETS_MINUTES) {
        const runAt = new Date(row.startsAt.getTime() - minutes * MINUTE);
        if (runAt <= deps.clock.now()) {
          await jobs.cancel(reminderKey(row.id, minutes), tx);
          continue;
        }
        await jobs.schedule(
          {
            kind: REMINDER_JOB,
            key: reminderKey(row.id, minutes),
            runAt,
            payload: { appointmentId: row.id, startsAt: row.startsAt.toISOString(), minutes },
          },
          tx,
        );
      }
      await jobs.schedule({ kind: CLOSE_JOB, key: closeKey(row.id), runAt: closesAt(row), payload: { appointmentId: row.id } }, tx);
    },

    async drop(tx: Db, id: string): Promise<void> {
      await jobs.cancel(holdKey(id), tx);
      for (const minutes of REMINDER_OFFSETS_MINUTES) await jobs.cancel(reminderKey(id, minutes), tx);
      await jobs.cancel(closeKey(id), tx);
    },

    planHold: (tx: Db, row: AppointmentRow) =>
      jobs.schedule({ kind: HOLD_JOB, key: holdKey(row.id), runAt: row.holdExpiresAt!, payload: { appointmentId: row.id } }, tx),

    /** Paid: the hold no longer runs out. */
    dropHold: (tx: Db, id: string) => jobs.cancel(holdKey(id), tx),
  };
}

export type TimedWork = ReturnType<typeof createTimedWork>;

/**
 * The job handlers. Each checks the current state first, so a run repeated after a crash is harmless. The state
 * changes they make are the service's (`cancelInTx`, `closeIfOver`), so a job and a person change an appointment alike.
 */
export function registerAppointmentJobs(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  announce: Announcements;
  view(id: string, tx?: Db): Promise<AppointmentView>;
  /** Tells the meetings module (after the commit). */
  changed(v: AppointmentView): void;
  cancelInTx(tx: Db, row: AppointmentRow, by: CancellationReason): Promise<unknown>;
  closeIfOver(tx: Db, row: AppointmentRow): Promise<boolean>;
}): void {
  const { db, jobs, announce } = deps;
  const now = () => deps.clock.now();

  // An unpaid booking whose hold ran out is cancelled, which frees the doctor's time.
  jobs.register(HOLD_JOB, async (payload: { appointmentId: string }) => {
    await db.transaction(async (tx) => {
      const row = await lockAppointment(tx, payload.appointmentId);
      if (!row || !holdHasRunOut(row, now())) return;
      await deps.cancelInTx(tx, row, 'payment-timeout');
      await announce.cancelled(tx, await deps.view(row.id, tx), { patient: true, refund: false });
    });
    jobs.runSoon();
  });

  // A reminder goes only if the appointment is still scheduled at the time it was planned for.
  jobs.register(REMINDER_JOB, async (payload: { appointmentId: string; startsAt: string; minutes: number }, job) => {
    const v = await findAppointmentView(db, payload.appointmentId);
    if (!v || !remindsOf(v.appointment, payload.startsAt)) return;
    await announce.reminded(db, v, payload.minutes, job.id);
    jobs.runSoon();
  });

  // A pending appointment nobody completed is closed after its end (as a new booking of the patient would close it),
  // so it stops being the patient's current appointment; both screens refresh.
  jobs.register(CLOSE_JOB, async (payload: { appointmentId: string }) => {
    let closed = false;
    await db.transaction(async (tx) => {
      const row = await lockAppointment(tx, payload.appointmentId);
      if (!row || !isPendingStatus(row.status) || closesAt(row) > now()) return;
      closed = await deps.closeIfOver(tx, row);
    });
    if (!closed) return;
    const v = await deps.view(payload.appointmentId);
    announce.signal(v, realtimeEvents.appointmentModified);
    deps.changed(v);
  });
}
