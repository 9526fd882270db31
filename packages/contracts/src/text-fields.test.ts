import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { createUserBodySchema, listUsersQuerySchema } from './admin.ts';
import { createAppointmentBodySchema, createAppointmentFromLandingBodySchema, updateAppointmentBodySchema } from './appointments.ts';
import { registerPatientBodySchema, updateProfileBodySchema } from './auth.ts';
import { multiLineTextSchema, oneLineTextSchema } from './common.ts';
import { MULTI_LINE_TEXT_MESSAGE, ONE_LINE_TEXT_MESSAGE } from './constants.ts';
import { contactBodySchema } from './contact.ts';
import { searchDoctorsQuerySchema, updateDoctorBodySchema } from './doctors.ts';
import { createFeedbackBodySchema, updateFeedbackBodySchema } from './feedback.ts';
import { createNotificationBodySchema } from './notifications.ts';
import { patientLookupQuerySchema, updatePatientBodySchema, updatePatientCardBodySchema } from './patients.ts';
import { createQuizQuestionBodySchema } from './quiz.ts';

const ID = '00000000-0000-4000-8000-000000000001';

/** Every control character class the rules name, as a person would not type it. */
const controls = {
  NUL: '\u0000',
  TAB: '\t',
  LF: '\n',
  CR: '\r',
  ESC: '\u001b',
  DEL: '\u007f',
  NEL: '\u0085',
  'C1 CSI': '\u009b',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
  'right-to-left override': '\u202e',
  'left-to-right embedding': '\u202a',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
};

describe('oneLineTextSchema', () => {
  const schema = oneLineTextSchema(20);

  test.each(Object.entries(controls))('refuses %s inside the text', (_name, char) => {
    const result = schema.safeParse(`Олена${char}Петрівна`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ONE_LINE_TEXT_MESSAGE);
  });

  test('trims, keeps the limit, and accepts any language, emoji and joiners', () => {
    expect(schema.parse('  Олена Петрівна \n')).toBe('Олена Петрівна');
    expect(schema.parse("O'Brien-Šimić, Jr.")).toBe("O'Brien-Šimić, Jr.");
    expect(schema.parse('👩‍⚕️ لمياء')).toBe('👩‍⚕️ لمياء');
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
  });
});

describe('multiLineTextSchema', () => {
  const schema = multiLineTextSchema(20);

  test('keeps line feeds and tabs; CRLF becomes LF', () => {
    expect(schema.parse('Болить\r\nголова\tчасто')).toBe('Болить\nголова\tчасто');
    expect(schema.parse(' a\n\nb \n')).toBe('a\n\nb');
  });

  test.each(Object.entries(controls).filter(([name]) => name !== 'TAB' && name !== 'LF'))('refuses %s', (_name, char) => {
    const result = schema.safeParse(`a${char}b`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MULTI_LINE_TEXT_MESSAGE);
  });

  test('the limit counts the text after CRLF became LF', () => {
    expect(schema.safeParse('a\r\n'.repeat(9) + 'b').success).toBe(true);
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
  });
});

