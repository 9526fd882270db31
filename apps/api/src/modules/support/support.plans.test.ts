import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { BASE, quickAccount, type Person } from '../../test/factories.ts';
import { inboxPageSql, unreadTotalsSql } from './inbox.repository.ts';

/**
 * 10 000 patients with support conversations of 4 messages each (the newest unread for one in ten), a third held by
 * one of two operators: the inbox must read each conversation's last message from the index, never scan the messages.
 */
const PATIENTS = 10_000;

let t: TestContext;
let operator: Person;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  operator = await quickAccount(t, 'operator');
  const colleague = await quickAccount(t, 'operator');
  const db = t.database.db;
  await db.execute(sql`
    insert into users (email, user_name, user_role)
    select 'inbox-' || g || '@example.com', 'Пацієнт ' || g, 'patient' from generate_series(1, ${PATIENTS}) as g`);
  await db.execute(sql`
    insert into patients (user_id, chat_patient_status, interacting_with_operator)
    select u.id,
      (case n % 3 when 0 then 'new' when 1 then 'awaiting' else 'active' end)::chat_patient_status,
      case n % 3 when 1 then ${operator.userId}::uuid when 2 then ${colleague.userId}::uuid end
    from (select id, row_number() over (order by id) as n from users where email like 'inbox-%') u`);
  await db.execute(sql`
    insert into messages (patient_id, operator_id, sender_user_id, sender_type, recipient_type, status, text, client_message_id, created_at)
    select p.id,
      case when g = 2 then ${operator.userId}::uuid end,
      case when g = 2 then ${operator.userId}::uuid else p.user_id end,
      (case when g = 2 then 'operator' else 'patient' end)::message_sender_type,
      (case when g = 2 then 'patient' else 'operator' end)::message_recipient_type,
      (case when g = 4 and random() < 0.1 then 'Sent' else 'Read' end)::message_status,
      'Повідомлення ' || g,
      gen_random_uuid(),
      ${new Date(BASE).toISOString()}::timestamptz - make_interval(secs => (random() * 1000000)::int + 4 - g)
    from patients p cross join generate_series(1, 4) as g`);
  await db.execute(sql`analyze`);
}, 180_000);
afterAll(() => t?.close());

async function planOf(query: SQL): Promise<string> {
  const result = (await t.database.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe(`GET /v1/support/inbox over ${PATIENTS} conversations`, () => {
  test('each filter reads the last messages from the conversation index and never scans the messages', async () => {
    for (const holder of ['all', 'mine', 'unassigned'] as const) {
      for (const status of [undefined, 'awaiting'] as const) {
        const plan = await planOf(inboxPageSql(operator.userId, { holder, chat_patient_status: status, limit: 50, offset: 0 }));
        expect(plan, `${holder} ${status}`).toMatch(/Index Scan Backward using messages_conversation_idx/);
        expect(plan, `${holder} ${status}`).not.toMatch(/Seq Scan on messages/);
      }
    }
  });

  test('the unread totals read the unread index', async () => {
    const plan = await planOf(unreadTotalsSql(operator.userId));
    expect(plan).toMatch(/messages_unread_idx/);
    expect(plan).not.toMatch(/Seq Scan on messages/);
  });

  test('the first page answers in time (the figure is printed; a benchmark judges it)', async () => {
    const started = performance.now();
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/support/inbox',
      headers: { authorization: `Bearer ${operator.token}` },
    });
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(PATIENTS);
    console.info(`inbox first page over ${PATIENTS} conversations: ${ms.toFixed(0)} ms (${t.database.kind})`);
  });
});
