import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Storage } from './lib/storage.ts';
import { userRoom } from '@rozmova/contracts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAppointmentsService } from './modules/appointments/appointments.service.ts';
import { createDoctorsPatients } from './modules/appointments/doctors-patients.ts';
import { createReviewModeration } from './modules/feedback/review-moderation.service.ts';
import { createPaymentsAdmin } from './modules/payments/payments-admin.service.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessions } from './modules/auth/sessions.ts';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { createCorporateService } from './modules/corporate/corporate.service.ts';
import { createRecordAccessService } from './modules/audit/record-access.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createDemoService } from './modules/demo/demo.service.ts';
import { createFaqService } from './modules/faq/faq.service.ts';
import { createCallReports } from './modules/support-desk/call-reports.ts';
import { createSupportDeskService } from './modules/support-desk/support-desk.service.ts';
import { createDoctorsService } from './modules/doctors/doctors.service.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createMeetingsService } from './modules/meetings/meetings.service.ts';
import { createFeedbackService } from './modules/feedback/feedback.service.ts';
import { createRatings } from './modules/feedback/ratings.ts';
import { createDomainEvents } from './modules/jobs/domain-events.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPatientNotesService } from './modules/patient-notes/patient-notes.service.ts';
import { createPatientsService } from './modules/patients/patients.service.ts';
import { createAwayDelivery } from './modules/push/push.away.ts';
import { createBroadcastsService } from './modules/push/push.broadcasts.ts';
import { createPushService } from './modules/push/push.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createQuizService } from './modules/quiz/quiz.service.ts';
import { createRateLimitService } from './modules/rate-limit/rate-limit.service.ts';
import { createSpecialistsService } from './modules/specialists/specialists.service.ts';
import { createSupportService } from './modules/support/support.service.ts';
import type { RealtimeBus } from './realtime/bus.ts';
import type { MeetingPresence } from './realtime/presence.ts';

interface ServiceDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  realtime: RealtimeBus;
  presence: MeetingPresence;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** What every other module builds on: accounts and their hooks, the queue and events, notifications, patients, doctors. */
function createPlatformServices(deps: ServiceDeps) {
  const { config, clock, mailer, realtime, log } = deps;
  const db = deps.database.db;
  const rateLimit = createRateLimitService({ db, clock });
  const audit = createAuditService({ db });
  const quiz = createQuizService({ db });
  // Accounts come first and import no other module: the modules that keep rows of an account register hooks with it
  // (creation and removal), in the order they are built here.
  const accounts = createAccountsService({ db, clock });
  const push = createPushService({ db, clock, log, settings: config.push, outbound: config.outbound, accounts });
  // Read models other modules are given: a doctor's own patients (appointments' table), doctors' ratings (feedback's).
  const doctorsPatients = createDoctorsPatients(db);
  const patients = createPatientsService({ db, clock, audit, quiz, accounts, savePushToken: push.saveToken, doctorsPatients });
  const jobs = createJobsService({ db, clock, log });
  const events = createDomainEvents({ clock, jobs });
  const notifications = createNotificationsService({ db, mailer, realtime, publicUrl: config.publicUrl, accounts, push });
  const doctors = createDoctorsService({ db, clock, ratingsOf: createRatings(db) });
  accounts.onAccountCreated(async (user, tx) => {
    if (user.role === 'doctor') await doctors.createProfile(user.id, tx);
  });
  return { db, rateLimit, audit, quiz, accounts, push, doctorsPatients, patients, jobs, events, notifications, doctors };
}

/** Care: booking, paying, documents, feedback and doctors' notes. */
function createCareServices(deps: ServiceDeps, platform: ReturnType<typeof createPlatformServices>) {
  const { config, clock, realtime, log } = deps;
  const { db, accounts, doctors, patients, events, jobs, notifications, audit, rateLimit, doctorsPatients } = platform;
  // Appointments publish `appointment.cancelled` (payments refunds) and give payments their side of an appointment.
  const appointments = createAppointmentsService({
    db,
    clock,
    accounts,
    doctors,
    patients,
    events,
    jobs,
    notifications,
    realtime,
    audit,
    rateLimit,
    publicUrl: config.publicUrl,
    landingBookingsPerHour: config.landingBookingsPerHour,
  });
  const payments = createPaymentsService({
    db,
    clock,
    jobs,
    events,
    appointments: appointments.payments,
    log,
    publicUrl: config.publicUrl,
    settings: config.payments,
  });
  const documents = createDocumentsService({
    db,
    storage: deps.storage,
    clock,
    audit,
    accounts,
    isDoctorOfPatient: doctorsPatients.isDoctorOfPatient,
    patientExists: patients.exists,
  });
  const feedback = createFeedbackService({ db, accounts, appointments, clinicName: config.clinicName });
  const patientNotes = createPatientNotesService({
    db,
    audit,
    isDoctorOfPatient: doctorsPatients.isDoctorOfPatient,
    patientExists: patients.exists,
  });
  return { appointments, payments, documents, feedback, patientNotes };
}

