import { realtimeEvents } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { Announcements } from './appointments.announcements.ts';
import type { AppointmentChanges } from './appointments.changes.ts';
import type { TimedWork } from './appointments.jobs.ts';
import { toPayable } from './appointments.mapping.ts';
import {
  findAppointmentView,
  isDoctorOfPatient,
  lockAllPendingOfPatient,
  lockAppointment,
  patientIdsOfDoctor,
  updateAppointment,
  type AppointmentView,
} from './appointments.repository.ts';

/**
 * What other modules get from appointments without importing it: the payments port (read, mark paid, payment
 * status), the patients port (a doctor's own patients) and the account-removal hook.
 */
export function bindAppointmentPorts(deps: {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
  patients: Pick<PatientsService, 'bindDoctorsPatients'>;
  payments: Pick<PaymentsService, 'bindAppointments'>;
  jobs: Pick<JobsService, 'runSoon'>;
  announce: Announcements;
  timed: TimedWork;
  changes: Pick<AppointmentChanges, 'cancelInTx'>;
  view(id: string, tx?: Db): Promise<AppointmentView>;
}): void {
  const { db, jobs, announce, timed, view } = deps;
  const now = () => deps.clock.now();

  deps.payments.bindAppointments({
    async get(id, tx = db, lock = false) {
      if (lock && !(await lockAppointment(tx, id))) return undefined;
      const found = await findAppointmentView(tx, id);
      return found ? toPayable(found) : undefined;
    },
    async markPaid(id, tx) {
      await updateAppointment(tx, id, { paymentStatus: 'paid', holdExpiresAt: null }, now());
      await timed.dropHold(tx, id);
      const v = await view(id, tx);
      await announce.paid(tx, v);
      return async () => {
        jobs.runSoon();
        announce.signalTo(v.doctor.userId, await view(id), realtimeEvents.appointmentModified);
      };
    },
    async markPaymentStatus(id, status, tx) {
      await updateAppointment(tx, id, { paymentStatus: status }, now());
      const v = await view(id, tx);
      if (status === 'refunded') await announce.refunded(tx, v);
      return async () => {
        if (status === 'refunded') jobs.runSoon();
        else announce.signalTo(v.patient.userId, await view(id), realtimeEvents.appointmentModified);
      };
    },
  });

  // Patients and documents: a doctor's own patients have a scheduled, running or completed consultation with it.
  deps.patients.bindDoctorsPatients({
    isDoctorOfPatient: (doctorId, patientId) => isDoctorOfPatient(db, doctorId, patientId),
    patientIdsOfDoctor: (doctorId) => patientIdsOfDoctor(db, doctorId),
  });

  // Account removal cancels the patient's pending appointments in the removal's transaction (refunds as for the
  // patient's own cancellation) and queues the doctors' notices; their texts are written now, before the name goes.
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (!patientId) return;
    for (const row of await lockAllPendingOfPatient(tx, patientId)) {
      await deps.changes.cancelInTx(tx, row, 'account-removed');
      await announce.cancelled(tx, await view(row.id, tx), { patient: false, refund: false });
    }
    return async () => jobs.runSoon();
  });
}
