import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { userRoom } from '@rozmova/contracts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccessControl, type Access } from './http/access.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mailer.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { registerAppointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { createAppointmentsService } from './modules/appointments/appointments.service.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAdminConsoleRoutes } from './modules/admin/admin-console.routes.ts';
import { createReviewModeration } from './modules/feedback/review-moderation.service.ts';
import { createPaymentsAdmin } from './modules/payments/payments-admin.service.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerContactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { registerCorporateRoutes } from './modules/corporate/corporate.routes.ts';
import { createCorporateService } from './modules/corporate/corporate.service.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerRecordAccessRoutes } from './modules/audit/record-access.routes.ts';
import { createRecordAccessService } from './modules/audit/record-access.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createDemoService } from './modules/demo/demo.service.ts';
import { registerFaqRoutes } from './modules/faq/faq.routes.ts';
import { createFaqService } from './modules/faq/faq.service.ts';
import { registerSupportDeskRoutes } from './modules/support-desk/support-desk.routes.ts';
import { createSupportDeskService } from './modules/support-desk/support-desk.service.ts';
import { registerDoctorRoutes } from './modules/doctors/doctors.routes.ts';
import { createDoctorsService } from './modules/doctors/doctors.service.ts';
import { registerDocumentsRoutes } from './modules/documents/documents.routes.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerPublishedReviewsRoute } from './modules/feedback/published.routes.ts';
import { registerMeetingRoutes } from './modules/meetings/meetings.routes.ts';
import { createMeetingsService } from './modules/meetings/meetings.service.ts';
import { registerMeetingSocket } from './modules/meetings/meetings.socket.ts';
import { createFeedbackService } from './modules/feedback/feedback.service.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { registerMessagesSocket } from './modules/messages/messages.socket.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { registerPatientRoutes } from './modules/patients/patients.routes.ts';
import { registerPatientNotesRoutes } from './modules/patient-notes/patient-notes.routes.ts';
import { createPatientNotesService } from './modules/patient-notes/patient-notes.service.ts';
import { createPatientsService } from './modules/patients/patients.service.ts';
import { createAwayDelivery } from './modules/push/push.away.ts';
import { createBroadcastsService } from './modules/push/push.broadcasts.ts';
import { registerPushRoutes } from './modules/push/push.routes.ts';
import { createPushService } from './modules/push/push.service.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { LIQPAY_CHECKOUT_URL } from './modules/payments/providers/liqpay.ts';
import { registerQuizRoutes } from './modules/quiz/quiz.routes.ts';
import { createQuizService } from './modules/quiz/quiz.service.ts';
import { createRateLimitService } from './modules/rate-limit/rate-limit.service.ts';
import { registerSpecialistRoutes } from './modules/specialists/specialists.routes.ts';
import { createSpecialistsService } from './modules/specialists/specialists.service.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { createSupportService } from './modules/support/support.service.ts';
import { registerSupportSocket } from './modules/support/support.socket.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { loadWebApp } from './modules/system/system.service.ts';
import { createRealtimeBus, type RealtimeBus } from './realtime/bus.ts';
import { createGateway } from './realtime/gateway.ts';
import { createMeetingPresence, type MeetingPresence } from './realtime/presence.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where uploaded documents are kept; default `DATA_DIR/uploads`. */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  hasBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with who may call it; the malformed-input and authorization tests walk it. */
    routeTable: RouteInfo[];
    services: Services;
  }
}

const isApiUrl = (url: string) => url.startsWith('/v1/') || url.startsWith('/api/');

export function createLoggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-location"]'],
  };
}

