import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages } from '../../db/schema-chat.ts';
import { call, fileTestApp, MINUTE } from '../../test/harness.ts';
import { BASE, quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { MESSAGES_PER_MINUTE } from './messages.service.ts';

const t = await fileTestApp(BASE);

const post = (who: Person, body: Record<string, unknown>) => call(t.app, 'POST', '/v1/messages', { token: who.token, body });
const support = (text: string, clientId = randomUUID()) => ({
  message_text: text,
  message_recipientType: 'operator',
  client_message_id: clientId,
});
const rowsOf = (patient: Person) => t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!));

describe('the same client_message_id sent 50 times at once', () => {
  test('stores one message, and every answer is that message', async () => {
    const patient = await quickPatient(t);
    const body = support('Надіслано з поганим звʼязком');
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(patient, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(49);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rowsOf(patient)).toHaveLength(1);
  });

  test('by an operator to a patient, likewise', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const body = {
      message_text: 'Вітаю',
      message_recipientType: 'patient',
      message_patientId: patient.patientId,
      client_message_id: randomUUID(),
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(operator, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(49).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rowsOf(patient)).toHaveLength(1);
  });
});

describe(`at most ${MESSAGES_PER_MINUTE} messages a minute per sender`, () => {
  test('50 different messages at once: exactly 30 are stored, 20 are 429 with Retry-After', async () => {
    const patient = await quickPatient(t);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(patient, support(`Повідомлення ${i}`))));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect([created.length, refused.length]).toEqual([30, 20]);
    expect(refused.every((a) => a.body.code === 'TOO_MANY_REQUESTS' && Number(a.headers['retry-after']) > 0)).toBe(true);
    const rows = await rowsOf(patient);
    expect(rows.map((r) => r.id).sort()).toEqual(created.map((a) => a.body.id).sort());

    // A resend of a stored message is not counted and still answers it; a new one waits for the next minute.
    const resend = await post(patient, { ...support('again'), client_message_id: created[0]!.body.client_message_id });
    expect(resend.status).toBe(200);
    expect(resend.body.id).toBe(created[0]!.body.id);
    expect((await post(patient, support('Ще одне'))).status).toBe(429);
    t.clock.advance(MINUTE);
    expect((await post(patient, support('Ще одне'))).status).toBe(201);
  });

  test('a message refused by the limit can be sent again with its client id later', async () => {
    const patient = await quickPatient(t);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await post(patient, support(`#${i}`))).status).toBe(201);
    const body = support('Тридцять перше');
    expect((await post(patient, body)).status).toBe(429);
    t.clock.advance(MINUTE);
    const later = await post(patient, body);
    expect(later.status).toBe(201);
    expect(later.body.message_text).toBe('Тридцять перше');
    expect(await rowsOf(patient)).toHaveLength(MESSAGES_PER_MINUTE + 1);
  });

  test('each sender has its own count', async () => {
    const [first, second] = [await quickPatient(t), await quickPatient(t)];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post(i % 2 ? first : second, support(`Повідомлення ${i}`))));
    expect(answers.every((a) => a.status === 201)).toBe(true);
  });
});
