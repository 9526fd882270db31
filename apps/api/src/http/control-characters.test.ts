import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MULTI_LINE_TEXT_MESSAGE, ONE_LINE_TEXT_MESSAGE } from '@rozmova/contracts';
import { broadcasts, cannedReplies, messages, pushSubscriptions, supportEvents, supportRequests } from '../db/schema-chat.ts';
import { appointments, auditLog, feedback } from '../db/schema.ts';
import { patientNotes } from '../db/schema-staff.ts';
import { call, createTestApp, uniqueEmail, type CallResult, type TestContext } from '../test/harness.ts';
import {
  applicationProfile,
  BASE,
  bookableDoctor,
  bookFor,
  quickAccount,
  quickPatient,
  slotAt,
  submittedApplicant,
  type Person,
} from '../test/factories.ts';

let t: TestContext;
let patient: Person;
let doctor: Person;
let admin: Person;
const signUpEmail = uniqueEmail('sign-up');
let signUpCode: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  patient = await quickPatient(t, 'Олена Петренко');
  doctor = await bookableDoctor(t);
  admin = await quickAccount(t, 'admin');
  await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email: signUpEmail } });
  signUpCode = await t.mail.codeFor(signUpEmail);
});
afterAll(() => t?.close());
beforeEach(() => t.clock.set(BASE));

/** A route, the text field it takes, its rule and limit, and what a refused request must leave as it was. */
interface TextField {
  route: string;
  field: string;
  rule: 'one line' | 'long text';
  max: number;
  send: (text: string) => Promise<CallResult>;
  state: () => Promise<unknown>;
}

const rowsOf = async (
  table: typeof appointments | typeof feedback | typeof messages | typeof pushSubscriptions | typeof broadcasts | typeof cannedReplies,
) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

