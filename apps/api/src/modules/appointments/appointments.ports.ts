import { realtimeEvents } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService, AfterCommit } from '../accounts/accounts.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { Announcements } from './appointments.announcements.ts';
import type { AppointmentChanges } from './appointments.changes.ts';
import type { TimedWork } from './appointments.jobs.ts';
import { toPayable, type PayableAppointment } from './appointments.mapping.ts';
import {
  findAppointmentView,
  lockAllPendingOfPatient,
  lockAppointment,
  updateAppointment,
  type AppointmentView,
} from './appointments.repository.ts';

interface PortDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'runSoon'>;
  announce: Announcements;
  timed: TimedWork;
  view(id: string, tx?: Db): Promise<AppointmentView>;
}

/**
 * The appointments module's side of paying, given to the payments module (built after this one): payments never touch
 * the appointments table. Each call runs in the caller's transaction; `get(…, lock)` locks the row until it ends.
 */
export function createPaymentPort(deps: PortDeps) {
  const { db, jobs, announce, timed, view } = deps;
  const now = () => deps.clock.now();
  return {
    async get(id: string, tx: Db = db, lock = false): Promise<PayableAppointment | undefined> {
      if (lock && !(await lockAppointment(tx, id))) return undefined;
      const found = await findAppointmentView(tx, id);
      return found ? toPayable(found) : undefined;
    },

    /** The appointment is paid: payment status `paid`, the hold ends. */
    async markPaid(id: string, tx: Db): Promise<AfterCommit> {
      await updateAppointment(tx, id, { paymentStatus: 'paid', holdExpiresAt: null }, now());
      await timed.dropHold(tx, id);
      const v = await view(id, tx);
      await announce.paid(tx, v);
      return async () => {
        jobs.runSoon();
        announce.signalTo(v.doctor.userId, await view(id), realtimeEvents.appointmentModified);
      };
    },

    async markPaymentStatus(id: string, status: 'pending' | 'failed' | 'refunded', tx: Db): Promise<AfterCommit> {
      await updateAppointment(tx, id, { paymentStatus: status }, now());
      const v = await view(id, tx);
      if (status === 'refunded') await announce.refunded(tx, v);
      return async () => {
        if (status === 'refunded') jobs.runSoon();
        else announce.signalTo(v.patient.userId, await view(id), realtimeEvents.appointmentModified);
      };
    },
  };
}

export type PaymentPort = ReturnType<typeof createPaymentPort>;

/**
 * Account removal cancels the patient's pending appointments in the removal's transaction (refunds as for the
 * patient's own cancellation) and queues the doctors' notices; their texts are written now, before the name goes.
 */
export function cancelOnAccountRemoval(
  deps: PortDeps & { accounts: Pick<AccountsService, 'onAccountRemoved'>; changes: Pick<AppointmentChanges, 'cancelInTx'> },
): void {
  const { jobs, announce, view } = deps;
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (!patientId) return;
    for (const row of await lockAllPendingOfPatient(tx, patientId)) {
      await deps.changes.cancelInTx(tx, row, 'account-removed');
      await announce.cancelled(tx, await view(row.id, tx), { patient: false, refund: false });
    }
    return async () => jobs.runSoon();
  });
}
