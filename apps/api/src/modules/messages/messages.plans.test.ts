import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { selectMessagesPage, type Conversation, type PageAnchor } from './messages.repository.ts';

/**
 * One conversation of 100 000 messages among others: a page must stay an index look-up however deep it goes (the
 * query plans say so; the time it takes is a benchmark's business, not a test's).
 */
const IN_CONVERSATION = 100_000;
const ELSEWHERE = 20_000;

let t: TestContext;
let patient: Person;
let operator: Person;
let other: Person;

/** `count` messages in a patient's support conversation, alternating patient and operator, one a second from BASE. */
function fill(who: Person, count: number): SQL {
  return sql`
    insert into messages (patient_id, operator_id, sender_user_id, sender_type, recipient_type, text, client_message_id, created_at)
    select ${who.patientId}::uuid,
      case when g % 2 = 0 then ${operator.userId}::uuid end,
      case when g % 2 = 0 then ${operator.userId}::uuid else ${who.userId}::uuid end,
      (case when g % 2 = 0 then 'operator' else 'patient' end)::message_sender_type,
      (case when g % 2 = 0 then 'patient' else 'operator' end)::message_recipient_type,
      'Повідомлення ' || g,
      gen_random_uuid(),
      ${new Date(BASE).toISOString()}::timestamptz - make_interval(secs => ${count} - g)
    from generate_series(1, ${count}) as g`;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  [patient, operator, other] = [await quickPatient(t), await quickAccount(t, 'operator'), await quickPatient(t)];
  await t.database.db.execute(fill(patient, IN_CONVERSATION));
  await t.database.db.execute(fill(other, ELSEWHERE));
  await t.database.db.execute(sql`analyze messages`);
}, 120_000);
afterAll(() => t?.close());

async function planOf(query: SQL): Promise<string> {
  const result = (await t.database.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe(`GET /v1/messages on a conversation of ${IN_CONVERSATION} messages`, () => {
  test('each page is read from the conversation index in order, without sorting', async () => {
    const support: Conversation = { kind: 'support', patientId: patient.patientId! };
    const doctorView: Conversation = { kind: 'doctor', patientId: patient.patientId!, doctorId: operator.userId };
    const anchor = (await selectMessagesPage(t.database.db, support, 1))[0]!.id;
    // Pages of the support conversation, also when catching up after a number deep in the history, read its numbering.
    const cases: [Conversation, PageAnchor | undefined, RegExp][] = [
      [support, undefined, /Index Scan Backward using messages_support_seq/],
      [support, { before: anchor }, /Index Scan Backward using messages_support_seq/],
      [support, { afterSeq: IN_CONVERSATION / 2 }, /Index Scan using messages_support_seq/],
      [support, { afterSeq: 10 }, /Index Scan using messages_support_seq/],
      [doctorView, undefined, /Index Scan Backward using messages_conversation_idx/],
      [doctorView, { before: anchor }, /Index Scan Backward using messages_conversation_idx/],
    ];
    for (const [conversation, page, index] of cases) {
      const plan = await planOf(selectMessagesPage(t.database.db, conversation, 20, page).getSQL());
      expect(plan, JSON.stringify(page)).toMatch(index);
      expect(plan).not.toMatch(/Sort|Seq Scan on messages/);
    }
    const consultation: Conversation = {
      kind: 'consultation',
      patientId: patient.patientId!,
      doctorId: operator.userId,
      appointmentId: anchor,
    };
    for (const page of [{ before: anchor }, { afterSeq: 10 }]) {
      const plan = await planOf(selectMessagesPage(t.database.db, consultation, 20, page).getSQL());
      expect(plan).toMatch(/messages_consultation_seq/);
      expect(plan).not.toMatch(/Sort|Seq Scan on messages/);
    }
  });
});