const fields: TextField[] = [
  {
    route: 'PUT /v1/auth/profile',
    field: 'body.user_name',
    rule: 'one line',
    max: 100,
    send: (text) => call(t.app, 'PUT', '/v1/auth/profile', { token: patient.token, body: { user_name: text } }),
    state: async () => (await call(t.app, 'GET', '/v1/auth/profile', { token: patient.token })).body.user_name,
  },
  {
    route: 'POST /v1/auth/register-patient',
    field: 'body.user_name',
    rule: 'one line',
    max: 100,
    send: (text) =>
      call(t.app, 'POST', '/v1/auth/register-patient', {
        body: { email: signUpEmail, code: signUpCode, password: 'Tiny-Violet-Harbour-42', user_name: text },
      }),
    state: async () => (await t.services.accounts.findByEmail(signUpEmail)) ?? null,
  },
  {
    route: 'POST /v1/contact',
    field: 'body.name',
    rule: 'one line',
    max: 100,
    send: (text) => call(t.app, 'POST', '/v1/contact', { body: { name: text, email: uniqueEmail('visitor'), message: 'Добрий день' } }),
    state: async () => t.mail.all().length,
  },
  {
    route: 'POST /v1/contact',
    field: 'body.message',
    rule: 'long text',
    max: 5000,
    send: (text) => call(t.app, 'POST', '/v1/contact', { body: { name: 'Богдана', email: uniqueEmail('visitor'), message: text } }),
    state: async () => t.mail.all().length,
  },
  {
    route: 'POST /v1/appointments',
    field: 'body.appointment_reason',
    rule: 'long text',
    max: 2000,
    send: (text) => bookFor(t, patient, doctor, slotAt(2, 10), { appointment_reason: text }),
    state: () => rowsOf(appointments),
  },
  {
    route: 'POST /v1/feedback',
    field: 'body.feedback_comment',
    rule: 'long text',
    max: 2000,
    send: (text) =>
      call(t.app, 'POST', '/v1/feedback', { token: patient.token, body: { type: 'quiz', feedback_rating: 5, feedback_comment: text } }),
    state: () => rowsOf(feedback),
  },
  {
    route: 'POST /v1/messages',
    field: 'body.message_text',
    rule: 'long text',
    max: 4000,
    send: (text) =>
      call(t.app, 'POST', '/v1/messages', {
        token: patient.token,
        body: { message_text: text, message_recipientType: 'operator', client_message_id: randomUUID() },
      }),
    state: () => rowsOf(messages),
  },
  {
    route: 'PUT /v1/doctors/:id',
    field: 'body.bio.uk',
    rule: 'long text',
    max: 4000,
    send: (text) => call(t.app, 'PUT', `/v1/doctors/${doctor.userId}`, { token: doctor.token, body: { bio: { uk: text, en: 'Bio' } } }),
    state: async () => (await call(t.app, 'GET', `/v1/doctors/${doctor.userId}`, { token: doctor.token })).body.bio,
  },
  {
    route: 'PUT /v1/doctors/:id',
    field: 'body.photo_url',
    rule: 'one line',
    max: 2000,
    send: (text) =>
      call(t.app, 'PUT', `/v1/doctors/${doctor.userId}`, { token: doctor.token, body: { photo_url: `https://example.com/${text}` } }),
    state: async () => (await call(t.app, 'GET', `/v1/doctors/${doctor.userId}`, { token: doctor.token })).body.photo_url,
  },
  {
    route: 'POST /v1/meetings/:id/report',
    field: 'body.message',
    rule: 'long text',
    max: 2000,
    send: async (text) =>
      call(t.app, 'POST', `/v1/meetings/${await roomOfPatient()}/report`, { token: patient.token, body: { message: text } }),
    state: async () => (await t.database.db.select({ n: count() }).from(supportRequests))[0]!.n,
  },
  {
    route: 'POST /v1/push/subscriptions',
    field: 'body.user_push_token.endpoint',
    rule: 'one line',
    max: 2048,
    send: (text) =>
      call(t.app, 'POST', '/v1/push/subscriptions', {
        token: patient.token,
        body: { user_push_token: { endpoint: `https://push.example.com/${text}`, keys: { p256dh: 'BAAA', auth: 'AAAA' } } },
      }),
    state: () => rowsOf(pushSubscriptions),
  },
  {
    route: 'DELETE /v1/push/subscriptions',
    field: 'body.endpoint',
    rule: 'one line',
    max: 2048,
    send: (text) => call(t.app, 'DELETE', '/v1/push/subscriptions', { token: patient.token, body: { endpoint: text } }),
    state: () => rowsOf(pushSubscriptions),
  },
  {
    route: 'POST /v1/admin/broadcasts',
    field: 'body.title',
    rule: 'one line',
    max: 120,
    send: (text) =>
      call(t.app, 'POST', '/v1/admin/broadcasts', { token: admin.token, body: { audience: 'patients', title: text, message: 'Текст' } }),
    state: () => rowsOf(broadcasts),
  },
  {
    route: 'POST /v1/admin/broadcasts',
    field: 'body.message',
    rule: 'long text',
    max: 1000,
    send: (text) =>
      call(t.app, 'POST', '/v1/admin/broadcasts', { token: admin.token, body: { audience: 'doctors', title: 'Тема', message: text } }),
    state: () => rowsOf(broadcasts),
  },
  {
    route: 'POST /v1/support/canned-replies',
    field: 'body.title',
    rule: 'one line',
    max: 80,
    send: (text) => cannedReply({ title: text, text: 'Дякуємо за звернення' }),
    state: () => rowsOf(cannedReplies),
  },
  {
    route: 'POST /v1/support/canned-replies',
    field: 'body.text',
    rule: 'long text',
    max: 4000,
    send: (text) => cannedReply({ title: 'Привітання', text }),
    state: () => rowsOf(cannedReplies),
  },
  {
    route: 'POST /v1/patients/:id/transfer',
    field: 'body.note',
    rule: 'long text',
    max: 1000,
    send: async (text) => {
      const [operator, colleague] = await operatorPair();
      return call(t.app, 'POST', `/v1/patients/${patient.patientId}/transfer`, {
        token: operator.token,
        body: { operatorId: colleague.userId, note: text },
      });
    },
    state: async () => [(await t.database.db.select({ n: count() }).from(supportEvents))[0]!.n, await chatStateOf(patient)],
  },
  {
    route: 'POST /v1/patients/:id/notes',
    field: 'body.text',
    rule: 'long text',
    max: 5000,
    send: async (text) => {
      await roomOfPatient();
      return call(t.app, 'POST', `/v1/patients/${patient.patientId}/notes`, { token: doctor.token, body: { text } });
    },
    state: async () => (await t.database.db.select({ n: count() }).from(patientNotes))[0]!.n,
  },
  {
    route: 'PATCH /v1/admin/users/:id',
    field: 'body.user_name',
    rule: 'one line',
    max: 100,
    send: (text) => call(t.app, 'PATCH', `/v1/admin/users/${doctor.userId}`, { token: admin.token, body: { user_name: text } }),
    state: async () => (await call(t.app, 'GET', `/v1/doctors/${doctor.userId}`)).body.user_name,
  },
  ...(['/v1/admin/reviews/:id/moderate', '/v1/admin/payments/:id/refund'] as const).map((path): TextField => ({
    route: `POST ${path}`,
    field: 'body.reason',
    rule: 'long text',
    max: 1000,
    send: (text) =>
      call(t.app, 'POST', path.replace(':id', randomUUID()), {
        token: admin.token,
        body: path.includes('reviews') ? { action: 'hide', reason: text } : { reason: text },
      }),
    state: async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n,
  })),
  ...(['company', 'contact_name', 'message'] as const).map((name): TextField => ({
    route: 'POST /v1/corporate-leads',
    field: `body.${name}`,
    rule: name === 'message' ? 'long text' : 'one line',
    max: { company: 200, contact_name: 100, message: 5000 }[name],
    send: (text) =>
      call(t.app, 'POST', '/v1/corporate-leads', {
        body: { company: 'Lviv Works', contact_name: 'Богдана', email: uniqueEmail('company'), [name]: text },
      }),
    state: async () => t.mail.all().length,
  })),
  {
    route: 'PUT /v1/doctors/:id',
    field: 'body.name_en',
    rule: 'one line',
    max: 100,
    send: (text) => call(t.app, 'PUT', `/v1/doctors/${doctor.userId}`, { token: doctor.token, body: { name_en: text } }),
    state: async () => (await call(t.app, 'GET', `/v1/doctors/${doctor.userId}`, { token: doctor.token })).body.doctor_name_en,
  },
  ...(['user_name', 'name_en', 'bio.uk', 'bio.en'] as const).map((name): TextField => ({
    route: 'PUT /v1/specialist-applications/my',
    field: `body.${name}`,
    rule: name.startsWith('bio') ? 'long text' : 'one line',
    max: name.startsWith('bio') ? 4000 : 100,
    send: async (text) => {
      const body = { ...applicationProfile, bio: { ...applicationProfile.bio } };
      if (name === 'bio.uk' || name === 'bio.en') body.bio[name === 'bio.uk' ? 'uk' : 'en'] = text;
      else body[name] = text;
      return call(t.app, 'PUT', '/v1/specialist-applications/my', { token: (await applicant()).token, body });
    },
    state: async () => (await call(t.app, 'GET', '/v1/specialist-applications/my', { token: (await applicant()).token })).body,
  })),
  {
    route: 'POST /v1/admin/specialist-applications/:id/reject',
    field: 'body.reason',
    rule: 'long text',
    max: 2000,
    send: async (text) =>
      call(t.app, 'POST', `/v1/admin/specialist-applications/${await applicationId()}/reject`, {
        token: admin.token,
        body: { reason: text },
      }),
    state: async () =>
      (await call(t.app, 'GET', `/v1/admin/specialist-applications/${await applicationId()}`, { token: admin.token })).body,
  },
  {
    route: 'POST /v1/support-requests',
    field: 'body.message',
    rule: 'long text',
    max: 5000,
    send: (text) =>
      call(t.app, 'POST', '/v1/support-requests', {
        body: { topic: 'other', message: text, email: uniqueEmail('desk') },
        remoteAddress: `desk-${randomUUID()}`,
      }),
    state: async () => (await t.database.db.select({ n: count() }).from(supportRequests))[0]!.n,
  },
  {
    route: 'POST /v1/support-requests/:id/replies',
    field: 'body.text',
    rule: 'long text',
    max: 5000,
    send: async (text) =>
      call(t.app, 'POST', `/v1/support-requests/${await deskRequestId()}/replies`, {
        token: admin.token,
        body: { channel: 'email', text },
      }),
    state: async () => (await call(t.app, 'GET', `/v1/support-requests/${await deskRequestId()}`, { token: admin.token })).body.replies,
  },
  {
    route: 'POST /v1/admin/faq/topics',
    field: 'body.title.uk',
    rule: 'one line',
    max: 200,
    send: (text) =>
      call(t.app, 'POST', '/v1/admin/faq/topics', {
        token: admin.token,
        body: { title: { uk: text, en: 'Topic' }, position: 0, isPublished: false },
      }),
    state: async () => (await call(t.app, 'GET', '/v1/admin/faq/topics', { token: admin.token })).body.topics,
  },
  {
    route: 'POST /v1/admin/faq/questions',
    field: 'body.answer.en',
    rule: 'long text',
    max: 5000,
    send: async (text) =>
      call(t.app, 'POST', '/v1/admin/faq/questions', {
        token: admin.token,
        body: {
          topicId: (await t.services.faq.createTopic({ title: { uk: 'Тема', en: 'Topic' }, position: 0, isPublished: false })).id,
          question: { uk: 'Питання', en: 'Question' },
          answer: { uk: 'Відповідь', en: text },
          position: 0,
          isPublished: false,
        },
      }),
    state: async () => (await call(t.app, 'GET', '/v1/admin/faq/topics', { token: admin.token })).body.questions,
  },
];

