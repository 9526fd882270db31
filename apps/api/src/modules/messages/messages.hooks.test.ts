import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Message } from '@rozmova/contracts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, bookableDoctor, bookFor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';

let t: TestContext;
const logLines: string[] = [];
const created: [string, string[]][] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logStream });
  t.clock.set(BASE);
  // A failing handler is logged (without the text) and does not stop the next one or the send.
  t.services.messages.onMessageCreated(() => {
    throw new Error('push service down');
  });
  t.services.messages.onMessageCreated((message: Message, recipients) => {
    created.push([message.message_text, recipients]);
  });
});
afterAll(() => t?.close());

async function send(who: Person, body: Record<string, unknown>, clientMessageId = randomUUID()) {
  const response = await call(t.app, 'POST', '/v1/messages', { token: who.token, body: { client_message_id: clientMessageId, ...body } });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body as Message;
}

test('onMessageCreated hears each new message once, with the accounts it is for', async () => {
  const patient = await quickPatient(t);
  const operator = await quickAccount(t, 'operator');
  const doctor = await bookableDoctor(t);
  expect((await bookFor(t, patient, doctor, slotAt(1, 10))).status).toBe(201);
  const toStaff = (text: string) => ({ message_text: text, message_recipientType: 'patient', message_patientId: patient.patientId });

  const clientId = randomUUID();
  await send(patient, { message_text: 'Секретний симптом', message_recipientType: 'operator' }, clientId);
  await send(patient, { message_text: 'Секретний симптом', message_recipientType: 'operator' }, clientId);
  await send(operator, toStaff('Відповідь оператора'));
  await send(patient, { message_text: 'Дякую', message_recipientType: 'operator' });
  await send(patient, { message_text: 'Лікарю', message_recipientType: 'doctor' });
  await send(doctor, toStaff('Відповідь лікаря'));

  expect(created).toEqual([
    ['Секретний симптом', []],
    ['Відповідь оператора', [patient.userId]],
    ['Дякую', [operator.userId]],
    ['Лікарю', [doctor.userId]],
    ['Відповідь лікаря', [patient.userId]],
  ]);
  const failures = logLines.filter((line) => line.includes('message-created handler failed'));
  expect(failures).toHaveLength(5);
  expect(logLines.join('\n')).not.toMatch(/Секретний|Відповідь|Дякую|Лікарю/);
});
