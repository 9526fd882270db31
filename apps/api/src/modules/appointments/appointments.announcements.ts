import { randomUUID } from 'node:crypto';
import { realtimeEvents, webPages, type NotificationKind } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { factsOf, toAppointment } from './appointments.mapping.ts';
import { findAppointmentView, type AppointmentView } from './appointments.repository.ts';
import { appointmentTexts, type NotificationTexts } from './appointments.texts.ts';

export const NOTICE_JOB = 'appointment.notice';

/** The events that refresh the screens showing an appointment; each carries the appointment. */
export type AppointmentEvent = (typeof realtimeEvents)['appointmentCreated' | 'appointmentCancelled' | 'appointmentModified'];

interface Notice {
  appointmentId: string;
  userId: string;
  kind: NotificationKind;
  message: NotificationTexts['message'];
  email: NotificationTexts['email'];
  event?: AppointmentEvent;
  /** The page the e-mail and the push open (else the recipient's start page). */
  link?: string;
}

/** The patient's page of its current consultation (docs/product.md §4 step 5): its payment, countdown and the way into the room. */
const CONSULTATION_PAGE = webPages.booking.replace(':page', 'appointment-step5');
/** The patient's past and cancelled consultations in the cabinet. */
const PAST_CONSULTATIONS_PAGE = `${webPages.cabinet}?tab=consultations`;

/**
 * Who hears of a change: one `appointment.notice` job per recipient, queued in the transaction of the change (the job
 * queue is the outbox), and realtime events that refresh both people's screens.
 */
/** The operator's page of the patient, where its consultations are booked again. */
const bookerPage = (v: AppointmentView) => webPages.operatorPatient.replace(':patientId', v.appointment.patientId);

export function createAnnouncements(deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'register' | 'enqueue'>;
  notifications: Pick<NotificationsService, 'notify'>;
  realtime: RealtimeBus;
}) {
  const { db, jobs, realtime } = deps;

  /**
   * Tells people of one change of `v`. `change` names the change (a repeated run of a job passes its own id), so each
   * notification's job key is its own and a notification already queued or delivered is not queued again.
   */
  function noticesOf(tx: Db, v: AppointmentView, change: string = randomUUID()) {
    return (userId: string, kind: NotificationKind, texts: NotificationTexts, event?: AppointmentEvent, link?: string) => {
      const payload: Notice = { appointmentId: v.appointment.id, userId, kind, message: texts.message, email: texts.email, event, link };
      return jobs.enqueue({ kind: NOTICE_JOB, key: `appointment-notice:${change}:${userId}`, runAt: deps.clock.now(), payload }, tx);
    };
  }

  // Delivers one notification (the event carries the appointment as it is by then). A repeated run adds no second
  // in-app notification: the job key is its delivery key. A mail server that did not take the e-mail fails the run,
  // and the queue retries it.
  jobs.register(NOTICE_JOB, async (n: Notice, job) => {
    const v = n.event ? await findAppointmentView(db, n.appointmentId) : undefined;
    const event = v && n.event ? { name: n.event, payload: toAppointment(v, n.userId) } : undefined;
    await deps.notifications.notify(job.key, n.userId, {
      kind: n.kind,
      appointmentId: n.appointmentId,
      message: n.message,
      email: n.email,
      event,
      link: n.link,
    });
  });

  return {
    /** A realtime event only (no notification): screens of both people refresh. */
    signal(v: AppointmentView, event: AppointmentEvent): void {
      realtime.toUser(v.patient.userId, event, toAppointment(v, v.patient.userId));
      realtime.toUser(v.doctor.userId, event, toAppointment(v, v.doctor.userId));
    },

    /** The event to one person only. */
    signalTo(userId: string, v: AppointmentView, event: AppointmentEvent): void {
      realtime.toUser(userId, event, toAppointment(v, userId));
    },

    async created(tx: Db, v: AppointmentView, fromLanding: boolean): Promise<void> {
      const f = factsOf(v);
      const tell = noticesOf(tx, v);
      const payBy = v.appointment.holdExpiresAt ?? undefined;
      await tell(
        v.patient.userId,
        'appointment-created',
        appointmentTexts.createdForPatient(f, { payBy, price: v.appointment.price, setPassword: fromLanding }),
        realtimeEvents.appointmentCreated,
        CONSULTATION_PAGE,
      );
      await tell(v.doctor.userId, 'appointment-created', appointmentTexts.createdForDoctor(f), realtimeEvents.appointmentCreated);
    },

    async moved(tx: Db, v: AppointmentView, previousDoctorId: string): Promise<void> {
      const f = factsOf(v);
      const tell = noticesOf(tx, v);
      await tell(
        v.patient.userId,
        'appointment-modified',
        appointmentTexts.movedForPatient(f),
        realtimeEvents.appointmentModified,
        CONSULTATION_PAGE,
      );
      if (previousDoctorId !== v.doctor.userId) {
        // The first doctor loses the consultation, the new one gains it.
        await tell(previousDoctorId, 'appointment-cancelled', appointmentTexts.cancelledForDoctor(f), realtimeEvents.appointmentCancelled);
        await tell(v.doctor.userId, 'appointment-created', appointmentTexts.createdForDoctor(f), realtimeEvents.appointmentCreated);
      } else {
        await tell(v.doctor.userId, 'appointment-modified', appointmentTexts.movedForDoctor(f), realtimeEvents.appointmentModified);
      }
    },

    async cancelled(tx: Db, v: AppointmentView, options: { patient: boolean; refund: boolean }): Promise<void> {
      const f = factsOf(v);
      const tell = noticesOf(tx, v);
      const why = v.appointment.cancelledBy === 'payment-timeout' ? 'payment-timeout' : 'other';
      if (options.patient) {
        await tell(
          v.patient.userId,
          'appointment-cancelled',
          appointmentTexts.cancelledForPatient(f, why, options.refund),
          realtimeEvents.appointmentCancelled,
          PAST_CONSULTATIONS_PAGE,
        );
      }
      await tell(v.doctor.userId, 'appointment-cancelled', appointmentTexts.cancelledForDoctor(f), realtimeEvents.appointmentCancelled);
      // Staff who booked an unpaid consultation for the patient learn that the hold ran out, so they can follow up.
      const booker = v.appointment.bookedBy;
      if (why === 'payment-timeout' && booker && booker !== v.patient.userId) {
        await tell(booker, 'appointment-cancelled', appointmentTexts.holdRanOutForBooker(f), undefined, bookerPage(v));
      }
    },

    /** Reminders of one job run: named by the job's id, so a repeated run queues none again. */
    async reminded(tx: Db, v: AppointmentView, minutesBefore: number, jobId: string): Promise<void> {
      const f = factsOf(v);
      const tell = noticesOf(tx, v, jobId);
      await tell(
        v.patient.userId,
        'appointment-reminder',
        appointmentTexts.reminder(f, minutesBefore, false),
        undefined,
        CONSULTATION_PAGE,
      );
      await tell(v.doctor.userId, 'appointment-reminder', appointmentTexts.reminder(f, minutesBefore, true));
    },

    paid: (tx: Db, v: AppointmentView) =>
      noticesOf(tx, v)(v.patient.userId, 'payment', appointmentTexts.paid(factsOf(v)), realtimeEvents.appointmentModified),

    refunded: (tx: Db, v: AppointmentView) =>
      noticesOf(tx, v)(v.patient.userId, 'payment', appointmentTexts.refunded(factsOf(v)), realtimeEvents.appointmentModified),
  };
}

export type Announcements = ReturnType<typeof createAnnouncements>;