/** A patient's support request the desk's answers go to. */
let deskRequestOnce: Promise<string> | undefined;
const deskRequestId = () =>
  (deskRequestOnce ??= t.services.accounts
    .getAccount(patient.userId)
    .then(async (account) => (await t.services.supportDesk.create(account, { topic: 'other', message: 'Привіт' }, 'desk-walk')).id));

let applicantOnce: Promise<Person> | undefined;
/** An applicant (role `none`) with a draft application, and one with a submitted application waiting for a decision. */
const applicant = () => (applicantOnce ??= quickAccount(t, 'none'));
let applicationOnce: Promise<string> | undefined;
const applicationId = () =>
  (applicationOnce ??= submittedApplicant(t).then(async (who) => (await t.services.specialists.mine(who.userId)).id));

/** An operator who keeps canned replies and transfers the patient's conversation to a colleague. */
let operators: Promise<[Person, Person]> | undefined;
const operatorPair = () => (operators ??= Promise.all([quickAccount(t, 'operator'), quickAccount(t, 'operator')]));
const cannedReply = async (body: object) =>
  call(t.app, 'POST', '/v1/support/canned-replies', { token: (await operatorPair())[0].token, body });
const chatStateOf = async (who: Person) => {
  const [operator] = await operatorPair();
  const record = await call(t.app, 'GET', `/v1/patients/${who.patientId}`, { token: operator.token });
  return [record.body.chat_patient_status, record.body.interacting_with_operator];
};

