import { and, asc, eq, isNull } from 'drizzle-orm';
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Message } from '@rozmova/contracts';
import { messages } from '../../db/schema-chat.ts';
import { ChatClient } from '../../test/chat-client.ts';
import { quickAccount, quickPatient, type Person } from '../../test/factories.ts';
import { createTestApp, PDF, type TestContext } from '../../test/harness.ts';
import { listen } from '../../test/socket.ts';

/**
 * Each conversation numbers its messages in the order they are committed (the `messages_seq` trigger, under the
 * conversation's lock), and clients catch up after the highest number up to which they hold everything: a message
 * committed late, or announced late, or never announced to a client that was away, is still seen, once, in order.
 */
let t: TestContext;
let url: string;
const clients: ChatClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t?.close();
});

async function chatClient(who: Person, patient: Person): Promise<ChatClient> {
  const client = new ChatClient({ url, token: who.token, patientId: patient.patientId! });
  clients.push(client);
  await client.connected();
  return client;
}

const supportRows = (patient: Person) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.patientId, patient.patientId!), isNull(messages.doctorId)))
    .orderBy(asc(messages.seq));

/** Every client shows exactly the stored conversation, in number order, each message once; answers its ids. */
async function everyoneSees(patient: Person, watching: ChatClient[]): Promise<string[]> {
  const stored = await supportRows(patient);
  expect(stored.map((row) => row.seq)).toEqual(stored.map((_, i) => i + 1));
  const ids = stored.map((row) => row.id);
  for (const client of watching) {
    await vi.waitFor(() => expect(client.ordered().map((m) => m.id)).toEqual(ids), { timeout: 10_000 });
    expect([...client.failures, ...client.retried]).toEqual([]);
  }
  return ids;
}

describe('50 messages at once in one conversation, from the patient and an operator', () => {
  test('numbered 1–50 in commit order; every client shows all 50 once, in order, also one that was away', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    // Another patient writes at the same time: its conversation has a numbering of its own.
    const another = await quickPatient(t);
    const anotherSide = await chatClient(another, another);
    const [patientSide, operatorSide, otherOperator, away] = [
      await chatClient(patient, patient),
      await chatClient(operator, patient),
      await chatClient(await quickAccount(t, 'operator'), patient),
      await chatClient(await quickAccount(t, 'operator'), patient),
    ];
    away.socket.disconnect();

    // While the messages are written, every read of the conversation sees the numbers 1…n with none missing: a
    // number is visible only once every smaller one is (on PGlite, with one connection, reads fall between writes).
    // Each read lets the requests' I/O run first (a PGlite query alone never leaves the microtask queue).
    let writing = true;
    const snapshots: number[][] = [];
    const reading = (async () => {
      while (writing) {
        await new Promise(setImmediate);
        snapshots.push((await supportRows(patient)).map((row) => row.seq));
      }
    })();
    await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? patientSide.send({ message_text: `Пацієнт ${i}`, message_recipientType: 'operator' })
          : operatorSide.send({ message_text: `Оператор ${i}`, message_recipientType: 'patient', message_patientId: patient.patientId! }),
      ),
      ...Array.from({ length: 10 }, (_, i) => anotherSide.send({ message_text: `Інший ${i}`, message_recipientType: 'operator' })),
    ]);
    writing = false;
    await reading;
    expect(snapshots.length).toBeGreaterThan(0);
    for (const seqs of snapshots) expect(seqs).toEqual(seqs.map((_, i) => i + 1));

    away.socket.connect();
    expect(await everyoneSees(patient, [patientSide, operatorSide, otherOperator, away])).toHaveLength(50);
    expect(await everyoneSees(another, [anotherSide])).toHaveLength(10);
  });
});

// A second connection holds a row lock the first writer's insert needs, so that writer's transaction stays open after
// it took its number while the second writer comes in: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a writer held mid-transaction while another writes to the same conversation', () => {
  test('the second waits for the first to commit, takes the next number, and a client that was away misses nothing', async () => {
    const patient = await quickPatient(t);
    const operator = await quickAccount(t, 'operator');
    const patientSide = await chatClient(patient, patient);
    const watcher = await chatClient(await quickAccount(t, 'operator'), patient);
    const first = await patientSide.send({ message_text: 'Добрий день', message_recipientType: 'operator' });
    const document = await t.services.documents.upload(await t.services.accounts.getAccount(patient.userId), Readable.from([PDF]));

    const locker = new pg.Client({ connectionString: t.postgresUrl });
    await locker.connect();
    /** Resolves once a connection waits for the locker's row lock, or for a conversation's lock (advisory). */
    const waiting = (lock: 'locker' | 'advisory') =>
      vi.waitFor(
        async () => {
          const { rows } = await locker.query<{ n: number }>(
            lock === 'locker'
              ? 'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))'
              : "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
          );
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
    try {
      // The operator's reply carries a document of the patient and checks its row (a foreign key), which the locker
      // holds: the reply waits inside its insert, after taking its number.
      await locker.query('begin');
      await locker.query('select id from user_references where id = $1 for update', [document.id]);
      const reply = sendAs(operator, patient, { message_text: 'Ось ваш аналіз', message_documentId: document.id });
      await waiting('locker');
      // The patient writes meanwhile: its insert waits for the conversation's lock, which the reply's transaction holds.
      const question = patientSide.send({ message_text: 'Ви тут?', message_recipientType: 'operator' });
      await waiting('advisory');
      // The patient's connection drops before the reply is announced.
      patientSide.socket.disconnect();
      await locker.query('rollback');
      const [replied, asked] = await Promise.all([reply, question]);
      expect([first.message_seq, replied.message_seq, asked.message_seq]).toEqual([1, 2, 3]);

      patientSide.socket.connect();
      expect(await everyoneSees(patient, [patientSide, watcher])).toEqual([first.id, replied.id, asked.id]);
    } finally {
      await locker.end();
    }
  });
});

async function sendAs(staff: Person, patient: Person, body: { message_text: string; message_documentId: string }): Promise<Message> {
  const client = await chatClient(staff, patient);
  return client.send({ ...body, message_recipientType: 'patient', message_patientId: patient.patientId! });
}
