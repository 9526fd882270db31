import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inboxSchema, messageListSchema, messageSchema, patientCardSchema, userSchema } from '@rozmova/contracts';
// The web client's own decryption (docs/product.md §7): what the browser runs on these answers, run here on the server's output.
import { decryptPayload, isEncryptedPayload } from '../../../web/src/lib/decrypt-response.ts';
import { call, createTestApp, type CallResult, type TestContext } from '../test/harness.ts';
import { quickAccount, quickPatient, type Person } from '../test/factories.ts';

const KEY = 'public-demo-key-2027';

let t: TestContext;
let plain: TestContext;
let admin: Person;
let operator: Person;

beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ env: { DECRYPTION_KEY: KEY } }), createTestApp()]);
  [admin, operator] = await Promise.all([quickAccount(t, 'admin'), quickAccount(t, 'operator', 'Оксана Операторка')]);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

/** The envelope of an encrypted answer: exactly `{ encrypted: { salt, iv, encrypted } }`, base64, nothing in clear. */
function envelopeOf(response: CallResult) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.body)).toEqual(['encrypted']);
  const { encrypted } = response.body;
  expect(isEncryptedPayload(encrypted)).toBe(true);
  for (const field of ['salt', 'iv', 'encrypted'] as const) expect(encrypted[field]).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  expect(Buffer.from(encrypted.iv, 'base64')).toHaveLength(16);
  return encrypted as { salt: string; iv: string; encrypted: string };
}

const decrypted = async (response: CallResult): Promise<unknown> => decryptPayload(envelopeOf(response), KEY);

async function cardIdOf(who: Person, app = t): Promise<string> {
  const profile = await call(app.app, 'GET', '/v1/auth/profile', { token: who.token });
  expect(profile.status).toBe(200);
  const user = userSchema.parse(app === t ? await decrypted(profile) : profile.body);
  return user.role_specific_data.patient!.patient_cardId;
}

const expectPlainError = (response: CallResult, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ code });
  expect(response.body.encrypted).toBeUndefined();
};

describe('with DECRYPTION_KEY: the patient card', () => {
  test('GET and PUT answer the card encrypted; the web client decrypts exactly the card', async () => {
    const patient = await quickPatient(t);
    const cardId = await cardIdOf(patient);
    const put = await call(t.app, 'PUT', `/v1/patients-cards/${cardId}`, {
      token: admin.token,
      body: { patient_available_free_consultations: 3 },
    });
    expect(put.status).toBe(200);
    expect(patientCardSchema.parse(await decrypted(put))).toMatchObject({
      patient_cardId: cardId,
      patient_available_free_consultations: 3,
    });

    const get = await call(t.app, 'GET', `/v1/patients-cards/${cardId}`, { token: patient.token });
    expect(get.status).toBe(200);
    expect(await decrypted(get)).toEqual({
      patient_cardId: cardId,
      patient_quizz_results: [],
      patient_quizz_recommendations: [],
      patient_quizz_is_completed: false,
      patient_notes: [],
      patient_available_free_consultations: 3,
    });
    // The content length is the envelope's, not the plain card's.
    expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.text));
  });

  test('the profile, which carries the card, is encrypted too (GET and PUT)', async () => {
    const patient = await quickPatient(t, 'Ірина Шифр');
    const put = await call(t.app, 'PUT', '/v1/auth/profile', { token: patient.token, body: { locale: 'en' } });
    expect(put.status).toBe(200);
    const user = userSchema.parse(await decrypted(put));
    expect(user).toMatchObject({ user_name: 'Ірина Шифр', locale: 'en' });
    expect(user.role_specific_data.patient!.patientCard.patient_cardId).toBe(user.role_specific_data.patient!.patient_cardId);
    expect(put.text).not.toContain('Ірина');
  });

  test('every answer has a fresh salt and IV: 50 answers of the same card never repeat one', async () => {
    const patient = await quickPatient(t);
    const cardId = await cardIdOf(patient);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'GET', `/v1/patients-cards/${cardId}`, { token: patient.token })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const envelopes = responses.map(envelopeOf);
    expect(new Set(envelopes.map((e) => e.salt)).size).toBe(50);
    expect(new Set(envelopes.map((e) => e.iv)).size).toBe(50);
    expect(new Set(envelopes.map((e) => e.encrypted)).size).toBe(50);
    const cards = await Promise.all(envelopes.map((e) => decryptPayload(e, KEY)));
    for (const card of cards) expect(card).toEqual(cards[0]);
  });

  test('another key does not open it', async () => {
    const patient = await quickPatient(t);
    const get = await call(t.app, 'GET', `/v1/patients-cards/${await cardIdOf(patient)}`, { token: patient.token });
    await expect(decryptPayload(envelopeOf(get), `${KEY}-other`)).rejects.toThrow();
  });

  test("authorization is unchanged: another patient's card is a plain 404, no token a plain 401", async () => {
    const [owner, other] = await Promise.all([quickPatient(t), quickPatient(t)]);
    const cardId = await cardIdOf(owner);
    expectPlainError(await call(t.app, 'GET', `/v1/patients-cards/${cardId}`, { token: other.token }), 404, 'NOT_FOUND');
    expectPlainError(
      await call(t.app, 'PUT', `/v1/patients-cards/${cardId}`, { token: other.token, body: { patient_quizz_is_completed: false } }),
      404,
      'NOT_FOUND',
    );
    expectPlainError(await call(t.app, 'GET', `/v1/patients-cards/${cardId}`), 401, 'UNAUTHORIZED');
    expectPlainError(await call(t.app, 'GET', '/v1/auth/profile'), 401, 'UNAUTHORIZED');
    // A malformed body is a plain 400 with its field errors.
    const invalid = await call(t.app, 'PUT', `/v1/patients-cards/${cardId}`, {
      token: admin.token,
      body: { patient_available_free_consultations: -1 },
    });
    expectPlainError(invalid, 400, 'VALIDATION_FAILED');
  });
});

