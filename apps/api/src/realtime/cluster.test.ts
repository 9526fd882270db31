import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { messages } from '../db/schema-chat.ts';
import { ChatClient } from '../test/chat-client.ts';
import {
  startApiInstance,
  startHaproxy,
  startRedis,
  STICKY_COOKIE,
  type NodeServer,
  type Proxy,
  type RedisServer,
} from '../test/cluster.ts';
import { quickAccount, quickPatient } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';

/** Conversations (one patient and one operator each) and messages each side sends: 4 × 2 × 25 = 200 (30 a minute is a sender's limit). */
const PAIRS = 4;
const EACH = 25;
/** The instance dies after this many messages were sent, mid-conversation. */
const KILL_AFTER = 80;

// Real processes on PostgreSQL, so this runs in the PostgreSQL pass of the suite.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes behind HAProxy with sticky sessions', () => {
  let t: TestContext;
  let redis: RedisServer;
  let a: NodeServer;
  let b: NodeServer;
  let proxy: Proxy;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    // The in-process app makes the database (migrated) and the accounts; the instances serve the clients.
    t = await createTestApp();
    redis = await startRedis();
    a = await startApiInstance({ databaseUrl: t.postgresUrl!, redisUrl: redis.url });
    b = await startApiInstance({ databaseUrl: t.postgresUrl!, redisUrl: redis.url });
    proxy = await startHaproxy([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await proxy?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await t?.close();
  });

  test('patients on one instance chat with operators on the other; that instance is killed; 0 lost, 0 shown twice, in order', async () => {
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async () => ({ patient: await quickPatient(t), operator: await quickAccount(t, 'operator') })),
    );
    // A browser that loaded the page on an instance keeps its cookie, and so every request and connection goes there.
    const on = (instance: string) => `${STICKY_COOKIE}=${instance}`;
    const conversations = pairs.map(({ patient, operator }) => {
      const patientId = patient.patientId!;
      const patientSide = new ChatClient({ url: proxy.url, token: patient.token, patientId, cookie: on('a') });
      const operatorSide = new ChatClient({ url: proxy.url, token: operator.token, patientId, cookie: on('b') });
      clients.push(patientSide, operatorSide);
      return { patientId, patientSide, operatorSide };
    });
    await Promise.all(clients.map((client) => client.connected()));

    let sent = 0;
    let killed: Promise<void> | undefined;
    const counted = () => {
      sent += 1;
      if (sent === KILL_AFTER) killed = a.kill();
    };
    await Promise.all(
      conversations.flatMap(({ patientId, patientSide, operatorSide }, i) => [
        (async () => {
          for (let k = 0; k < EACH; k++) {
            await patientSide.send({ message_text: `patient ${i} #${k}`, message_recipientType: 'operator' });
            counted();
          }
        })(),
        (async () => {
          for (let k = 0; k < EACH; k++) {
            await operatorSide.send({
              message_text: `operator ${i} #${k}`,
              message_recipientType: 'patient',
              message_patientId: patientId,
            });
            counted();
          }
        })(),
      ]),
    );
    await killed;

    // Each side landed where its cookie said: the patients' connections were on the killed instance, the operators' not.
    for (const { patientSide, operatorSide } of conversations) {
      expect(patientSide.disconnects.length).toBeGreaterThan(0);
      expect(operatorSide.disconnects, "the surviving instance's operator connection").toEqual([]);
    }

    const stored = await t.database.db.select().from(messages);
    expect(stored).toHaveLength(PAIRS * EACH * 2);
    expect(new Set(stored.map((m) => m.text)).size).toBe(PAIRS * EACH * 2);
    for (const { patientId, patientSide, operatorSide } of conversations) {
      const conversation = await t.database.db
        .select({ id: messages.id, seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.patientId, patientId), isNull(messages.doctorId)))
        .orderBy(asc(messages.seq));
      expect(conversation.map((m) => m.seq)).toEqual(conversation.map((_, i) => i + 1));
      const expected = conversation.map((m) => m.id);
      expect(expected).toHaveLength(EACH * 2);
      for (const [name, side] of [
        ['patient', patientSide],
        ['operator', operatorSide],
      ] as const) {
        await vi.waitFor(
          () =>
            expect(
              side.ordered().map((m) => m.id),
              `the ${name}'s view of conversation ${patientId}`,
            ).toEqual(expected),
          { timeout: 15_000, interval: 50 },
        );
        expect(side.failures, `the ${name}'s catch-ups`).toEqual([]);
      }
    }
  }, 120_000);
});