/** Each free-text field of every request schema: a valid input, where the field is, and which rule it follows. */
const fields: [string, z.ZodType, Record<string, unknown>, string[], 'one' | 'multi'][] = [
  [
    'admin user name',
    createUserBodySchema,
    { email: 'a@b.cd', password: 'Secret-123', user_name: 'A', user_role: 'doctor' },
    ['user_name'],
    'one',
  ],
  ['admin user search', listUsersQuerySchema, { search: 'a' }, ['search'], 'one'],
  [
    'sign-up name',
    registerPatientBodySchema,
    { email: 'a@b.cd', code: '123456', password: 'Secret-123', user_name: 'A' },
    ['user_name'],
    'one',
  ],
  ['profile name', updateProfileBodySchema, { user_name: 'A' }, ['user_name'], 'one'],
  ['contact name', contactBodySchema, { name: 'A', email: 'a@b.cd', message: 'm' }, ['name'], 'one'],
  ['contact message', contactBodySchema, { name: 'A', email: 'a@b.cd', message: 'm' }, ['message'], 'multi'],
  [
    'appointment reason',
    createAppointmentBodySchema,
    { appointment_date: '2027-01-13T10:00:00Z', appointment_reason: 'r' },
    ['appointment_reason'],
    'multi',
  ],
  ['appointment note', updateAppointmentBodySchema, { appointment_note: 'n' }, ['appointment_note'], 'multi'],
  [
    'landing booking name',
    createAppointmentFromLandingBodySchema,
    { appointmentDto: { appointment_date: '2027-01-13T10:00:00Z' }, email: 'a@b.cd', user_name: 'A', accept_terms: true },
    ['user_name'],
    'one',
  ],
  [
    'landing booking reason',
    createAppointmentFromLandingBodySchema,
    {
      appointmentDto: { appointment_date: '2027-01-13T10:00:00Z', appointment_reason: 'r' },
      email: 'a@b.cd',
      user_name: 'A',
      accept_terms: true,
    },
    ['appointmentDto', 'appointment_reason'],
    'multi',
  ],
  ['doctor bio', updateDoctorBodySchema, { bio: { uk: 'b', en: 'b' } }, ['bio', 'uk'], 'multi'],
  ['doctor photo address', updateDoctorBodySchema, { photo_url: 'https://example.com/a.png' }, ['photo_url'], 'one'],
  ['doctor search', searchDoctorsQuerySchema, { query: 'q' }, ['query'], 'one'],
  [
    'feedback comment',
    createFeedbackBodySchema,
    { type: 'quiz', feedback_rating: 5, feedback_comment: 'c' },
    ['feedback_comment'],
    'multi',
  ],
  ['feedback comment change', updateFeedbackBodySchema, { feedback_comment: 'c' }, ['feedback_comment'], 'multi'],
  [
    'notification message',
    createNotificationBodySchema,
    { notification_message: 'm', users_user_id: ID },
    ['notification_message'],
    'multi',
  ],
  ['patient lookup', patientLookupQuerySchema, { findCriteria: 'q' }, ['findCriteria'], 'one'],
  ['push token', updatePatientBodySchema, { user_push_token: 't' }, ['user_push_token'], 'one'],
  ['patient card id', updatePatientCardBodySchema, { patient_cardId: 'c' }, ['patient_cardId'], 'one'],
  [
    'quiz question text',
    createQuizQuestionBodySchema,
    {
      question_text: { uk: 'q', en: 'q' },
      question_answers: ['A', 'B', 'C'].map((value) => ({ value, text: { uk: 'a', en: 'a' } })),
    },
    ['question_text', 'en'],
    'multi',
  ],
  [
    'quiz answer text',
    createQuizQuestionBodySchema,
    {
      question_text: { uk: 'q', en: 'q' },
      question_answers: ['A', 'B', 'C'].map((value) => ({ value, text: { uk: 'a', en: 'a' } })),
    },
    ['question_answers', '1', 'text', 'uk'],
    'multi',
  ],
];

/** A copy of `body` with the string at `path` changed by `change`. */
function withField(body: Record<string, unknown>, path: string[], change: (value: string) => string): unknown {
  const copy = structuredClone(body);
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = path.at(-1)!;
  holder[last] = change(holder[last] as string);
  return copy;
}

describe('every free-text field of the request schemas', () => {
  test.each(fields)('%s', (_name, schema, body, path, rule) => {
    expect(schema.safeParse(body).success).toBe(true);
    const refused = schema.safeParse(withField(body, path, (value) => `${value}\u202e\r${value}`));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.map(String))).toContainEqual(path);
    expect(refused.error?.issues[0]?.message).toBe(rule === 'one' ? ONE_LINE_TEXT_MESSAGE : MULTI_LINE_TEXT_MESSAGE);
    const lines = schema.safeParse(withField(body, path, (value) => `${value}\n\t${value}`));
    expect(lines.success).toBe(rule === 'multi');
  });
});
