import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { payments, rateLimits } from '../db/schema.ts';
import { call, PASSWORD, uniqueEmail, type SignedIn, type TestContext } from './harness.ts';
import { walkFixtures } from './walk-fixtures.ts';
import { twoFactorWalkRequests } from './walk-requests-two-factor.ts';
import { fillId, templates, walkSubscription } from './walk-templates.ts';

/** A valid request per route for the authorization walk, made with the walk's own test app. */

export interface Cell {
  owner: SignedIn;
  actor?: SignedIn;
}

export function walkRequests(t: TestContext) {
  const walk = walkFixtures(t);
  const requests: Record<string, (cell: Cell) => Promise<{ url?: string; body?: object; headers?: Record<string, string> }>> = {
    'POST /v1/auth/login': async ({ owner }) => ({ body: { email: owner.email, password: PASSWORD, role: 'patient' } }),
    'POST /v1/auth/logout': async () => ({}),
    'POST /v1/verification-codes/register/send-code': async () => ({ body: { email: uniqueEmail('walk') } }),
    'POST /v1/verification-codes/recover-pass/send-code': async ({ owner }) => ({ body: { email: owner.email } }),
    'POST /v1/verification-codes/check-code': async () => {
      const email = uniqueEmail('walk');
      return { body: { email, code: await walk.registerCode(email), type: 'register' } };
    },
    'POST /v1/auth/register-patient': async () => {
      const email = uniqueEmail('walk');
      return { body: { email, code: await walk.registerCode(email), password: PASSWORD, user_name: 'Walker' } };
    },
    'POST /v1/auth/verify-password': async () => ({ body: { password: PASSWORD } }),
    'GET /v1/auth/profile': async () => ({}),
    'PUT /v1/auth/profile': async () => ({ body: { user_name: 'Changed by caller', locale: 'en' } }),
    // Confirmed first where the caller can (a refused confirmation shows in the removal's answer).
    'DELETE /v1/auth/profile': async ({ actor }) => {
      if (actor) await call(t.app, 'POST', '/v1/auth/verify-password', { token: actor.token, body: { password: PASSWORD } });
      return {};
    },
    'POST /v1/auth/setup-password': async () => ({ body: { password: 'Another-Secret-42' } }),
    'POST /v1/admin/users': async () => ({
      body: { email: uniqueEmail('made'), password: 'Staff-Secret-2025', user_name: 'Made', user_role: 'operator' },
    }),
    'GET /v1/admin/users': async () => ({}),
    'PATCH /v1/admin/users/:id': async ({ owner }) => ({ url: fillId('/v1/admin/users/:id', owner.userId), body: { is_active: false } }),
    'POST /v1/contact': async () => ({ body: { name: 'Visitor', email: uniqueEmail('visitor'), message: 'Hello' } }),
    'GET /v1/user-references/list-and-count-my': async () => ({}),
    'POST /v1/user-references/create-my': async () => {
      const boundary = 'walk-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      return {
        body: Buffer.concat([Buffer.from(head), walk.WALK_PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
    'PATCH /v1/user-references/:id': async ({ owner }) => ({
      url: fillId('/v1/user-references/:id', await walk.documentOf(owner)),
      body: { status: 'reviewed' },
    }),
    'DELETE /v1/user-references/:id/my': async ({ owner }) => ({ url: fillId('/v1/user-references/:id/my', await walk.documentOf(owner)) }),
    'GET /v1/user-references/:id/file': async ({ owner }) => ({
      url: fillId('/v1/user-references/:id/file', await walk.documentOf(owner)),
    }),
    'POST /v1/feedback': async () => ({ body: { type: 'quiz', feedback_rating: 5, feedback_comment: 'Good' } }),
    'GET /v1/feedback': async () => ({}),
    'GET /v1/feedback/user/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/user/:id', owner.userId) }),
    'POST /v1/feedback/user/:id': async ({ owner }) => ({
      url: fillId('/v1/feedback/user/:id', owner.userId),
      body: { type: 'quiz', feedback_rating: 4 },
    }),
    'GET /v1/feedback/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/:id', await walk.feedbackOf(owner)) }),
    // The author changes the text; an admin publishes (each may do only that).
    'PUT /v1/feedback/:id': async ({ owner, actor }) => ({
      url: fillId('/v1/feedback/:id', await walk.feedbackOf(owner)),
      body: actor && actor.userId !== owner.userId && actor.email.startsWith('admin') ? { is_published: true } : { feedback_rating: 2 },
    }),
    'DELETE /v1/feedback/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/:id', await walk.feedbackOf(owner)) }),
    'GET /v1/quizz': async () => ({}),
    'POST /v1/quizz': async () => ({ body: templates['POST /v1/quizz']! }),
    'PUT /v1/quizz/:id': async () => ({
      url: fillId('/v1/quizz/:id', await walk.newQuestionId()),
      body: { question_text: { uk: 'Змінене питання', en: 'Changed question' } },
    }),
    'DELETE /v1/quizz/:id': async () => ({ url: fillId('/v1/quizz/:id', await walk.newQuestionId()) }),
    'GET /v1/quizz/level-rules': async () => ({}),
    'PUT /v1/quizz/level-rules': async () => ({ body: { rules: [{ level: 'red', letter: 'B', min: 0, max: 1000 }] } }),
    'GET /v1/patients/:id': async ({ owner }) => ({ url: fillId('/v1/patients/:id', (await walk.idsOf(owner)).patientId) }),
    'PUT /v1/patients/:id': async ({ owner }) => ({
      url: fillId('/v1/patients/:id', (await walk.idsOf(owner)).patientId),
      body: { user_push_token: JSON.stringify(walkSubscription()) },
    }),
    'GET /v1/patients-cards/:id': async ({ owner }) => ({ url: fillId('/v1/patients-cards/:id', (await walk.idsOf(owner)).cardId) }),
    'PUT /v1/patients-cards/:id': async ({ owner }) => ({
      url: fillId('/v1/patients-cards/:id', (await walk.idsOf(owner)).cardId),
      body: { patient_quizz_results: [], patient_quizz_is_completed: false },
    }),
    'GET /v1/patients/lookup': async ({ owner }) => ({ url: `/v1/patients/lookup?findCriteria=${encodeURIComponent(owner.email)}` }),
    'GET /v1/patients': async () => ({}),
    'GET /v1/admin/audit-log': async () => ({}),
    'GET /v1/notifications/user/:id': async ({ owner }) => ({ url: fillId('/v1/notifications/user/:id', owner.userId) }),
    'POST /v1/notifications': async ({ owner }) => ({ body: { notification_message: 'Walk', users_user_id: owner.userId } }),
    'GET /v1/push/public-key': async () => ({}),
    'POST /v1/push/subscriptions': async () => ({ body: { user_push_token: walkSubscription() } }),
    'DELETE /v1/push/subscriptions': async ({ owner }) => {
      const device = walkSubscription();
      await t.services.push.save(owner.userId, device);
      return { body: { endpoint: device.endpoint } };
    },
    'POST /v1/admin/broadcasts': async () => ({ body: { audience: 'doctors', title: 'Walk', message: 'Walk' } }),
    'GET /v1/admin/broadcasts': async () => ({}),
    'DELETE /v1/notifications/:id': async ({ owner }) => ({ url: fillId('/v1/notifications/:id', await walk.notificationOf(owner)) }),
    'PUT /v1/notifications/mark-all-as-read': async () => ({}),
    'DELETE /v1/notifications/clear-all': async () => ({}),
    // Patients write to the operators, staff to the owner.
    'POST /v1/messages': async ({ owner, actor }) => ({
      body: {
        message_text: 'Walk',
        message_recipientType: !actor || actor.email.startsWith('patient') ? 'operator' : 'patient',
        message_patientId: (await walk.idsOf(owner)).patientId,
        client_message_id: randomUUID(),
      },
    }),
    'GET /v1/messages': async ({ owner }) => ({ url: `/v1/messages?patientId=${(await walk.idsOf(owner)).patientId}` }),
    'PATCH /v1/messages/mark-messages-as-read': async ({ owner }) => ({ body: { patientId: (await walk.idsOf(owner)).patientId } }),
    'GET /v1/support/inbox': async () => ({}),
    'POST /v1/patients/:id/claim': async ({ owner }) => ({ url: fillId('/v1/patients/:id/claim', (await walk.idsOf(owner)).patientId) }),
    'POST /v1/patients/:id/transfer': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/transfer', (await walk.idsOf(owner)).patientId),
      body: { operatorId: await walk.operatorOfWalk(), note: 'Walk' },
    }),
    'POST /v1/patients/:id/close': async ({ owner }) => ({ url: fillId('/v1/patients/:id/close', (await walk.idsOf(owner)).patientId) }),
    'POST /v1/patients/:id/reopen': async ({ owner }) => ({ url: fillId('/v1/patients/:id/reopen', (await walk.idsOf(owner)).patientId) }),
    'GET /v1/patients/:id/user-references': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/user-references', (await walk.idsOf(owner)).patientId),
    }),
    'GET /v1/patients/:id/support-events': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/support-events', (await walk.idsOf(owner)).patientId),
    }),
    'GET /v1/support/operators': async () => ({}),
    'PUT /v1/support/availability': async () => ({ body: { availability: 'busy' } }),
    'GET /v1/support/status': async () => ({}),
    'GET /v1/support/canned-replies': async () => ({}),
    'POST /v1/support/canned-replies': async () => ({ body: { title: 'Walk', text: 'Walk' } }),
    'PUT /v1/support/canned-replies/:id': async ({ actor }) => ({
      url: fillId('/v1/support/canned-replies/:id', await walk.cannedReplyOf(actor)),
      body: { title: 'Walk', text: 'Changed' },
    }),
    'DELETE /v1/support/canned-replies/:id': async ({ actor }) => ({
      url: fillId('/v1/support/canned-replies/:id', await walk.cannedReplyOf(actor)),
    }),
    'GET /v1/doctors': async () => ({}),
    'GET /v1/doctors/search': async () => ({ url: '/v1/doctors/search?query=walk' }),
    'GET /v1/doctors/:id': async () => ({ url: fillId('/v1/doctors/:id', await walk.bookableDoctorOfWalk(0)) }),
    'PUT /v1/doctors/:id': async () => ({ url: fillId('/v1/doctors/:id', await walk.doctorOfWalk()), body: { price: 70_000 } }),
    'GET /v1/doctors/:id/available-slots': async ({ owner }) => ({
      url: `${fillId('/v1/doctors/:id/available-slots', await walk.bookableDoctorOfWalk(0))}?patientId=${(await walk.idsOf(owner)).patientId}`,
    }),
    'POST /v1/appointments': async ({ owner }) => {
      const doctor = await walk.bookableDoctorOfWalk(0);
      return {
        body: {
          appointment_doctorId: doctor,
          appointment_patientId: (await walk.idsOf(owner)).patientId,
          appointment_date: walk.walkSlot(),
        },
      };
    },
    'POST /v1/appointments/from-landing': async () => ({
      body: {
        appointmentDto: { appointment_doctorId: await walk.bookableDoctorOfWalk(0), appointment_date: walk.walkSlot() },
        email: uniqueEmail('walk-landing'),
        user_name: 'Walk Visitor',
        accept_terms: true,
      },
    }),
    'GET /v1/appointments': async () => ({}),
    'GET /v1/appointments/:id': async ({ owner }) => ({ url: fillId('/v1/appointments/:id', (await walk.appointmentOf(owner)).id) }),
    'GET /v1/appointments/byroomid/:id': async ({ owner }) => ({
      url: fillId('/v1/appointments/byroomid/:id', (await walk.appointmentOf(owner)).appointment_roomId),
    }),
    'GET /v1/appointments/patient/:id': async ({ owner }) => {
      await walk.appointmentOf(owner);
      return { url: fillId('/v1/appointments/patient/:id', (await walk.idsOf(owner)).patientId) };
    },
    'PUT /v1/appointments/:id': async ({ owner }) => ({
      url: fillId('/v1/appointments/:id', (await walk.appointmentOf(owner)).id),
      body: { appointment_reason: 'Walk' },
    }),
    'POST /v1/appointments/join-meeting/:id': async ({ owner }) => ({
      url: fillId('/v1/appointments/join-meeting/:id', (await walk.appointmentOf(owner)).id),
    }),
    'GET /v1/appointments/:id/calendar.ics': async ({ owner }) => ({
      url: fillId('/v1/appointments/:id/calendar.ics', (await walk.appointmentOf(owner)).id),
    }),
    'POST /v1/meetings/:id/ice-servers': async ({ owner }) => ({
      url: fillId('/v1/meetings/:id/ice-servers', (await walk.appointmentOf(owner)).appointment_roomId),
    }),
    'POST /v1/meetings/:id/report': async ({ owner }) => ({
      url: fillId('/v1/meetings/:id/report', (await walk.appointmentOf(owner)).appointment_roomId),
      body: { message: 'No sound', details: { browser: 'Walk' } },
    }),
    'GET /v1/appointments/:id/call-record': async ({ owner }) => ({
      url: fillId('/v1/appointments/:id/call-record', (await walk.appointmentOf(owner)).id),
    }),
    'GET /v1/meetings/waiting': async () => ({}),
    'POST /v1/payments/checkout': async ({ owner }) => ({ body: { appointment_id: (await walk.appointmentOf(owner, 50_000)).id } }),
    'POST /v1/payments/callback/:provider': async ({ owner }) => ({
      url: '/v1/payments/callback/sandbox',
      body: (await walk.sandboxFormsOf(owner)).pay,
    }),
    'GET /v1/payments/sandbox/:id': async ({ owner }) => ({
      url: fillId('/v1/payments/sandbox/:id', (await walk.sandboxFormsOf(owner)).paymentId),
    }),
    'GET /v1/payments/appointment/:id': async ({ owner }) => ({
      url: fillId('/v1/payments/appointment/:id', (await walk.appointmentOf(owner)).id),
    }),
    'GET /api/health': async () => ({}),
    'GET /api/version': async () => ({}),
    'GET /api/openapi.json': async () => ({}),
    'GET /api/docs': async () => ({}),
    'GET /api/docs/json': async () => ({}),
    'GET /api/docs/yaml': async () => ({}),
    'GET /api/docs/static/index.html': async () => ({}),
    'GET /api/docs/static/swagger-initializer.js': async () => ({}),
    'GET /api/docs/static/*': async () => ({}),
    'POST /api/monitoring/tunnel': async () => ({}),
    'GET /api/monitoring/example-error': async () => ({}),
    // Specialist sign-up.
    'POST /v1/auth/register-specialist': async () => {
      const email = uniqueEmail('walk');
      return { body: { email, code: await walk.registerCode(email), password: PASSWORD, user_name: 'Walker' } };
    },
    'GET /v1/specialist-applications/my': async () => ({}),
    'PUT /v1/specialist-applications/my': async () => ({ body: templates['PUT /v1/specialist-applications/my'] }),
    'POST /v1/specialist-applications/my/diploma': async () => {
      const boundary = 'walk-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="diploma.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      return {
        body: Buffer.concat([Buffer.from(head), walk.WALK_PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    },
    'POST /v1/specialist-applications/my/submit': async () => ({}),
    'GET /v1/admin/specialist-applications': async () => ({ url: '/v1/admin/specialist-applications?status=submitted' }),
    'GET /v1/admin/specialist-applications/:id': async () => ({
      url: fillId('/v1/admin/specialist-applications/:id', await walk.applicationOfWalk()),
    }),
    'GET /v1/admin/specialist-applications/:id/diploma': async () => ({
      url: fillId('/v1/admin/specialist-applications/:id/diploma', await walk.applicationOfWalk()),
    }),
    'POST /v1/admin/specialist-applications/:id/approve': async () => ({
      url: fillId('/v1/admin/specialist-applications/:id/approve', await walk.applicationOfWalk()),
    }),
    'POST /v1/admin/specialist-applications/:id/reject': async () => ({
      url: fillId('/v1/admin/specialist-applications/:id/reject', await walk.applicationOfWalk()),
      body: templates['POST /v1/admin/specialist-applications/:id/reject'],
    }),
    // The FAQ and the support desk.
    'GET /v1/faq/topics': async () => ({}),
    'GET /v1/faq/topics/:id': async () => ({ url: fillId('/v1/faq/topics/:id', await walk.faqTopicOfWalk()) }),
    'GET /v1/faq/questions/:id': async () => ({ url: fillId('/v1/faq/questions/:id', await walk.faqQuestionOfWalk()) }),
    'GET /v1/faq/search': async () => ({ url: '/v1/faq/search?query=walk' }),
    'POST /v1/faq/questions/:id/vote': async () => ({
      url: fillId('/v1/faq/questions/:id/vote', await walk.faqQuestionOfWalk()),
      body: { helpful: true },
    }),
    'GET /v1/admin/faq/topics': async () => ({}),
    'POST /v1/admin/faq/topics': async () => ({ body: templates['POST /v1/admin/faq/topics'] }),
    'PUT /v1/admin/faq/topics/:id': async () => ({
      url: fillId('/v1/admin/faq/topics/:id', await walk.faqTopicOfWalk()),
      body: templates['PUT /v1/admin/faq/topics/:id'],
    }),
    'DELETE /v1/admin/faq/topics/:id': async () => ({ url: fillId('/v1/admin/faq/topics/:id', await walk.faqTopicOfWalk()) }),
    'POST /v1/admin/faq/questions': async () => ({
      body: { ...templates['POST /v1/admin/faq/questions'], topicId: await walk.faqTopicOfWalk() },
    }),
    'PUT /v1/admin/faq/questions/:id': async () => ({
      url: fillId('/v1/admin/faq/questions/:id', await walk.faqQuestionOfWalk()),
      body: { ...templates['PUT /v1/admin/faq/questions/:id'], topicId: await walk.faqTopicOfWalk() },
    }),
    'DELETE /v1/admin/faq/questions/:id': async () => ({ url: fillId('/v1/admin/faq/questions/:id', await walk.faqQuestionOfWalk()) }),
    'POST /v1/support-requests': async () => ({ body: { topic: 'other', message: 'Walk', email: uniqueEmail('walk') } }),
    'GET /v1/support-requests/my': async () => ({}),
    'GET /v1/support-requests/:id': async ({ owner }) => ({ url: fillId('/v1/support-requests/:id', await walk.deskRequestOf(owner)) }),
    'POST /v1/support-requests/:id/follow-ups': async ({ owner }) => ({
      url: fillId('/v1/support-requests/:id/follow-ups', await walk.deskRequestOf(owner)),
      body: templates['POST /v1/support-requests/:id/follow-ups'],
    }),
    'GET /v1/support-requests': async () => ({}),
    'POST /v1/support-requests/:id/take': async ({ owner }) => ({
      url: fillId('/v1/support-requests/:id/take', await walk.deskRequestOf(owner)),
    }),
    'POST /v1/support-requests/:id/replies': async ({ owner }) => ({
      url: fillId('/v1/support-requests/:id/replies', await walk.deskRequestOf(owner)),
      body: templates['POST /v1/support-requests/:id/replies'],
    }),
    'POST /v1/support-requests/:id/close': async ({ owner }) => ({
      url: fillId('/v1/support-requests/:id/close', await walk.deskRequestOf(owner)),
    }),
    'GET /v1/support-requests/:id/attachment': async ({ owner }) => ({
      url: fillId('/v1/support-requests/:id/attachment', await walk.deskRequestOf(owner, true)),
    }),
    // The doctor console.
    'GET /v1/doctors/:id/reviews': async () => ({ url: fillId('/v1/doctors/:id/reviews', await walk.doctorOfWalk()) }),
    'GET /v1/doctors/:id/patients': async ({ actor }) => ({
      url: fillId('/v1/doctors/:id/patients', actor?.userId ?? randomUUID()),
    }),
    'GET /v1/patients/:id/notes': async ({ owner }) => ({ url: fillId('/v1/patients/:id/notes', (await walk.idsOf(owner)).patientId) }),
    'POST /v1/patients/:id/notes': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/notes', (await walk.idsOf(owner)).patientId),
      body: templates['POST /v1/patients/:id/notes'],
    }),
    // The admin console.
    'GET /v1/admin/reviews': async () => ({}),
    'POST /v1/admin/reviews/:id/moderate': async ({ owner }) => ({
      url: fillId('/v1/admin/reviews/:id/moderate', await walk.feedbackOf(owner)),
      body: { action: 'publish' },
    }),
    'GET /v1/admin/payments': async () => ({}),
    'GET /v1/admin/payments/:id/callbacks': async ({ owner }) => ({
      url: fillId('/v1/admin/payments/:id/callbacks', (await walk.sandboxFormsOf(owner)).paymentId),
    }),
    'POST /v1/admin/payments/:id/refund': async ({ owner }) => {
      const { paymentId, pay } = await walk.sandboxFormsOf(owner);
      await t.services.payments.handleCallback('sandbox', pay);
      return { url: fillId('/v1/admin/payments/:id/refund', paymentId), body: { reason: 'Walk' } };
    },
    'GET /v1/admin/audit-log.csv': async () => ({}),
    // Another account's reset (the owner's would end the owner's sessions).
    'POST /v1/admin/users/:id/reset-password': async () => ({
      url: fillId('/v1/admin/users/:id/reset-password', await walk.operatorOfWalk()),
    }),
    ...twoFactorWalkRequests(t, walk.operatorOfWalk),
    // The patient's history and the public pages.
    'GET /v1/patients/:id/record-access': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/record-access', (await walk.idsOf(owner)).patientId),
    }),
    'GET /v1/patients/:id/record-access/days': async ({ owner }) => ({
      url: fillId('/v1/patients/:id/record-access/days', (await walk.idsOf(owner)).patientId),
    }),
    'GET /v1/payments/appointment/:id/receipt': async ({ owner }) => {
      const { paymentId, pay } = await walk.sandboxFormsOf(owner);
      expect((await call(t.app, 'POST', '/v1/payments/callback/sandbox', { body: pay })).status).toBe(200);
      const appointmentId = (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.appointmentId;
      return { url: fillId('/v1/payments/appointment/:id/receipt', appointmentId) };
    },
    'GET /v1/feedback/published': async () => ({}),
    // Every identity sends from the one test address: each starts from an empty hour of the lead limit.
    'POST /v1/corporate-leads': async () => {
      await t.database.db.delete(rateLimits).where(like(rateLimits.key, 'corporate-lead:%'));
      return { body: templates['POST /v1/corporate-leads'] };
    },
  };

  return { requests };
}
