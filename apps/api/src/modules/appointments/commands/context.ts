import type { Appointment } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { DoctorsService } from '../../doctors/doctors.service.ts';
import type { DomainEvents } from '../../jobs/domain-events.ts';
import type { JobsService } from '../../jobs/jobs.service.ts';
import type { NotificationsService } from '../../notifications/notifications.service.ts';
import type { PatientsService } from '../../patients/patients.service.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import type { Announcements } from '../appointments.announcements.ts';
import type { AppointmentChanges } from '../appointments.changes.ts';
import type { TimedWork } from '../appointments.jobs.ts';
import { toAppointment } from '../appointments.mapping.ts';
import { canSee, type Actor } from '../appointments.policy.ts';
import { findAppointmentView, lockAppointment, type AppointmentRow, type AppointmentView } from '../appointments.repository.ts';

export interface AppointmentsDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountsService, 'findByEmail' | 'createAccount' | 'onAccountRemoved'>;
  doctors: Pick<DoctorsService, 'getBookingProfile' | 'checkBookable'>;
  patients: Pick<PatientsService, 'takeFreeConsultation' | 'giveBackFreeConsultation'>;
  events: Pick<DomainEvents, 'publish'>;
  jobs: Pick<JobsService, 'register' | 'schedule' | 'enqueue' | 'cancel' | 'runSoon'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: RealtimeBus;
  audit: Pick<AuditService, 'record'>;
  rateLimit: Pick<RateLimitService, 'consume'>;
  /** Landing bookings one client address may make in an hour (each makes an account and holds a slot). */
  landingBookingsPerHour: number;
  publicUrl: string;
}

/** What every use case of appointments is given: the module's dependencies and its shared pieces. */
export interface AppointmentsContext extends AppointmentsDeps {
  announce: Announcements;
  timed: TimedWork;
  changes: AppointmentChanges;
  /** Tells the meetings module of a change (after the commit). */
  changed(v: AppointmentView, previousDoctorUserId?: string): void;
}

/** The appointment with its doctor and patient; 404 when there is none. */
export async function viewOf(db: Db, id: string): Promise<AppointmentView> {
  const found = await findAppointmentView(db, id);
  if (!found) throw notFound('Appointment');
  return found;
}

/** Locks the appointment until the transaction ends, if the actor may see it; to anyone else it does not exist. */
export async function lockVisible(tx: Db, actor: Actor, id: string): Promise<AppointmentRow> {
  const row = await lockAppointment(tx, id);
  if (!row || !canSee(actor, row)) throw notFound('Appointment');
  return row;
}

/** After a commit that queued notifications: they go out now rather than at the next poll. */
export function answer(ctx: Pick<AppointmentsContext, 'jobs'>, v: AppointmentView, viewerId: string): Appointment {
  ctx.jobs.runSoon();
  return toAppointment(v, viewerId);
}
