import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { errorBodySchema, type Role } from '@rozmova/contracts';
import { eq, like } from 'drizzle-orm';
import type { RouteInfo } from '../app.ts';
import { payments, rateLimits } from '../db/schema.ts';
import { applicationProfile, completedConsultation, submittedApplicant } from '../test/factories.ts';
import { call, createTestApp, loginAs, PASSWORD, uniqueEmail, type CallResult, type SignedIn } from '../test/harness.ts';

/**
 * Walks app.routeTable, so a new route is covered (and must be listed in the tables below) without anyone remembering to.
 */
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});
const routes = t.app.routeTable;
const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;

/** A browser's push subscription (never pushed to: the walk runs no jobs). */
function walkSubscription() {
  const browser = createECDH('prime256v1');
  const p256dh = browser.generateKeys().toString('base64url');
  return { endpoint: `https://push.example.com/walk/${randomUUID()}`, keys: { p256dh, auth: randomBytes(16).toString('base64url') } };
}
const fillId = (url: string, id: string) => url.replace(':id', id);

// ---- malformed input -----------------------------------------------------------------------------

/** A well-formed body per route: its properties and their types are what the malformed cases break. */
const templates: Record<string, Record<string, unknown>> = {
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
  'PUT /v1/quizz/level-rules': { rules: [{ level: 'red', letter: 'B', min: 0, max: 0 }] },
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
  // walk: specialists
  'POST /v1/auth/register-specialist': {
    email: 'someone@example.com',
    code: '123456',
    password: 'Some-Password-1',
    user_name: 'Someone',
    locale: 'uk',
  },
  'PUT /v1/specialist-applications/my': { ...applicationProfile },
  'POST /v1/admin/specialist-applications/:id/reject': { reason: 'The scan cannot be read' },
  // walk: faq and support desk
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
  // walk: doctor console
  'POST /v1/patients/:id/notes': { text: 'Sleeps better since the last consultation' },
  // walk: doctor console
  // walk: admin console
  'POST /v1/admin/reviews/:id/moderate': { action: 'hide', reason: 'Walk' },
  'POST /v1/admin/payments/:id/refund': { reason: 'Walk' },
  // walk: operator console
  // walk: patient and public pages
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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf value of an object, e.g. ['notification_settings', 'email']. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? leafPaths(inner as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

const valueAt = (body: Record<string, unknown>, path: string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);

interface Case {
  name: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function malformedCases(route: RouteInfo): Case[] {
  const url = fillId(route.url, randomUUID());
  const cases: Case[] = [];
  const json = (name: string, body: Json | Record<string, unknown>) => cases.push({ name, url, payload: JSON.stringify(body) });

  if (route.method !== 'GET') {
    cases.push({ name: 'broken JSON', url, payload: '{"email": "a@b.c", ' });
    cases.push({ name: 'a body over 1 MB', url, payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) }) });
    cases.push({ name: 'JSON declared, nothing sent', url, payload: '' });
    if (route.hasBody) cases.push({ name: 'a text/plain body', url, payload: 'email=a@b.c', contentType: 'text/plain' });
  }

  if (route.hasBody) {
    const template = templates[keyOf(route)];
    if (!template) throw new Error(`No body template for ${keyOf(route)}: add one to the templates table`);
    json('a JSON array', [template as Json]);
    json('a JSON string', 'hello');
    json('a JSON number', 42);
    json('JSON null', null);
    json('missing fields ({})', {});
    const wrongTypes: [string, unknown][] = [
      ['a number', 12345],
      ['an array', ['x', 1]],
      ['a nested object', { nested: { deep: [1, { x: 2 }] } }],
      ['a boolean', true],
      ['a string', 'not-the-right-type'],
    ];
    for (const path of leafPaths(template)) {
      const original = valueAt(template, path);
      for (const [label, value] of wrongTypes) {
        if (typeof value === typeof original && !Array.isArray(value)) continue;
        json(`${path.join('.')} as ${label}`, withValue(template, path, value));
      }
      if (typeof original === 'string') {
        json(`${path.join('.')} 100 000 characters long`, withValue(template, path, 'a'.repeat(100_000)));
        json(`${path.join('.')} with a NUL character`, withValue(template, path, `${original}\u0000`));
      }
    }
    let everyString = template;
    for (const path of leafPaths(template)) {
      if (typeof valueAt(template, path) === 'string') everyString = withValue(everyString, path, 'é'.repeat(100_000));
    }
    // A template without string leaves (e.g. only a list) would be sent unchanged, which is a valid request.
    if (everyString !== template) json('every string 100 000 characters long', everyString);
    cases.push({ name: 'arrays nested 100 000 deep', url, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    cases.push({ name: 'objects nested 50 000 deep', url, payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` });
  }

  if (route.hasParams) {
    const body = route.hasBody ? JSON.stringify(templates[keyOf(route)]) : undefined;
    for (const id of [
      '%E0%A4%A',
      'not-a-uuid',
      '1',
      '-1',
      '%27%20OR%201%3D1--',
      '00000000-0000-0000-0000-00000000000g',
      'x'.repeat(300),
      '%00',
      randomUUID().toUpperCase() + 'x',
    ]) {
      cases.push({ name: `:id = ${id.slice(0, 40)}`, url: route.url.replace(':id', id), payload: body });
    }
  }

  if (route.hasQuery) {
    for (const query of [
      'limit=abc',
      'limit=-1',
      'limit=0',
      'limit=1000000',
      'limit=1.5',
      'offset=-5',
      'offset=abc',
      'offset=99999999999',
      'role=superuser',
      'role=doctor&role=admin',
      `search=${'s'.repeat(1000)}`,
      'search=%00',
      'search=a%00b',
    ]) {
      cases.push({ name: `?${query.slice(0, 40)}`, url: `${route.url}?${query}` });
    }
  }
  return cases;
}

function problemWith(response: CallResult): string | undefined {
  if (response.status < 400 || response.status > 499) return `status ${response.status}`;
  if (!String(response.headers['content-type']).includes('application/json'))
    return `content-type ${String(response.headers['content-type'])}`;
  const parsed = errorBodySchema.safeParse(response.body);
  if (!parsed.success) return `body ${response.text.slice(0, 200)}`;
  const extra = Object.keys(response.body).filter((key) => !['code', 'message', 'errors'].includes(key));
  if (extra.length > 0) return `extra fields ${extra.join(', ')}`;
  return undefined;
}

describe('malformed input on every route is a 4xx { code, message }, never a 5xx', () => {
  test('the table of body templates matches the routes', () => {
    const withBody = routes
      .filter((route) => route.hasBody)
      .map(keyOf)
      .sort();
    expect(Object.keys(templates).sort()).toEqual(withBody);
  });

  // A GET without params or query takes no input, so there is nothing to malform.
  const withInput = routes.filter((route) => route.method !== 'GET' || route.hasParams || route.hasQuery);

  describe.each(['anonymous', 'admin'] as const)('as %s', (who) => {
    test.each(withInput.map((route) => [keyOf(route), route] as const))('%s', async (_key, route) => {
      const admin = who === 'admin' ? await loginAs(t.app, 'admin') : undefined;
      const failures: string[] = [];
      const cases = malformedCases(route);
      for (const item of cases) {
        const headers: Record<string, string> = { 'content-type': item.contentType ?? 'application/json' };
        if (admin) headers.authorization = `Bearer ${admin.token}`;
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: item.url,
          headers: item.payload === undefined ? (admin ? { authorization: headers.authorization! } : {}) : headers,
          ...(item.payload !== undefined ? { payload: item.payload } : {}),
        });
        const result: CallResult = {
          status: response.statusCode,
          body: String(response.headers['content-type'] ?? '').includes('json') && response.body ? response.json() : undefined,
          headers: response.headers,
          text: response.body,
        };
        const problem = problemWith(result);
        if (problem) failures.push(`${item.name}: ${problem} ${result.text.slice(0, 160)}`);
      }
      expect(cases.length).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      // The walk left the admin signed in: no malformed request acted.
      if (admin) expect((await call(t.app, 'GET', '/v1/auth/profile', { token: admin.token })).status).toBe(200);
    });
  });
});

// ---- authorization matrix ---------------------------------------------------------------------------

const identities = ['anonymous', 'patient', 'otherPatient', 'operator', 'doctor', 'otherDoctor', 'admin', 'applicant'] as const;
type Identity = (typeof identities)[number];
type Row = Record<Identity, number>;

const everyone = (status: number): Row => ({
  anonymous: status,
  patient: status,
  otherPatient: status,
  operator: status,
  doctor: status,
  otherDoctor: status,
  admin: status,
  applicant: status,
});
/** Signed-in routes refuse an applicant (role `none`) unless the row says otherwise: it has only its application. */
const signedIn = (status: number): Row => ({ ...everyone(status), anonymous: 401, applicant: 403 });
const adminOnly = (status: number): Row => ({ ...everyone(403), anonymous: 401, admin: status });
const supportStaff = (status: number): Row => ({ ...signedIn(403), operator: status, admin: status });

/**
 * Who may call what. "patient" is the account the request is about (the owner: `:id` is its user id);
 * "otherPatient" is a different patient. "doctor" is the owner's doctor (a completed consultation with it);
 * "otherDoctor" is a doctor who is not. The /v1/auth/* routes always act on the caller itself.
 */
const expected: Record<string, Row> = {
  'POST /v1/auth/login': everyone(200),
  'POST /v1/auth/logout': { ...signedIn(204), applicant: 204 },
  'POST /v1/verification-codes/register/send-code': everyone(204),
  'POST /v1/verification-codes/recover-pass/send-code': everyone(204),
  'POST /v1/verification-codes/check-code': everyone(200),
  'POST /v1/auth/register-patient': everyone(201),
  'POST /v1/auth/verify-password': { ...signedIn(204), applicant: 204 },
  'GET /v1/auth/profile': { ...signedIn(200), applicant: 200 },
  'PUT /v1/auth/profile': { ...signedIn(200), applicant: 200 },
  'DELETE /v1/auth/profile': { ...signedIn(204), applicant: 204 },
  // Signed in with { password }: every test account already has one, so 409 shows the call got through.
  'POST /v1/auth/setup-password': { ...signedIn(409), applicant: 409 },
  'POST /v1/admin/users': adminOnly(201),
  'GET /v1/admin/users': adminOnly(200),
  'PATCH /v1/admin/users/:id': adminOnly(200),
  'POST /v1/contact': everyone(204),
  // Documents: the owner's own; other patients and doctors not the owner's get 404; admins and the owner's doctor review.
  'GET /v1/user-references/list-and-count-my': { ...signedIn(403), patient: 200, otherPatient: 200 },
  'POST /v1/user-references/create-my': { ...signedIn(403), patient: 201, otherPatient: 201 },
  'PATCH /v1/user-references/:id': { ...signedIn(403), otherPatient: 404, doctor: 200, otherDoctor: 404, admin: 200 },
  'DELETE /v1/user-references/:id/my': { ...signedIn(403), patient: 200, otherPatient: 404 },
  'GET /v1/user-references/:id/file': {
    ...signedIn(403),
    patient: 200,
    otherPatient: 404,
    operator: 200,
    doctor: 200,
    otherDoctor: 404,
    admin: 200,
  },
  'GET /v1/patients/:id/user-references': { ...signedIn(403), operator: 200, doctor: 200, otherDoctor: 404, admin: 200 },
  // Feedback: the owner's unpublished quiz feedback is seen by its author and admins only.
  'POST /v1/feedback': signedIn(201),
  'GET /v1/feedback': everyone(200),
  'GET /v1/feedback/user/:id': { ...signedIn(403), patient: 200, admin: 200 },
  'POST /v1/feedback/user/:id': { ...signedIn(403), patient: 201, admin: 201 },
  'GET /v1/feedback/:id': { ...everyone(404), patient: 200, admin: 200 },
  'PUT /v1/feedback/:id': { ...signedIn(404), patient: 200, admin: 200 },
  'DELETE /v1/feedback/:id': { ...signedIn(404), patient: 204, admin: 204 },
  'GET /v1/quizz': everyone(200),
  'POST /v1/quizz': adminOnly(201),
  'PUT /v1/quizz/:id': adminOnly(200),
  'DELETE /v1/quizz/:id': adminOnly(204),
  'GET /v1/quizz/level-rules': everyone(200),
  'PUT /v1/quizz/level-rules': adminOnly(200),
  // The owner's record and card: operators, admins and the owner's doctor read them; another patient or another doctor
  // is told they do not exist (404), not refused.
  'GET /v1/patients/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  'GET /v1/patients-cards/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  // Only the owner sets its push token and answers its quiz; staff may not (an admin only sets free consultations).
  'PUT /v1/patients/:id': { ...signedIn(403), patient: 200, otherPatient: 404, otherDoctor: 404 },
  'PUT /v1/patients-cards/:id': { ...signedIn(403), patient: 200, otherPatient: 404, otherDoctor: 404 },
  // A doctor's search covers its own patients only (patients.test.ts checks what each finds).
  'GET /v1/patients/lookup': { ...signedIn(200), patient: 403, otherPatient: 403 },
  'GET /v1/patients': { ...signedIn(403), operator: 200, admin: 200 },
  'GET /v1/admin/audit-log': adminOnly(200),
  // Notifications: the owner's own list (admins read any); operators and admins add for anyone; removing another's is 404.
  'GET /v1/notifications/user/:id': { ...signedIn(403), patient: 200, admin: 200 },
  'POST /v1/notifications': { ...signedIn(403), patient: 201, operator: 201, admin: 201 },
  // Push: any signed-in user saves its device; only the owner removes its own (anyone else: 404); broadcasts are admins'.
  'GET /v1/push/public-key': everyone(200),
  'POST /v1/push/subscriptions': signedIn(201),
  'DELETE /v1/push/subscriptions': { ...signedIn(404), patient: 204 },
  'POST /v1/admin/broadcasts': adminOnly(201),
  'GET /v1/admin/broadcasts': adminOnly(200),
  'DELETE /v1/notifications/:id': { ...signedIn(404), patient: 204 },
  'PUT /v1/notifications/mark-all-as-read': signedIn(204),
  'DELETE /v1/notifications/clear-all': signedIn(204),
  // Messages about the owner: its support conversation (operators, admins) and its conversation with its doctor, whose
  // consultation is over (writing 409); another patient or doctor is told the patient does not exist.
  'POST /v1/messages': { ...signedIn(201), otherPatient: 403, doctor: 409, otherDoctor: 404 },
  'GET /v1/messages': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  'PATCH /v1/messages/mark-messages-as-read': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  // The support chat: the owner's conversation is unheld, so any operator (and admin) may work on it; availability and
  // canned replies are the caller's own; the status is what a patient sees of its own conversation.
  'GET /v1/support/inbox': supportStaff(200),
  'POST /v1/patients/:id/claim': supportStaff(200),
  'POST /v1/patients/:id/transfer': supportStaff(200),
  'POST /v1/patients/:id/close': supportStaff(200),
  'POST /v1/patients/:id/reopen': supportStaff(200),
  'GET /v1/patients/:id/support-events': supportStaff(200),
  'GET /v1/support/operators': supportStaff(200),
  'PUT /v1/support/availability': supportStaff(200),
  'GET /v1/support/status': { ...signedIn(403), patient: 200, otherPatient: 200 },
  'GET /v1/support/canned-replies': supportStaff(200),
  'POST /v1/support/canned-replies': supportStaff(201),
  'PUT /v1/support/canned-replies/:id': supportStaff(200),
  'DELETE /v1/support/canned-replies/:id': supportStaff(204),
  // Doctors: public profiles; PUT targets another doctor (a doctor changes only its own); available slots are asked
  // with the owner's patientId, which only the owner, operators and admins may give.
  'GET /v1/doctors': everyone(200),
  'GET /v1/doctors/search': everyone(200),
  'GET /v1/doctors/:id': everyone(200),
  'PUT /v1/doctors/:id': adminOnly(200),
  'GET /v1/doctors/:id/available-slots': { ...everyone(403), patient: 200, operator: 200, admin: 200 },
  // Appointments: the patient of it, its doctor (the walk books the owner with yet another doctor: 404 to both
  // doctors), operators and admins.
  'POST /v1/appointments': { ...signedIn(403), patient: 201, operator: 201, admin: 201 },
  'POST /v1/appointments/from-landing': everyone(201),
  'GET /v1/appointments': { ...signedIn(200), patient: 403, otherPatient: 403 },
  'GET /v1/appointments/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404 },
  // The room exists only for its patient and its doctor: to everyone else, staff included, it is unknown.
  'GET /v1/appointments/byroomid/:id': { ...signedIn(404), patient: 200 },
  // The owner's doctor gets the owner's appointments with itself; another doctor is told the patient does not exist.
  'GET /v1/appointments/patient/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  'PUT /v1/appointments/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404 },
  // The appointment is a day ahead: its patient gets through to 409 MEETING_NOT_OPEN; staff do not join.
  'POST /v1/appointments/join-meeting/:id': { ...signedIn(403), patient: 409, otherPatient: 404, doctor: 404, otherDoctor: 404 },
  'GET /v1/appointments/:id/calendar.ics': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404 },
  // Meetings: ICE servers and problem reports for the room's two people; the call record for its doctor and admins;
  // the waiting list is each doctor's own.
  'POST /v1/meetings/:id/ice-servers': { ...signedIn(403), patient: 200, otherPatient: 404, doctor: 404, otherDoctor: 404, admin: 404 },
  'POST /v1/meetings/:id/report': { ...signedIn(403), patient: 201, otherPatient: 404, doctor: 404, otherDoctor: 404, admin: 404 },
  'GET /v1/appointments/:id/call-record': { ...signedIn(403), doctor: 404, otherDoctor: 404, admin: 200 },
  'GET /v1/meetings/waiting': { ...signedIn(403), doctor: 200, otherDoctor: 200, admin: 200 },
  // Payments: only the patient pays; the provider's signed callback and the sandbox page are public.
  'POST /v1/payments/checkout': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404 },
  'POST /v1/payments/callback/:provider': everyone(200),
  'GET /v1/payments/sandbox/:id': everyone(200),
  'GET /v1/payments/appointment/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404 },
  'GET /api/health': everyone(200),
  'GET /api/version': everyone(200),
  // walk: specialists
  // Specialist applications: the applicant's own (the walk's is submitted, so changes get through to 409), the
  // admins' queue; an admin has no application of its own (404).
  'POST /v1/auth/register-specialist': everyone(201),
  'GET /v1/specialist-applications/my': { ...signedIn(403), applicant: 200, admin: 404 },
  'PUT /v1/specialist-applications/my': { ...signedIn(403), applicant: 409, admin: 404 },
  'POST /v1/specialist-applications/my/diploma': { ...signedIn(403), applicant: 409, admin: 404 },
  'POST /v1/specialist-applications/my/submit': { ...signedIn(403), applicant: 409, admin: 404 },
  'GET /v1/admin/specialist-applications': adminOnly(200),
  'GET /v1/admin/specialist-applications/:id': adminOnly(200),
  'GET /v1/admin/specialist-applications/:id/diploma': adminOnly(200),
  'POST /v1/admin/specialist-applications/:id/approve': adminOnly(200),
  'POST /v1/admin/specialist-applications/:id/reject': adminOnly(200),
  // walk: faq and support desk
  'GET /v1/faq/topics': everyone(200),
  'GET /v1/faq/topics/:id': everyone(200),
  'GET /v1/faq/questions/:id': everyone(200),
  'GET /v1/faq/search': everyone(200),
  'POST /v1/faq/questions/:id/vote': everyone(200),
  'GET /v1/admin/faq/topics': adminOnly(200),
  'POST /v1/admin/faq/topics': adminOnly(201),
  'PUT /v1/admin/faq/topics/:id': adminOnly(200),
  'DELETE /v1/admin/faq/topics/:id': adminOnly(204),
  'POST /v1/admin/faq/questions': adminOnly(201),
  'PUT /v1/admin/faq/questions/:id': adminOnly(200),
  'DELETE /v1/admin/faq/questions/:id': adminOnly(204),
  // A visitor (with an e-mail) or a patient sends a request; the owner, its link's holder and staff read it.
  'POST /v1/support-requests': { ...everyone(403), anonymous: 201, patient: 201, otherPatient: 201 },
  'GET /v1/support-requests/my': { ...signedIn(403), patient: 200, otherPatient: 200, admin: 200 },
  'GET /v1/support-requests/:id': { ...everyone(404), patient: 200, operator: 200, admin: 200 },
  'GET /v1/support-requests': supportStaff(200),
  'POST /v1/support-requests/:id/take': supportStaff(200),
  'POST /v1/support-requests/:id/replies': supportStaff(200),
  'POST /v1/support-requests/:id/close': supportStaff(200),
  'GET /v1/support-requests/:id/attachment': supportStaff(200),
  // walk: doctor console
  // The doctor console: published reviews are public; "My patients" is a doctor's own (the walk asks for the caller's
  // own list; admins may read any doctor's); the owner's notes are for its doctors (admins read, only doctors write).
  'GET /v1/doctors/:id/reviews': everyone(200),
  'GET /v1/doctors/:id/patients': { ...signedIn(403), doctor: 200, otherDoctor: 200, admin: 200 },
  'GET /v1/patients/:id/notes': { ...signedIn(403), doctor: 200, otherDoctor: 404, admin: 200 },
  'POST /v1/patients/:id/notes': { ...signedIn(403), doctor: 201, otherDoctor: 404, admin: 403 },
  // walk: doctor console
  // walk: admin console
  'GET /v1/admin/reviews': adminOnly(200),
  'POST /v1/admin/reviews/:id/moderate': adminOnly(200),
  'GET /v1/admin/payments': adminOnly(200),
  'GET /v1/admin/payments/:id/callbacks': adminOnly(200),
  'POST /v1/admin/payments/:id/refund': adminOnly(200),
  'GET /v1/admin/audit-log.csv': adminOnly(200),
  'POST /v1/admin/users/:id/reset-password': adminOnly(204),
  // walk: operator console
  // walk: patient and public pages
  // Who opened the owner's records and its receipts: the owner only (anyone else is told neither exists).
  'GET /v1/patients/:id/record-access': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404 },
  'GET /v1/payments/appointment/:id/receipt': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404 },
  'POST /v1/corporate-leads': everyone(201),
  'GET /v1/feedback/published': everyone(200),
};

interface Cell {
  owner: SignedIn;
  actor?: SignedIn;
}

async function registerCode(email: string): Promise<string> {
  expect((await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email } })).status).toBe(204);
  return t.mail.codeFor(email);
}

/** The owner's patient record and card ids. */
async function idsOf(owner: SignedIn): Promise<{ patientId: string; cardId: string }> {
  const account = await t.services.accounts.getAccount(owner.userId);
  return { patientId: account.patientId!, cardId: account.cardId! };
}

const newQuestionId = async () => (await t.services.quiz.create(templates['POST /v1/quizz'] as never)).id;

/** A new doctor account (with its empty profile), not the caller. */
async function doctorOfWalk(): Promise<string> {
  return (
    await t.services.accounts.createAccount({
      email: uniqueEmail('walk-doctor'),
      userName: 'Walk Doctor',
      role: 'doctor',
      emailVerified: true,
    })
  ).id;
}

/** Makes a doctor bookable every day at every whole hour (Kyiv), with a price in kopiyky. */
async function makeBookable(id: string, price: number): Promise<string> {
  const account = await t.services.accounts.getAccount(id);
  await t.services.doctors.update(account, id, {
    price,
    specialisations: ['psychologist'],
    weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    published: true,
  });
  return id;
}

const bookableDoctorOfWalk = async (price: number) => makeBookable(await doctorOfWalk(), price);

/** A new operator account, not the caller. */
async function operatorOfWalk(): Promise<string> {
  const user = await t.services.accounts.createAccount({
    email: uniqueEmail('walk-operator'),
    userName: 'Walk Operator',
    role: 'operator',
    emailVerified: true,
  });
  return user.id;
}

/** A canned reply of the caller when it may keep them (operators, admins), else of another operator. */
async function cannedReplyOf(actor: SignedIn | undefined): Promise<string> {
  const role = actor && (await t.services.accounts.getAccount(actor.userId)).user.role;
  const keeper = actor && (role === 'operator' || role === 'admin') ? actor.userId : await operatorOfWalk();
  return (await t.services.support.cannedReplies.create(keeper, { title: 'Walk', text: 'Walk' })).id;
}

/** A whole hour a day from now (past the 2-hour notice, far from the meeting window). */
const walkSlot = () =>
  new Date(Math.ceil(t.clock.now().getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000).toISOString().replace('.000Z', 'Z');

/** The owner's appointment with a walk doctor (price 0: free; else held awaiting payment). */
async function appointmentOf(owner: SignedIn, price = 0) {
  const account = await t.services.accounts.getAccount(owner.userId);
  const body = {
    appointment_doctorId: await bookableDoctorOfWalk(price),
    appointment_patientId: account.patientId!,
    appointment_date: walkSlot(),
  };
  return (await t.services.appointments.create(account, body)).appointment;
}

/** The sandbox checkout page of the owner's held appointment: its payment id and the signed Pay form. */
async function sandboxFormsOf(owner: SignedIn): Promise<{ paymentId: string; pay: { data: string; signature: string } }> {
  const account = await t.services.accounts.getAccount(owner.userId);
  const checkout = await t.services.payments.startCheckout(account, (await appointmentOf(owner, 50_000)).id);
  const page = await call(t.app, 'GET', checkout.checkout.url);
  const [, data, signature] = /name="data" value="([^"]+)">\s*<input type="hidden" name="signature" value="([^"]+)"/.exec(page.text)!;
  return { paymentId: checkout.payment_id, pay: { data: data!, signature: signature! } };
}

const WALK_PDF = Buffer.from('%PDF-1.7\n% a document of the authorization walk\n%%EOF\n');

/** A document of the owner, stored through the documents service. */
async function documentOf(owner: SignedIn): Promise<string> {
  const account = await t.services.accounts.getAccount(owner.userId);
  return (await t.services.documents.upload(account, Readable.from([WALK_PDF]))).id;
}

/** The owner's unpublished quiz feedback. */
/** A notification of the owner. */
async function notificationOf(owner: SignedIn): Promise<string> {
  const account = await t.services.accounts.getAccount(owner.userId);
  return (await t.services.notifications.create(account, { notification_message: 'Walk', users_user_id: owner.userId })).id;
}

async function feedbackOf(owner: SignedIn): Promise<string> {
  const account = await t.services.accounts.getAccount(owner.userId);
  return (await t.services.feedback.create(account, { type: 'quiz', feedback_rating: 4, feedback_comment: 'Walk' })).id;
}

/** A submitted specialist application, waiting for an admin. */
const applicationOfWalk = async () => (await t.services.specialists.mine((await submittedApplicant(t)).userId)).id;

/** A published FAQ topic, and a published question in one (the walk's own, made through the FAQ service). */
const faqTopicOfWalk = async () =>
  (await t.services.faq.createTopic({ title: { uk: 'Тема', en: 'Topic' }, position: 0, isPublished: true })).id;
const faqQuestionOfWalk = async () =>
  (
    await t.services.faq.createQuestion({
      topicId: await faqTopicOfWalk(),
      question: { uk: 'Питання', en: 'Question' },
      answer: { uk: 'Відповідь', en: 'Answer' },
      position: 0,
      isPublished: true,
    })
  ).id;

/** The owner's support request, from an address of its own (the walk is not the per-address limit's test). */
async function deskRequestOf(owner: SignedIn, withAttachment = false): Promise<string> {
  const account = await t.services.accounts.getAccount(owner.userId);
  const attachment = withAttachment ? await t.services.supportDesk.storeAttachment(Readable.from([WALK_PDF])) : undefined;
  return (await t.services.supportDesk.create(account, { topic: 'other', message: 'Walk' }, `walk-${randomUUID()}`, attachment)).id;
}

/** A valid request per route, so the answer reflects who is asking and nothing else. */
const requests: Record<string, (cell: Cell) => Promise<{ url?: string; body?: object; headers?: Record<string, string> }>> = {
  'POST /v1/auth/login': async ({ owner }) => ({ body: { email: owner.email, password: PASSWORD, role: 'patient' } }),
  'POST /v1/auth/logout': async () => ({}),
  'POST /v1/verification-codes/register/send-code': async () => ({ body: { email: uniqueEmail('walk') } }),
  'POST /v1/verification-codes/recover-pass/send-code': async ({ owner }) => ({ body: { email: owner.email } }),
  'POST /v1/verification-codes/check-code': async () => {
    const email = uniqueEmail('walk');
    return { body: { email, code: await registerCode(email), type: 'register' } };
  },
  'POST /v1/auth/register-patient': async () => {
    const email = uniqueEmail('walk');
    return { body: { email, code: await registerCode(email), password: PASSWORD, user_name: 'Walker' } };
  },
  'POST /v1/auth/verify-password': async () => ({ body: { password: PASSWORD } }),
  'GET /v1/auth/profile': async () => ({}),
  'PUT /v1/auth/profile': async () => ({ body: { user_name: 'Changed by caller', locale: 'en' } }),
  'DELETE /v1/auth/profile': async ({ actor }) => {
    if (actor)
      expect((await call(t.app, 'POST', '/v1/auth/verify-password', { token: actor.token, body: { password: PASSWORD } })).status).toBe(
        204,
      );
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
      body: Buffer.concat([Buffer.from(head), WALK_PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  },
  'PATCH /v1/user-references/:id': async ({ owner }) => ({
    url: fillId('/v1/user-references/:id', await documentOf(owner)),
    body: { status: 'reviewed' },
  }),
  'DELETE /v1/user-references/:id/my': async ({ owner }) => ({ url: fillId('/v1/user-references/:id/my', await documentOf(owner)) }),
  'GET /v1/user-references/:id/file': async ({ owner }) => ({ url: fillId('/v1/user-references/:id/file', await documentOf(owner)) }),
  'POST /v1/feedback': async () => ({ body: { type: 'quiz', feedback_rating: 5, feedback_comment: 'Good' } }),
  'GET /v1/feedback': async () => ({}),
  'GET /v1/feedback/user/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/user/:id', owner.userId) }),
  'POST /v1/feedback/user/:id': async ({ owner }) => ({
    url: fillId('/v1/feedback/user/:id', owner.userId),
    body: { type: 'quiz', feedback_rating: 4 },
  }),
  'GET /v1/feedback/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/:id', await feedbackOf(owner)) }),
  // The author changes the text; an admin publishes (each may do only that).
  'PUT /v1/feedback/:id': async ({ owner, actor }) => ({
    url: fillId('/v1/feedback/:id', await feedbackOf(owner)),
    body: actor && actor.userId !== owner.userId && actor.email.startsWith('admin') ? { is_published: true } : { feedback_rating: 2 },
  }),
  'DELETE /v1/feedback/:id': async ({ owner }) => ({ url: fillId('/v1/feedback/:id', await feedbackOf(owner)) }),
  'GET /v1/quizz': async () => ({}),
  'POST /v1/quizz': async () => ({ body: templates['POST /v1/quizz']! }),
  'PUT /v1/quizz/:id': async () => ({
    url: fillId('/v1/quizz/:id', await newQuestionId()),
    body: { question_text: { uk: 'Змінене питання', en: 'Changed question' } },
  }),
  'DELETE /v1/quizz/:id': async () => ({ url: fillId('/v1/quizz/:id', await newQuestionId()) }),
  'GET /v1/quizz/level-rules': async () => ({}),
  'PUT /v1/quizz/level-rules': async () => ({ body: { rules: [{ level: 'red', letter: 'B', min: 0, max: 0 }] } }),
  'GET /v1/patients/:id': async ({ owner }) => ({ url: fillId('/v1/patients/:id', (await idsOf(owner)).patientId) }),
  'PUT /v1/patients/:id': async ({ owner }) => ({
    url: fillId('/v1/patients/:id', (await idsOf(owner)).patientId),
    body: { user_push_token: JSON.stringify(walkSubscription()) },
  }),
  'GET /v1/patients-cards/:id': async ({ owner }) => ({ url: fillId('/v1/patients-cards/:id', (await idsOf(owner)).cardId) }),
  'PUT /v1/patients-cards/:id': async ({ owner }) => ({
    url: fillId('/v1/patients-cards/:id', (await idsOf(owner)).cardId),
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
  'DELETE /v1/notifications/:id': async ({ owner }) => ({ url: fillId('/v1/notifications/:id', await notificationOf(owner)) }),
  'PUT /v1/notifications/mark-all-as-read': async () => ({}),
  'DELETE /v1/notifications/clear-all': async () => ({}),
  // Patients write to the operators, staff to the owner.
  'POST /v1/messages': async ({ owner, actor }) => ({
    body: {
      message_text: 'Walk',
      message_recipientType: !actor || actor.email.startsWith('patient') ? 'operator' : 'patient',
      message_patientId: (await idsOf(owner)).patientId,
      client_message_id: randomUUID(),
    },
  }),
  'GET /v1/messages': async ({ owner }) => ({ url: `/v1/messages?patientId=${(await idsOf(owner)).patientId}` }),
  'PATCH /v1/messages/mark-messages-as-read': async ({ owner }) => ({ body: { patientId: (await idsOf(owner)).patientId } }),
  'GET /v1/support/inbox': async () => ({}),
  'POST /v1/patients/:id/claim': async ({ owner }) => ({ url: fillId('/v1/patients/:id/claim', (await idsOf(owner)).patientId) }),
  'POST /v1/patients/:id/transfer': async ({ owner }) => ({
    url: fillId('/v1/patients/:id/transfer', (await idsOf(owner)).patientId),
    body: { operatorId: await operatorOfWalk(), note: 'Walk' },
  }),
  'POST /v1/patients/:id/close': async ({ owner }) => ({ url: fillId('/v1/patients/:id/close', (await idsOf(owner)).patientId) }),
  'POST /v1/patients/:id/reopen': async ({ owner }) => ({ url: fillId('/v1/patients/:id/reopen', (await idsOf(owner)).patientId) }),
  'GET /v1/patients/:id/user-references': async ({ owner }) => ({
    url: fillId('/v1/patients/:id/user-references', (await idsOf(owner)).patientId),
  }),
  'GET /v1/patients/:id/support-events': async ({ owner }) => ({
    url: fillId('/v1/patients/:id/support-events', (await idsOf(owner)).patientId),
  }),
  'GET /v1/support/operators': async () => ({}),
  'PUT /v1/support/availability': async () => ({ body: { availability: 'busy' } }),
  'GET /v1/support/status': async () => ({}),
  'GET /v1/support/canned-replies': async () => ({}),
  'POST /v1/support/canned-replies': async () => ({ body: { title: 'Walk', text: 'Walk' } }),
  'PUT /v1/support/canned-replies/:id': async ({ actor }) => ({
    url: fillId('/v1/support/canned-replies/:id', await cannedReplyOf(actor)),
    body: { title: 'Walk', text: 'Changed' },
  }),
  'DELETE /v1/support/canned-replies/:id': async ({ actor }) => ({
    url: fillId('/v1/support/canned-replies/:id', await cannedReplyOf(actor)),
  }),
  'GET /v1/doctors': async () => ({}),
  'GET /v1/doctors/search': async () => ({ url: '/v1/doctors/search?query=walk' }),
  'GET /v1/doctors/:id': async () => ({ url: fillId('/v1/doctors/:id', await bookableDoctorOfWalk(0)) }),
  'PUT /v1/doctors/:id': async () => ({ url: fillId('/v1/doctors/:id', await doctorOfWalk()), body: { price: 70_000 } }),
  'GET /v1/doctors/:id/available-slots': async ({ owner }) => ({
    url: `${fillId('/v1/doctors/:id/available-slots', await bookableDoctorOfWalk(0))}?patientId=${(await idsOf(owner)).patientId}`,
  }),
  'POST /v1/appointments': async ({ owner }) => {
    const doctor = await bookableDoctorOfWalk(0);
    return { body: { appointment_doctorId: doctor, appointment_patientId: (await idsOf(owner)).patientId, appointment_date: walkSlot() } };
  },
  'POST /v1/appointments/from-landing': async () => ({
    body: {
      appointmentDto: { appointment_doctorId: await bookableDoctorOfWalk(0), appointment_date: walkSlot() },
      email: uniqueEmail('walk-landing'),
      user_name: 'Walk Visitor',
      accept_terms: true,
    },
  }),
  'GET /v1/appointments': async () => ({}),
  'GET /v1/appointments/:id': async ({ owner }) => ({ url: fillId('/v1/appointments/:id', (await appointmentOf(owner)).id) }),
  'GET /v1/appointments/byroomid/:id': async ({ owner }) => ({
    url: fillId('/v1/appointments/byroomid/:id', (await appointmentOf(owner)).appointment_roomId),
  }),
  'GET /v1/appointments/patient/:id': async ({ owner }) => {
    await appointmentOf(owner);
    return { url: fillId('/v1/appointments/patient/:id', (await idsOf(owner)).patientId) };
  },
  'PUT /v1/appointments/:id': async ({ owner }) => ({
    url: fillId('/v1/appointments/:id', (await appointmentOf(owner)).id),
    body: { appointment_reason: 'Walk' },
  }),
  'POST /v1/appointments/join-meeting/:id': async ({ owner }) => ({
    url: fillId('/v1/appointments/join-meeting/:id', (await appointmentOf(owner)).id),
  }),
  'GET /v1/appointments/:id/calendar.ics': async ({ owner }) => ({
    url: fillId('/v1/appointments/:id/calendar.ics', (await appointmentOf(owner)).id),
  }),
  'POST /v1/meetings/:id/ice-servers': async ({ owner }) => ({
    url: fillId('/v1/meetings/:id/ice-servers', (await appointmentOf(owner)).appointment_roomId),
  }),
  'POST /v1/meetings/:id/report': async ({ owner }) => ({
    url: fillId('/v1/meetings/:id/report', (await appointmentOf(owner)).appointment_roomId),
    body: { message: 'No sound', details: { browser: 'Walk' } },
  }),
  'GET /v1/appointments/:id/call-record': async ({ owner }) => ({
    url: fillId('/v1/appointments/:id/call-record', (await appointmentOf(owner)).id),
  }),
  'GET /v1/meetings/waiting': async () => ({}),
  'POST /v1/payments/checkout': async ({ owner }) => ({ body: { appointment_id: (await appointmentOf(owner, 50_000)).id } }),
  'POST /v1/payments/callback/:provider': async ({ owner }) => ({
    url: '/v1/payments/callback/sandbox',
    body: (await sandboxFormsOf(owner)).pay,
  }),
  'GET /v1/payments/sandbox/:id': async ({ owner }) => ({
    url: fillId('/v1/payments/sandbox/:id', (await sandboxFormsOf(owner)).paymentId),
  }),
  'GET /v1/payments/appointment/:id': async ({ owner }) => ({
    url: fillId('/v1/payments/appointment/:id', (await appointmentOf(owner)).id),
  }),
  'GET /api/health': async () => ({}),
  'GET /api/version': async () => ({}),
  // walk: specialists
  'POST /v1/auth/register-specialist': async () => {
    const email = uniqueEmail('walk');
    return { body: { email, code: await registerCode(email), password: PASSWORD, user_name: 'Walker' } };
  },
  'GET /v1/specialist-applications/my': async () => ({}),
  'PUT /v1/specialist-applications/my': async () => ({ body: templates['PUT /v1/specialist-applications/my'] }),
  'POST /v1/specialist-applications/my/diploma': async () => {
    const boundary = 'walk-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="diploma.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    return {
      body: Buffer.concat([Buffer.from(head), WALK_PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  },
  'POST /v1/specialist-applications/my/submit': async () => ({}),
  'GET /v1/admin/specialist-applications': async () => ({ url: '/v1/admin/specialist-applications?status=submitted' }),
  'GET /v1/admin/specialist-applications/:id': async () => ({
    url: fillId('/v1/admin/specialist-applications/:id', await applicationOfWalk()),
  }),
  'GET /v1/admin/specialist-applications/:id/diploma': async () => ({
    url: fillId('/v1/admin/specialist-applications/:id/diploma', await applicationOfWalk()),
  }),
  'POST /v1/admin/specialist-applications/:id/approve': async () => ({
    url: fillId('/v1/admin/specialist-applications/:id/approve', await applicationOfWalk()),
  }),
  'POST /v1/admin/specialist-applications/:id/reject': async () => ({
    url: fillId('/v1/admin/specialist-applications/:id/reject', await applicationOfWalk()),
    body: templates['POST /v1/admin/specialist-applications/:id/reject'],
  }),
  // walk: faq and support desk
  'GET /v1/faq/topics': async () => ({}),
  'GET /v1/faq/topics/:id': async () => ({ url: fillId('/v1/faq/topics/:id', await faqTopicOfWalk()) }),
  'GET /v1/faq/questions/:id': async () => ({ url: fillId('/v1/faq/questions/:id', await faqQuestionOfWalk()) }),
  'GET /v1/faq/search': async () => ({ url: '/v1/faq/search?query=walk' }),
  'POST /v1/faq/questions/:id/vote': async () => ({
    url: fillId('/v1/faq/questions/:id/vote', await faqQuestionOfWalk()),
    body: { helpful: true },
  }),
  'GET /v1/admin/faq/topics': async () => ({}),
  'POST /v1/admin/faq/topics': async () => ({ body: templates['POST /v1/admin/faq/topics'] }),
  'PUT /v1/admin/faq/topics/:id': async () => ({
    url: fillId('/v1/admin/faq/topics/:id', await faqTopicOfWalk()),
    body: templates['PUT /v1/admin/faq/topics/:id'],
  }),
  'DELETE /v1/admin/faq/topics/:id': async () => ({ url: fillId('/v1/admin/faq/topics/:id', await faqTopicOfWalk()) }),
  'POST /v1/admin/faq/questions': async () => ({ body: { ...templates['POST /v1/admin/faq/questions'], topicId: await faqTopicOfWalk() } }),
  'PUT /v1/admin/faq/questions/:id': async () => ({
    url: fillId('/v1/admin/faq/questions/:id', await faqQuestionOfWalk()),
    body: { ...templates['PUT /v1/admin/faq/questions/:id'], topicId: await faqTopicOfWalk() },
  }),
  'DELETE /v1/admin/faq/questions/:id': async () => ({ url: fillId('/v1/admin/faq/questions/:id', await faqQuestionOfWalk()) }),
  'POST /v1/support-requests': async () => ({ body: { topic: 'other', message: 'Walk', email: uniqueEmail('walk') } }),
  'GET /v1/support-requests/my': async () => ({}),
  'GET /v1/support-requests/:id': async ({ owner }) => ({ url: fillId('/v1/support-requests/:id', await deskRequestOf(owner)) }),
  'GET /v1/support-requests': async () => ({}),
  'POST /v1/support-requests/:id/take': async ({ owner }) => ({ url: fillId('/v1/support-requests/:id/take', await deskRequestOf(owner)) }),
  'POST /v1/support-requests/:id/replies': async ({ owner }) => ({
    url: fillId('/v1/support-requests/:id/replies', await deskRequestOf(owner)),
    body: templates['POST /v1/support-requests/:id/replies'],
  }),
  'POST /v1/support-requests/:id/close': async ({ owner }) => ({
    url: fillId('/v1/support-requests/:id/close', await deskRequestOf(owner)),
  }),
  'GET /v1/support-requests/:id/attachment': async ({ owner }) => ({
    url: fillId('/v1/support-requests/:id/attachment', await deskRequestOf(owner, true)),
  }),
  // walk: doctor console
  'GET /v1/doctors/:id/reviews': async () => ({ url: fillId('/v1/doctors/:id/reviews', await doctorOfWalk()) }),
  'GET /v1/doctors/:id/patients': async ({ actor }) => ({
    url: fillId('/v1/doctors/:id/patients', actor?.userId ?? randomUUID()),
  }),
  'GET /v1/patients/:id/notes': async ({ owner }) => ({ url: fillId('/v1/patients/:id/notes', (await idsOf(owner)).patientId) }),
  'POST /v1/patients/:id/notes': async ({ owner }) => ({
    url: fillId('/v1/patients/:id/notes', (await idsOf(owner)).patientId),
    body: templates['POST /v1/patients/:id/notes'],
  }),
  // walk: doctor console
  // walk: admin console
  'GET /v1/admin/reviews': async () => ({}),
  'POST /v1/admin/reviews/:id/moderate': async ({ owner }) => ({
    url: fillId('/v1/admin/reviews/:id/moderate', await feedbackOf(owner)),
    body: { action: 'publish' },
  }),
  'GET /v1/admin/payments': async () => ({}),
  'GET /v1/admin/payments/:id/callbacks': async ({ owner }) => ({
    url: fillId('/v1/admin/payments/:id/callbacks', (await sandboxFormsOf(owner)).paymentId),
  }),
  'POST /v1/admin/payments/:id/refund': async ({ owner }) => {
    const { paymentId, pay } = await sandboxFormsOf(owner);
    await t.services.payments.handleCallback('sandbox', pay);
    return { url: fillId('/v1/admin/payments/:id/refund', paymentId), body: { reason: 'Walk' } };
  },
  'GET /v1/admin/audit-log.csv': async () => ({}),
  // Another account's reset (the owner's would end the owner's sessions).
  'POST /v1/admin/users/:id/reset-password': async () => ({ url: fillId('/v1/admin/users/:id/reset-password', await operatorOfWalk()) }),
  // walk: operator console
  // walk: patient and public pages
  'GET /v1/patients/:id/record-access': async ({ owner }) => ({
    url: fillId('/v1/patients/:id/record-access', (await idsOf(owner)).patientId),
  }),
  'GET /v1/payments/appointment/:id/receipt': async ({ owner }) => {
    const { paymentId, pay } = await sandboxFormsOf(owner);
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

const roleOf: Record<Exclude<Identity, 'anonymous' | 'patient'>, Role> = {
  otherPatient: 'patient',
  operator: 'operator',
  doctor: 'doctor',
  otherDoctor: 'doctor',
  admin: 'admin',
  applicant: 'none',
};

describe('authorization matrix', () => {
  test('every route has a row, and every row a route', () => {
    const keys = routes.map(keyOf).sort();
    expect(Object.keys(expected).sort()).toEqual(keys);
    expect(Object.keys(requests).sort()).toEqual(keys);
  });

  const cells = routes.flatMap((route) => identities.map((identity) => [keyOf(route), identity, route] as const));
  test.each(cells)('%s as %s', async (key, identity, route) => {
    const row = expected[key];
    const prepare = requests[key];
    if (!row || !prepare) throw new Error(`${key} has no row in the authorization table`);
    const owner = await loginAs(t.app, 'patient', { userName: 'Owner' });
    const actor =
      identity === 'anonymous'
        ? undefined
        : identity === 'patient'
          ? owner
          : identity === 'applicant'
            ? await submittedApplicant(t)
            : await loginAs(t.app, roleOf[identity]);
    if (identity === 'doctor') await completedConsultation(t, owner.userId, await makeBookable(actor!.userId, 0), walkSlot());
    const request = await prepare({ owner, actor });
    const response = await call(t.app, route.method, request.url ?? route.url, {
      token: actor?.token,
      body: request.body,
      headers: request.headers,
    });

    expect(response.status, response.text).toBe(row[identity]);
    if (response.status >= 400) expect(errorBodySchema.safeParse(response.body).success).toBe(true);

    // Whatever another caller did, the owner's account is untouched (except an admin deactivating it).
    const actedOnOwner = identity === 'patient' || (identity === 'admin' && key === 'PATCH /v1/admin/users/:id');
    if (!actedOnOwner) {
      const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: owner.token });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ user_name: 'Owner', locale: 'uk', email: owner.email });
    }
  });
});
