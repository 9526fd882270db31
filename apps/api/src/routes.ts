import type { FastifyInstance } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { registerAppointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAdminConsoleRoutes } from './modules/admin/admin-console.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { registerContactRoutes } from './modules/contact/contact.routes.ts';
import { registerCorporateRoutes } from './modules/corporate/corporate.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerRecordAccessRoutes } from './modules/audit/record-access.routes.ts';
import { registerFaqRoutes } from './modules/faq/faq.routes.ts';
import { registerSupportDeskRoutes } from './modules/support-desk/support-desk.routes.ts';
import { registerDoctorRoutes } from './modules/doctors/doctors.routes.ts';
import { registerDocumentsRoutes } from './modules/documents/documents.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerPublishedReviewsRoute } from './modules/feedback/published.routes.ts';
import { registerMeetingRoutes } from './modules/meetings/meetings.routes.ts';
import { registerMeetingSocket } from './modules/meetings/meetings.socket.ts';
import { registerMessageRoutes } from './modules/messages/messages.routes.ts';
import { registerMessagesSocket } from './modules/messages/messages.socket.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { registerPatientRoutes } from './modules/patients/patients.routes.ts';
import { registerPatientNotesRoutes } from './modules/patient-notes/patient-notes.routes.ts';
import { registerPushRoutes } from './modules/push/push.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { registerQuizRoutes } from './modules/quiz/quiz.routes.ts';
import { registerSpecialistRoutes } from './modules/specialists/specialists.routes.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { registerSupportSocket } from './modules/support/support.socket.ts';
import { registerMonitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { createMonitoringService } from './modules/monitoring/monitoring.service.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import type { WebApp } from './modules/system/system.service.ts';
import type { Services } from './services.ts';

export interface RouteDeps {
  services: Services;
  io: SocketServer;
  config: Config;
  clock: Clock;
  web: WebApp;
  mailer: Mailer;
  ping: Database['ping'];
}

/** Every module's HTTP routes and socket handlers, on the services they call. */
export async function registerRoutes(app: FastifyInstance, { services, io, config, clock, web, mailer, ping }: RouteDeps) {
  registerAuthRoutes(app, { auth: services.auth });
  registerTwoFactorRoutes(app, { twoFactor: services.twoFactor });
  registerAdminRoutes(app, { admin: services.admin });
  registerAdminConsoleRoutes(app, { reviews: services.reviewModeration, payments: services.paymentsAdmin });
  registerContactRoutes(app, { contact: services.contact });
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
  registerMessagesSocket(io, { messages: services.messages, clock });
  registerSupportRoutes(app, { support: services.support });
  registerSupportSocket(io, { availability: services.support.availability, log: app.log });
  registerDoctorRoutes(app, { doctors: services.doctors });
  await registerSpecialistRoutes(app, { specialists: services.specialists });
  registerAppointmentRoutes(app, { appointments: services.appointments, auth: services.auth });
  registerMeetingRoutes(app, { meetings: services.meetings });
  registerPushRoutes(app, { push: services.push, broadcasts: services.broadcasts });
  registerMeetingSocket(io, services.meetings);
  await registerPaymentRoutes(app, { payments: services.payments });
  await registerMonitoringRoutes(app, {
    monitoring: createMonitoringService({
      webDsn: config.sentry.webDsn,
      rateLimit: services.rateLimit,
      warn: (message) => app.log.warn(message),
    }),
  });
  await registerSystemRoutes(app, {
    ping,
    web,
    mailer,
    production: config.production,
  });
}
