import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { applicationProfile } from './factories.ts';

/** The route walks' shared data: a well-formed body per route with a body (route-walk.test.ts breaks each one). */

/** A browser's push subscription (never pushed to: the walk runs no jobs). */
export function walkSubscription() {
  const browser = createECDH('prime256v1');
  const p256dh = browser.generateKeys().toString('base64url');
  return { endpoint: `https://push.rozmova.test/walk/${randomUUID()}`, keys: { p256dh, auth: randomBytes(16).toString('base64url') } };
}
export const fillId = (url: string, id: string) => url.replace(':id', id);
/** A challenge of the right form that the password step never handed out. */
const WALK_CHALLENGE = randomBytes(32).toString('base64url');

/** A well-formed body per route: its properties and their types are what the malformed cases break. */
export const templates: Record<string, Record<string, unknown>> = {
  'POST /v1/auth/login': { email: 'someone@example.com', password: 'Some-Password-1', role: 'patient' },
  'POST /v1/verification-codes/register/send-code': { email: 'someone@example.com', locale: 'uk' },
  'POST /v1/verification-codes/recover-pass/send-code': { email: 'someone@example.com', locale: 'en' },
  'POST /v1/verification-codes/check-code': { email: 'someone@example.com', code: '123456', type: 'register' },
  'POST /v1/auth/register-patient': {
    email: 'someone@example.com',
    code: '123456',
    password: 'Some-Password-1',
    user_name: 'Someone',
    phone: '+380501234567',
    locale: 'uk',
  },
  'POST /v1/auth/verify-password': { password: 'Some-Password-1' },
  'PUT /v1/auth/profile': {
    user_name: 'Someone',
    phone: '+380501234567',
    locale: 'en',
    notification_settings: { in_app: true, email: false, push: true },
    current_password: 'Some-Password-1',
    new_password: 'Other-Password-2',
  },
  'POST /v1/auth/setup-password': { email: 'someone@example.com', code: '123456', password: 'Some-Password-1' },
  'POST /v1/admin/users': { email: 'someone@example.com', password: 'Some-Password-1', user_name: 'Someone', user_role: 'doctor' },
  'PATCH /v1/admin/users/:id': { is_active: true },
  'POST /v1/contact': { name: 'Someone', email: 'someone@example.com', message: 'Hello' },
  'PATCH /v1/user-references/:id': { status: 'reviewed' },
  'POST /v1/feedback': {
    type: 'doctor',
    feedback_rating: 5,
    feedback_comment: 'Good',
    doctor_id: randomUUID(),
    appointment_id: randomUUID(),
    is_anonymous: true,
  },
  'POST /v1/feedback/user/:id': {
    type: 'doctor',
    feedback_rating: 5,
    feedback_comment: 'Good',
    doctor_id: randomUUID(),
    appointment_id: randomUUID(),
    is_anonymous: false,
  },
  'PUT /v1/feedback/:id': { feedback_rating: 4, feedback_comment: 'Good', is_anonymous: true, is_published: true },
  'POST /v1/quizz': {
    question_order: 1,
    question_text: { uk: 'Питання', en: 'Question' },
    question_answers: [
      { value: 'A', text: { uk: 'Так', en: 'Yes' } },
      { value: 'B', text: { uk: 'Ні', en: 'No' } },
      { value: 'C', text: { uk: 'Іноді', en: 'Sometimes' } },
    ],
  },
  'PUT /v1/quizz/:id': { question_order: 1, question_text: { uk: 'Питання', en: 'Question' } },
  'PUT /v1/quizz/level-rules': { rules: [{ level: 'red', letter: 'B', min: 0, max: 1000 }] },
  'PUT /v1/patients/:id': { user_push_token: 'push-token', chat_patient_status: 'active', interacting_with_operator: randomUUID() },
  'PUT /v1/patients-cards/:id': {
    patient_quizz_results: [{ question_id: randomUUID(), answer_id: randomUUID() }],
    patient_quizz_is_completed: true,
    patient_quizz_recommendations: [],
    patient_notes: [],
    patient_available_free_consultations: 1,
  },
  'PUT /v1/doctors/:id': {
    price: 80_000,
    bio: { uk: 'Про лікаря', en: 'About the doctor' },
    time_zone: 'Europe/Kyiv',
    weekly_hours: [{ weekday: 1, start: '09:00', end: '18:00' }],
  },
  'POST /v1/notifications': { notification_message: 'Hello', users_user_id: randomUUID() },
  'POST /v1/push/subscriptions': { user_push_token: walkSubscription() },
  'DELETE /v1/push/subscriptions': { endpoint: 'https://push.example.com/walk' },
  'POST /v1/admin/broadcasts': { audience: 'patients', title: 'Title', message: 'Message' },
  'POST /v1/messages': {
    message_text: 'Hello',
    message_recipientType: 'operator',
    message_patientId: randomUUID(),
    message_appointmentId: randomUUID(),
    client_message_id: randomUUID(),
  },
  'PATCH /v1/messages/mark-messages-as-read': { patientId: randomUUID(), operatorId: randomUUID(), appointmentId: randomUUID() },
  'POST /v1/patients/:id/transfer': { operatorId: randomUUID(), note: 'Note' },
  'PUT /v1/support/availability': { availability: 'busy' },
  'POST /v1/support/canned-replies': { title: 'Title', text: 'Text' },
  'PUT /v1/support/canned-replies/:id': { title: 'Title', text: 'Text' },
  'POST /v1/appointments': {
    appointment_doctorId: randomUUID(),
    appointment_patientId: randomUUID(),
    appointment_date: '2030-01-10T12:00:00+02:00',
    appointment_paymentType: 'Other',
    appointment_reason: 'Reason',
    appointment_phone: '+380501234567',
  },
  'POST /v1/appointments/from-landing': {
    appointmentDto: { appointment_doctorId: randomUUID(), appointment_date: '2030-01-10T12:00:00Z', appointment_reason: 'Reason' },
    email: 'someone@example.com',
    user_name: 'Someone',
    phone: '+380501234567',
    locale: 'uk',
    accept_terms: true,
  },
  'PUT /v1/appointments/:id': {
    appointment_date: '2030-01-10T12:00:00Z',
    appointment_reason: 'Reason',
    appointment_phone: '+380501234567',
  },
  'POST /v1/meetings/:id/report': {
    message: 'No sound',
    details: { browser: 'Chrome 140', connectionState: 'connected', roundTripMs: 40, lossPercent: 1.5, relayed: false },
  },
  'POST /v1/payments/checkout': { appointment_id: randomUUID() },
  'POST /v1/payments/callback/:provider': { data: 'eyJvcmRlcl9pZCI6IngifQ==', signature: 'c2lnbmF0dXJl' },
  // Specialist sign-up.
  'POST /v1/auth/register-specialist': {
    email: 'someone@example.com',
    code: '123456',
    password: 'Some-Password-1',
    user_name: 'Someone',
    locale: 'uk',
  },
  'PUT /v1/specialist-applications/my': { ...applicationProfile },
  'POST /v1/admin/specialist-applications/:id/reject': { reason: 'The scan cannot be read' },
  // The FAQ and the support desk.
  'POST /v1/faq/questions/:id/vote': { helpful: true },
  'POST /v1/admin/faq/topics': { title: { uk: 'Тема', en: 'Topic' }, position: 0, isPublished: true },
  'PUT /v1/admin/faq/topics/:id': { title: { uk: 'Тема', en: 'Topic' }, position: 0, isPublished: true },
  'POST /v1/admin/faq/questions': {
    topicId: '00000000-0000-4000-8000-000000000000',
    question: { uk: 'Питання', en: 'Question' },
    answer: { uk: 'Відповідь', en: 'Answer' },
    position: 0,
    isPublished: true,
  },
  'PUT /v1/admin/faq/questions/:id': {
    topicId: '00000000-0000-4000-8000-000000000000',
    question: { uk: 'Питання', en: 'Question' },
    answer: { uk: 'Відповідь', en: 'Answer' },
    position: 0,
    isPublished: true,
  },
  'POST /v1/support-requests': { topic: 'other', message: 'Walk', email: 'someone@example.com', locale: 'uk' },
  'POST /v1/support-requests/:id/replies': { channel: 'email', text: 'Walk' },
  'POST /v1/support-requests/:id/follow-ups': { text: 'Walk' },
  // The doctor console.
  'POST /v1/patients/:id/notes': { text: 'Sleeps better since the last consultation' },
  // The admin console.
  'POST /v1/admin/reviews/:id/moderate': { action: 'hide', reason: 'Walk' },
  'POST /v1/admin/payments/:id/refund': { reason: 'Walk' },
  // Staff two-factor sign-in.
  'POST /v1/auth/two-factor/verify': { challenge: WALK_CHALLENGE, code: '123456' },
  'POST /v1/auth/two-factor/enrolment': { challenge: WALK_CHALLENGE },
  'POST /v1/auth/two-factor/enrolment/confirm': { challenge: WALK_CHALLENGE, code: '123456' },
  'POST /v1/auth/two-factor/setup': { code: 'ABCDE-FGHJK' },
  'POST /v1/auth/two-factor/enable': { code: '123456' },
  'POST /v1/auth/two-factor/disable': { code: '123456' },
  // The patient's history and the public pages.
  'POST /v1/corporate-leads': {
    company: 'Walk LLC',
    contact_name: 'Someone',
    email: 'someone@example.com',
    phone: '+380501234567',
    employees: 40,
    message: 'Hello',
    locale: 'en',
  },
};