let room: string | undefined;
/** The room of a consultation of the patient, booked once. */
async function roomOfPatient(): Promise<string> {
  room ??= (await bookFor(t, patient, doctor, slotAt(20, 10))).body.appointment_roomId as string;
  return room;
}

/** Characters no person types; a one-line field also refuses line breaks and tabs. */
const refused = {
  'one line': [
    'Olena\rPetrenko',
    'Olena\nPetrenko',
    'Olena\tPetrenko',
    'Olena\u0085Petrenko',
    'Olena\u2028Petrenko',
    '\u202eoknerteP\u202c',
    'a\u2066b\u2069',
  ],
  'long text': ['Olena\rPetrenko', 'a\u001b[31mb', 'a\u007fb', 'a\u009bb', 'a\u2029b', 'a\u202eb'],
};

/** The text with every character outside printable ASCII and Cyrillic written as a \\u escape, for test names. */
const shown = (text: string) =>
  text.replace(/[^\u0020-\u007e\u0400-\u04ff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('text fields refuse control characters and oversized input with 400 naming the field, and change nothing', () => {
  const cases = fields.flatMap((f) => refused[f.rule].map((text) => [f.route, f.field, shown(text), f, text] as const));

  test.each(cases)('%s %s: %s', async (_route, _field, _shown, f, text) => {
    const before = await f.state();
    const response = await f.send(text);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      errors: [
        {
          path: f.field,
          code: f.rule === 'one line' ? 'ONE_LINE_TEXT' : 'MULTI_LINE_TEXT',
          message: f.rule === 'one line' ? ONE_LINE_TEXT_MESSAGE : MULTI_LINE_TEXT_MESSAGE,
        },
      ],
    });
    expect(await f.state()).toEqual(before);
  });

  test.each(fields.map((f) => [f.route, f.field, f] as const))('%s %s: one character over the limit', async (_route, _field, f) => {
    const before = await f.state();
    const response = await f.send('я'.repeat(f.max + 1));
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path: f.field, code: 'TOO_LONG', message: expect.any(String) });
    expect(await f.state()).toEqual(before);
  });
});

