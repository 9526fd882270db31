import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CANNED_REPLIES_PER_OPERATOR } from '@rozmova/contracts';
import { cannedReplies, supportEvents } from '../../db/schema-chat.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, quickAccount, quickPatient } from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
});
afterAll(() => t?.close());

describe('100 operators claim one conversation at once', () => {
  test('exactly one 200, 99 × 409 CONVERSATION_HELD, one claimed event; the winner holds it', async () => {
    const patient = await quickPatient(t);
    const sent = await call(t.app, 'POST', '/v1/messages', {
      token: patient.token,
      body: { message_text: 'Допоможіть, будь ласка', message_recipientType: 'operator', client_message_id: randomUUID() },
    });
    expect(sent.status).toBe(201);
    const operators = await Promise.all(Array.from({ length: 100 }, (_, i) => quickAccount(t, 'operator', `Оператор ${i}`)));
    const answers = await Promise.all(
      operators.map((operator) => call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`, { token: operator.token })),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect([won.length, lost.length]).toEqual([1, 99]);
    expect(lost.every((a) => a.body.code === 'CONVERSATION_HELD')).toBe(true);
    const winner = operators[answers.indexOf(won[0]!)]!;
    expect(won[0]!.body).toMatchObject({ chat_patient_status: 'awaiting', interacting_with_operator: winner.userId });
    const [events] = await t.database.db.select({ n: count() }).from(supportEvents).where(eq(supportEvents.patientId, patient.patientId!));
    expect(events!.n).toBe(1);
    // The winner claiming again while the others retry: still one holder.
    const again = await Promise.all(
      [winner, ...operators.filter((o) => o !== winner).slice(0, 10)].map((o) =>
        call(t.app, 'POST', `/v1/patients/${patient.patientId}/claim`, { token: o.token }),
      ),
    );
    expect(again.map((a) => a.status).sort()).toEqual([200, ...Array(10).fill(409)].sort());
  });
});

describe(`at most ${CANNED_REPLIES_PER_OPERATOR} canned replies per operator`, () => {
  test('60 creates at once with 95 kept: exactly 5 stored, 55 × 409; another operator is not counted', async () => {
    const operator = await quickAccount(t, 'operator');
    const kept = CANNED_REPLIES_PER_OPERATOR - 5;
    for (let i = 0; i < kept; i++)
      await t.services.support.cannedReplies.create(operator.userId, { title: `Відповідь ${i}`, text: 'Текст' });
    const create = (token: string, i: number) =>
      call(t.app, 'POST', '/v1/support/canned-replies', { token, body: { title: `Нова ${i}`, text: 'Дякуємо за звернення' } });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => create(operator.token, i)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(55);
    expect(refused.every((a) => a.body.code === 'CANNED_REPLY_LIMIT_REACHED')).toBe(true);
    const [stored] = await t.database.db.select({ n: count() }).from(cannedReplies).where(eq(cannedReplies.operatorId, operator.userId));
    expect(stored!.n).toBe(CANNED_REPLIES_PER_OPERATOR);
    const list = await call(t.app, 'GET', '/v1/support/canned-replies', { token: operator.token });
    expect(list.body.replies).toHaveLength(CANNED_REPLIES_PER_OPERATOR);

    const colleague = await quickAccount(t, 'operator');
    expect((await create(colleague.token, 0)).status).toBe(201);
    // Deleting one makes room for exactly one more.
    const removed = await call(t.app, 'DELETE', `/v1/support/canned-replies/${list.body.replies[0].id}`, { token: operator.token });
    expect(removed.status).toBe(204);
    const refill = await Promise.all(Array.from({ length: 50 }, (_, i) => create(operator.token, 100 + i)));
    expect(refill.filter((a) => a.status === 201)).toHaveLength(1);
  });
});
