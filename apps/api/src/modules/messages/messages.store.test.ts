import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, supportEvents } from '../../db/schema-chat.ts';
import { patients } from '../../db/schema.ts';
import { call, fileTestApp, MINUTE } from '../../test/harness.ts';
import { BASE, quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { MESSAGES_PER_MINUTE } from './messages.service.ts';

/**
 * A new message is stored, counted against its sender's limit and, in a support conversation, its state locked in one
 * statement: what held when those were statements of their own holds with many sends at once.
 */
const t = await fileTestApp(BASE);

const post = (who: Person, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/v1/messages', { token: who.token, body: { client_message_id: randomUUID(), ...body } });
const toOperators = (text: string) => ({ message_text: text, message_recipientType: 'operator' });
const toPatient = (patient: Person, text: string) => ({
  message_text: text,
  message_recipientType: 'patient',
  message_patientId: patient.patientId,
});
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

async function statesOf(people: Person[]) {
  const ids = people.map((p) => p.patientId!);
  const rows = await t.database.db
    .select({ id: patients.id, status: patients.chatPatientStatus, holder: patients.interactingWithOperator })
    .from(patients)
    .where(inArray(patients.id, ids));
  return new Map(rows.map((row) => [row.id, [row.status, row.holder] as const]));
}
const eventsOf = (patient: Person) =>
  t.database.db
    .select({ kind: supportEvents.kind, actorId: supportEvents.actorId })
    .from(supportEvents)
    .where(eq(supportEvents.patientId, patient.patientId!))
    .orderBy(asc(supportEvents.createdAt));
const messagesOf = (patient: Person) =>
  t.database.db.select().from(messages).where(eq(messages.patientId, patient.patientId!)).orderBy(asc(messages.seq));

describe('one operator writing to 50 unheld conversations at once', () => {
  test(`${MESSAGES_PER_MINUTE} are stored and claim theirs; the refused ones store, count and claim nothing`, async () => {
    const operator = await quickAccount(t, 'operator');
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => quickPatient(t, `Пацієнт ${i}`)));
    const before = await statesOf(people);
    const answers = await Promise.all(people.map((patient, i) => post(operator, toPatient(patient, `Вітаю, ${i}`))));
    expect(statuses(answers)).toEqual([...Array(MESSAGES_PER_MINUTE).fill(201), ...Array(50 - MESSAGES_PER_MINUTE).fill(429)]);

    const after = await statesOf(people);
    for (const [i, patient] of people.entries()) {
      const [stored, events] = [await messagesOf(patient), await eventsOf(patient)];
      if (answers[i]!.status === 201) {
        expect(after.get(patient.patientId!)).toEqual(['active', operator.userId]);
        expect(stored.map((m) => [m.id, m.seq])).toEqual([[answers[i]!.body.id, 1]]);
        expect(events).toEqual([{ kind: 'claimed', actorId: operator.userId }]);
      } else {
        expect(after.get(patient.patientId!)).toEqual(before.get(patient.patientId!));
        expect([stored, events]).toEqual([[], []]);
      }
    }
  });
});

describe('a patient and an operator writing to one conversation at once', () => {
  test('30 from the patient and 20 from the operator are stored and numbered once; the operator claims it once', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 < 2 ? post(operator, toPatient(patient, `Оператор ${i}`)) : post(patient, toOperators(`Пацієнт ${i}`)),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect((await messagesOf(patient)).map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await eventsOf(patient)).toEqual([{ kind: 'claimed', actorId: operator.userId }]);
    const [status, holder] = (await statesOf([patient])).get(patient.patientId!)!;
    expect(holder).toBe(operator.userId);
    expect(['active', 'awaiting']).toContain(status);
  });
});

describe('a message over the limit', () => {
  test('leaves a closed conversation closed; the next minute it reopens it', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const first = await Promise.all(Array.from({ length: MESSAGES_PER_MINUTE }, (_, i) => post(patient, toOperators(`#${i}`))));
    expect(first.every((a) => a.status === 201)).toBe(true);
    expect((await post(operator, toPatient(patient, 'Відповідаю'))).status).toBe(201);
    const closed = await call(t.app, 'POST', `/v1/patients/${patient.patientId}/close`, { token: operator.token });
    expect(closed.status, closed.text).toBe(200);

    const over = await post(patient, toOperators('Ще одне'));
    expect(over.status).toBe(429);
    expect((await statesOf([patient])).get(patient.patientId!)).toEqual(['closed', operator.userId]);
    expect((await eventsOf(patient)).map((e) => e.kind)).toEqual(['claimed', 'closed']);
    expect(await messagesOf(patient)).toHaveLength(MESSAGES_PER_MINUTE + 1);

    t.clock.advance(MINUTE);
    expect((await post(patient, toOperators('Ще одне'))).status).toBe(201);
    expect((await statesOf([patient])).get(patient.patientId!)).toEqual(['awaiting', operator.userId]);
    expect((await eventsOf(patient)).map((e) => e.kind)).toEqual(['claimed', 'closed', 'reopened']);
  });
});

describe("another person's conversation", () => {
  test('is refused, and the refusals store and count nothing', async () => {
    const [patient, other] = [await quickPatient(t), await quickPatient(t)];
    const refused = await Promise.all([
      post(patient, { ...toOperators('Чуже'), message_patientId: other.patientId }),
      post(patient, toPatient(other, 'Як персонал')),
      post(patient, { ...toOperators('Чуже'), message_patientId: other.patientId }),
    ]);
    expect(statuses(refused)).toEqual([403, 403, 403]);
    expect(await messagesOf(other)).toEqual([]);

    const own = await Promise.all(Array.from({ length: MESSAGES_PER_MINUTE }, (_, i) => post(patient, toOperators(`#${i}`))));
    expect(own.every((a) => a.status === 201)).toBe(true);
    expect((await post(patient, toOperators('Забагато'))).status).toBe(429);
  });
});