describe('long texts keep their line breaks; the calendar file stays well formed', () => {
  const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

  test('a reason with line breaks is booked (CRLF kept as LF); the doctor calendar escapes the name and leaves the reason out', async () => {
    const named = await quickPatient(t, 'Коваленко, Олена; мол.');
    const booked = await bookFor(t, named, doctor, slotAt(3, 10), { appointment_reason: 'Тривога\r\nБезсоння\tз осені' });
    expect(booked.status).toBe(201);
    expect(booked.body.appointment_reason).toBe('Тривога\nБезсоння\tз осені');
    const calendar = await call(t.app, 'GET', `/v1/appointments/${booked.body.id}/calendar.ics`, { token: doctor.token });
    expect(calendar.status).toBe(200);
    expect(calendar.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(calendar.text)).toContain('SUMMARY;LANGUAGE=uk:Онлайн-консультація: Коваленко\\, Олена\\; мол.');
    expect(calendar.text).not.toContain('Тривога');
  });

  test('a name stored before the rule, with a bare carriage return, cannot add lines to the doctor calendar', async () => {
    const stored = await quickPatient(t, 'Olena\rEND:VEVENT\rBEGIN:VEVENT\nSUMMARY:Free');
    const booked = await bookFor(t, stored, doctor, slotAt(4, 10));
    expect(booked.status).toBe(201);
    const calendar = await call(t.app, 'GET', `/v1/appointments/${booked.body.id}/calendar.ics`, { token: doctor.token });
    expect(calendar.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(calendar.text);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('SUMMARY'))).toEqual([
      'SUMMARY;LANGUAGE=uk:Онлайн-консультація: OlenaEND:VEVENTBEGIN:VEVENT\\nSUMMARY:Free',
    ]);
  });
});

test('the profile takes a name with apostrophes, hyphens and emoji', async () => {
  const response = await call(t.app, 'PUT', '/v1/auth/profile', {
    token: patient.token,
    body: { user_name: "  Олена О'Браєн-Шевчук 🌻 " },
  });
  expect(response.status).toBe(200);
  expect(response.body.user_name).toBe("Олена О'Браєн-Шевчук 🌻");
});