describe('with DECRYPTION_KEY: messages', () => {
  test('sending, a resend, the list and the operators’ inbox are encrypted; the text survives intact', async () => {
    const patient = await quickPatient(t, 'Марта Листування');
    const text = 'Добрий день! Чи можна перенести консультацію? 🙏 <b>&amp;</b> "лапки"\nдругий рядок';
    const body = { message_text: text, message_recipientType: 'operator', client_message_id: randomUUID() };

    const sent = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(sent.status).toBe(201);
    expect(sent.text).not.toContain('консультацію');
    const message = messageSchema.parse(await decrypted(sent));
    expect(message).toMatchObject({ message_text: text, message_senderType: 'patient', message_patientId: patient.patientId });

    const resent = await call(t.app, 'POST', '/v1/messages', { token: patient.token, body });
    expect(resent.status).toBe(200);
    expect(await decrypted(resent)).toEqual(message);

    const list = await call(t.app, 'GET', '/v1/messages?recipientType=operator', { token: patient.token });
    expect(list.status).toBe(200);
    expect(messageListSchema.parse(await decrypted(list)).messages).toEqual([message]);

    const staffList = await call(t.app, 'GET', `/v1/messages?patientId=${patient.patientId}&recipientType=operator`, {
      token: operator.token,
    });
    expect(messageListSchema.parse(await decrypted(staffList)).messages.map((m) => m.message_text)).toEqual([text]);

    const inbox = await call(t.app, 'GET', '/v1/support/inbox?holder=all', { token: operator.token });
    expect(inbox.status).toBe(200);
    const row = inboxSchema.parse(await decrypted(inbox)).conversations.find((c) => c.patientId === patient.patientId);
    expect(row).toMatchObject({ user_name: 'Марта Листування', last_message_text: text });
  });

  test('errors stay plain: validation, someone else’s conversation, a role without chat', async () => {
    const [patient, other] = await Promise.all([quickPatient(t), quickPatient(t)]);
    const empty = await call(t.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: '', message_recipientType: 'operator', client_message_id: randomUUID() },
    });
    expectPlainError(empty, 400, 'VALIDATION_FAILED');
    const bad = await call(t.app, 'GET', '/v1/messages?limit=100000', { token: patient.token });
    expectPlainError(bad, 400, 'VALIDATION_FAILED');
    // Another patient's conversation is a plain 404, as it was; so is writing into it (403).
    const theirs = await call(t.app, 'GET', `/v1/messages?patientId=${other.patientId}&recipientType=operator`, { token: patient.token });
    expectPlainError(theirs, 404, 'NOT_FOUND');
    const into = await call(t.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: 'hi', message_recipientType: 'operator', message_patientId: other.patientId, client_message_id: randomUUID() },
    });
    expectPlainError(into, 403, 'FORBIDDEN');
    expectPlainError(await call(t.app, 'GET', '/v1/support/inbox', { token: patient.token }), 403, 'FORBIDDEN');
  });

  test('routes that did not opt in answer plain JSON', async () => {
    const patient = await quickPatient(t);
    const read = await call(t.app, 'PATCH', '/v1/messages/mark-messages-as-read', { token: patient.token, body: {} });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ updated: 0 });
    const record = await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: patient.token });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ id: patient.patientId });
    const status = await call(t.app, 'GET', '/v1/support/status', { token: patient.token });
    expect(status.status).toBe(200);
    expect(status.body.encrypted).toBeUndefined();
  });
});

describe('without DECRYPTION_KEY', () => {
  test('the card, the profile, messages and the inbox are plain JSON, as before', async () => {
    const [patient, staff] = await Promise.all([quickPatient(plain), quickAccount(plain, 'operator')]);
    const cardId = await cardIdOf(patient, plain);
    const card = await call(plain.app, 'GET', `/v1/patients-cards/${cardId}`, { token: patient.token });
    expect(card.status).toBe(200);
    expect(patientCardSchema.parse(card.body).patient_cardId).toBe(cardId);
    expect(card.body.encrypted).toBeUndefined();

    const text = 'Звичайний текст';
    const sent = await call(plain.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: text, message_recipientType: 'operator', client_message_id: randomUUID() },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message_text).toBe(text);
    const list = await call(plain.app, 'GET', '/v1/messages?recipientType=operator', { token: patient.token });
    expect(list.body.messages.map((m: { message_text: string }) => m.message_text)).toEqual([text]);
    const inbox = await call(plain.app, 'GET', '/v1/support/inbox', { token: staff.token });
    expect(inboxSchema.parse(inbox.body).conversations.find((c) => c.patientId === patient.patientId)?.last_message_text).toBe(text);
  });
});