function createServices(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  realtime: RealtimeBus;
  presence: MeetingPresence;
  storage: Storage;
  log: FastifyBaseLogger;
}) {
  const { config, clock, mailer, realtime, log } = deps;
  const db = deps.database.db;
  const rateLimit = createRateLimitService({ db, clock });
  const audit = createAuditService({ db });
  const quiz = createQuizService({ db });
  // Accounts come first and import no other module: the modules that keep rows of an account register hooks with it
  // (creation and removal), in the order they are built here.
  const accounts = createAccountsService({ db, clock });
  const push = createPushService({ db, clock, log, settings: config.push, outbound: config.outbound, accounts });
  const patients = createPatientsService({ db, clock, audit, quiz, accounts, savePushToken: push.saveToken });
  const jobs = createJobsService({ db, clock, log });
  const notifications = createNotificationsService({ db, mailer, realtime, publicUrl: config.publicUrl, accounts, push });
  const doctors = createDoctorsService({ db, clock });
  accounts.onAccountCreated(async (user, tx) => {
    if (user.role === 'doctor') await doctors.createProfile(user.id, tx);
  });
  const payments = createPaymentsService({ db, clock, jobs, log, publicUrl: config.publicUrl, settings: config.payments });
  // Appointments bind the ports of payments and patients (a doctor's own patients) and the account-removal hook.
  const appointments = createAppointmentsService({
    db,
    clock,
    accounts,
    doctors,
    patients,
    payments,
    jobs,
    notifications,
    realtime,
    audit,
    rateLimit,
    publicUrl: config.publicUrl,
    landingBookingsPerHour: config.landingBookingsPerHour,
  });
  const documents = createDocumentsService({
    db,
    storage: deps.storage,
    clock,
    audit,
    accounts,
    isDoctorOfPatient: appointments.isDoctorOfPatient,
    patientExists: patients.exists,
  });
  const feedback = createFeedbackService({ db, accounts, appointments, clinicName: config.clinicName });
  doctors.bindRatings(feedback.ratingsOf);
  const patientNotes = createPatientNotesService({
    db,
    audit,
    isDoctorOfPatient: appointments.isDoctorOfPatient,
    patientExists: patients.exists,
  });
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
    isDoctorOfPatient: appointments.isDoctorOfPatient,
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
    mailer,
    realtime,
    presence: deps.presence,
    contactEmail: config.contactEmail,
    ice: config.ice,
  });
  const auth = createAuthService({ db, clock, mailer, accounts, rateLimit, realtime, jobs });
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
  return {
    accounts,
    auth,
    admin,
    reviewModeration,
    paymentsAdmin,
    contact,
    corporate,
    recordAccess,
    demo,
    faq,
    supportDesk,
    rateLimit,
    patients,
    specialists,
    audit,
    quiz,
    documents,
    feedback,
    patientNotes,
    messages,
    support,
    jobs,
    notifications,
    doctors,
    payments,
    appointments,
    meetings,
    push,
    broadcasts,
    mailer,
    realtime,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  const mailer = deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(app.log));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const web = loadWebApp(config);
  await registerSecurityHeaders(app, {
    config,
    scriptHashes: web.scriptHashes,
    formActions: config.payments.liqpay ? [new URL(LIQPAY_CHECKOUT_URL).origin] : [],
  });
  registerInputGuard(app);

  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Pages and static files are public; every API route must say who may call it.
    if (route.config?.access === undefined && !isApiUrl(route.url)) route.config = { ...route.config, access: 'public' };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !isApiUrl(route.url)) continue;
      routeTable.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'public',
        hasBody: Boolean(route.schema?.body),
        hasParams: Boolean(route.schema?.params),
        hasQuery: Boolean(route.schema?.querystring),
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const gateway = await createGateway(app.server, { redisUrl: config.redisUrl, clock, log: app.log });
  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  const services = createServices({
    config,
    database,
    clock,
    mailer,
    realtime: createRealtimeBus(gateway.io),
    presence: createMeetingPresence(gateway.io),
    storage,
    log: app.log,
  });
  const { auth, admin, contact, rateLimit } = services;
  app.decorate('services', services);
  gateway.useAuth(auth);

  registerAccessControl(app, { auth, rateLimit, authRequestsPerMinute: config.authRateLimitPerMinute });
  registerAuthRoutes(app, { auth });
  registerAdminRoutes(app, { admin });
  registerAdminConsoleRoutes(app, { reviews: services.reviewModeration, payments: services.paymentsAdmin });
  registerContactRoutes(app, { contact });
  registerFaqRoutes(app, { faq: services.faq });
  await registerSupportDeskRoutes(app, { desk: services.supportDesk });
  registerCorporateRoutes(app, { corporate: services.corporate });
  registerQuizRoutes(app, { quiz: services.quiz });
  registerPatientRoutes(app, { patients: services.patients });
  registerPatientNotesRoutes(app, { notes: services.patientNotes });
  registerAuditRoutes(app, { audit: services.audit });
  registerRecordAccessRoutes(app, { recordAccess: services.recordAccess });
  await registerDocumentsRoutes(app, { documents: services.documents });
  registerFeedbackRoutes(app, { feedback: services.feedback });
  registerPublishedReviewsRoute(app, { feedback: services.feedback });
  registerNotificationRoutes(app, { notifications: services.notifications });
  registerMessageRoutes(app, { messages: services.messages });
  registerMessagesSocket(gateway.io, { messages: services.messages, clock });
  registerSupportRoutes(app, { support: services.support });
  registerSupportSocket(gateway.io, { availability: services.support.availability, log: app.log });
  registerDoctorRoutes(app, { doctors: services.doctors });
  await registerSpecialistRoutes(app, { specialists: services.specialists });
  registerAppointmentRoutes(app, { appointments: services.appointments, auth });
  registerMeetingRoutes(app, { meetings: services.meetings });
  registerPushRoutes(app, { push: services.push, broadcasts: services.broadcasts });
  registerMeetingSocket(gateway.io, services.meetings);
  await registerPaymentRoutes(app, { payments: services.payments });
  await registerSystemRoutes(app, {
    ping: database.ping,
    web,
    mailer,
    production: config.production,
  });

  // Due jobs are polled once the app is ready (every handler is registered by then); 0 turns the worker off.
  if (config.jobsPollMs > 0) app.addHook('onReady', async () => services.jobs.start(config.jobsPollMs));

  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await gateway.close();
    await mailer.close();
  });

  return Object.assign(app, { services, io: gateway.io });
}