/** Conversations: support, messages and their delivery when away, broadcasts, the meeting room. */
function createConversationServices(
  deps: ServiceDeps,
  platform: ReturnType<typeof createPlatformServices>,
  care: ReturnType<typeof createCareServices>,
) {
  const { config, clock, mailer, realtime, log } = deps;
  const { db, audit, jobs, patients, rateLimit, accounts, doctorsPatients, push, notifications } = platform;
  const { appointments } = care;
  // Support owns the conversation workflow and writes the chat columns only through the patients service; messages
  // reach it through its port (a support message moves the conversation; typing and delivery ask for the holder).
  const support = createSupportService({ db, clock, realtime, audit, jobs, patients });
  const messages = createMessagesService({
    db,
    clock,
    realtime,
    audit,
    rateLimit,
    accounts,
    isDoctorOfPatient: doctorsPatients.isDoctorOfPatient,
    support,
    log,
  });
  const away = createAwayDelivery({
    db,
    clock,
    jobs,
    push,
    mailer,
    notifications,
    publicUrl: config.publicUrl,
    isConnected: async (userId) => (await realtime.userIdsIn(userRoom(userId))).length > 0,
  });
  messages.onMessageCreated(away.onMessageCreated);
  const broadcasts = createBroadcastsService({ db, clock, jobs, rateLimit, notifications });
  const meetings = createMeetingsService({
    db,
    clock,
    appointments,
    audit,
    rateLimit,
    callReports: createCallReports({ db }),
    mailer,
    realtime,
    presence: deps.presence,
    contactEmail: config.contactEmail,
    ice: config.ice,
  });
  return { support, messages, broadcasts, meetings };
}

/** Signing in, the staff's tools and the site's forms. */
function createStaffServices(
  deps: ServiceDeps,
  platform: ReturnType<typeof createPlatformServices>,
  care: ReturnType<typeof createCareServices>,
  conversations: ReturnType<typeof createConversationServices>,
) {
  const { config, clock, mailer, realtime, log } = deps;
  const { db, rateLimit, audit, accounts, jobs, doctors, patients } = platform;
  const { payments } = care;
  const { messages } = conversations;
  // Sessions start for auth's sign-in and for two-factor's second step; auth is given two-factor's rule for what
  // follows the password.
  const sessions = createSessions({ db, clock, realtime });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    rateLimit,
    audit,
    accounts,
    sessions,
    settings: { ...config.twoFactor, issuer: config.clinicName },
  });
  const auth = createAuthService({ db, clock, mailer, accounts, rateLimit, sessions, jobs, secondStep: twoFactor.secondStep });
  const admin = createAdminService({ db, accounts, auth, doctors });
  const specialists = createSpecialistsService({
    db,
    clock,
    storage: deps.storage,
    mailer,
    publicUrl: config.publicUrl,
    audit,
    accounts,
    doctors,
    warn: (message) => log.warn(message),
  });
  const reviewModeration = createReviewModeration({ db, audit });
  const paymentsAdmin = createPaymentsAdmin({ db, clock, log, audit, payments });
  const contact = createContactService({ mailer, contactEmail: config.contactEmail });
  const recordAccess = createRecordAccessService({ db });
  const corporate = createCorporateService({ db, mailer, rateLimit, contactEmail: config.contactEmail });
  const faq = createFaqService({ db, rateLimit });
  // The desk answers a patient in the chat through the messages service, as the operator would write it.
  const supportDesk = createSupportDeskService({
    db,
    clock,
    mailer,
    storage: deps.storage,
    rateLimit,
    audit,
    publicUrl: config.publicUrl,
    accounts,
    chatReply: async (operator, patientId, text) => {
      await messages.send(operator, {
        message_text: text,
        message_recipientType: 'patient',
        message_patientId: patientId,
        client_message_id: randomUUID(),
      });
    },
  });
  const demo = createDemoService({ accounts, doctors, patients, faq, dataDir: config.dataDir });
  return { twoFactor, auth, admin, specialists, reviewModeration, paymentsAdmin, contact, recordAccess, corporate, faq, supportDesk, demo };
}

/**
 * Every module's service, built once per app in the order their dependencies need; the modules that keep rows of an
 * account register their hooks in this order too.
 */
export function createServices(deps: ServiceDeps) {
  const platform = createPlatformServices(deps);
  const care = createCareServices(deps, platform);
  const conversations = createConversationServices(deps, platform, care);
  const staff = createStaffServices(deps, platform, care, conversations);
  const { accounts, rateLimit, audit, quiz, push, patients, jobs, notifications, doctors } = platform;
  return {
    accounts,
    rateLimit,
    audit,
    quiz,
    push,
    patients,
    jobs,
    notifications,
    doctors,
    ...care,
    ...conversations,
    ...staff,
    mailer: deps.mailer,
    realtime: deps.realtime,
  };
}

export type Services = ReturnType<typeof createServices>;
