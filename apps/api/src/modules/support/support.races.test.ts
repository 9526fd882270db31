import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { supportEvents } from '../../db/schema-chat.ts';
import { call, createTestApp, type CallResult, type TestContext } from '../../test/harness.ts';
import { BASE, quickAccount, quickPatient, supportMessage, type Person } from '../../test/factories.ts';

/**
 * Every change of a support conversation is one conditional statement on the state its caller saw, so 50 changes at once
 * by different people end in a state that the recorded events explain, each event allowed at the moment it happened.
 */
let t: TestContext;
let operators: Person[];
let receivers: Person[];
let admins: Person[];
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
  operators = await Promise.all(Array.from({ length: 50 }, (_, i) => quickAccount(t, 'operator', `Оператор ${i}`)));
  receivers = await Promise.all(Array.from({ length: 50 }, (_, i) => quickAccount(t, 'operator', `Отримувач ${i}`)));
  admins = await Promise.all([quickAccount(t, 'admin', 'Адмін 1'), quickAccount(t, 'admin', 'Адмін 2')]);
});
afterAll(() => t?.close());

type Kind = 'claim' | 'close' | 'transfer' | 'reopen' | 'staff-message' | 'patient-message';
interface Request {
  kind: Kind;
  who: Person;
  /** A transfer's receiver: one per transfer, who does nothing else. */
  to?: Person;
}

const cycle: Kind[] = ['claim', 'close', 'transfer', 'claim', 'close', 'reopen', 'claim', 'close', 'transfer', 'staff-message'];

/** 15 claims, 15 closes (one by an admin), 10 transfers (one by an admin), 5 reopens, 3 staff and 2 patient messages. */
function mix(patient: Person): Request[] {
  return Array.from({ length: 50 }, (_, i) => {
    const kind = i === 19 || i === 39 ? 'patient-message' : cycle[i % 10]!;
    const who = kind === 'patient-message' ? patient : i === 1 ? admins[0]! : i === 2 ? admins[1]! : operators[i]!;
    return { kind, who, to: kind === 'transfer' ? receivers[i] : undefined };
  });
}

function send(patient: Person, request: Request): Promise<CallResult> {
  const path = `/v1/patients/${patient.patientId}`;
  switch (request.kind) {
    case 'transfer':
      return call(t.app, 'POST', `${path}/transfer`, { token: request.who.token, body: { operatorId: request.to!.userId } });
    case 'staff-message':
    case 'patient-message': {
      const body =
        request.kind === 'patient-message'
          ? { message_text: 'Ще питання', message_recipientType: 'operator' }
          : { message_text: 'Відповідаю', message_recipientType: 'patient', message_patientId: patient.patientId };
      return call(t.app, 'POST', '/v1/messages', { token: request.who.token, body: { ...body, client_message_id: randomUUID() } });
    }
    default:
      return call(t.app, 'POST', `${path}/${request.kind}`, { token: request.who.token });
  }
}

const eventKind: Record<Kind, string> = {
  claim: 'claimed',
  close: 'closed',
  transfer: 'transferred',
  reopen: 'reopened',
  'staff-message': 'claimed',
  'patient-message': 'reopened',
};

/** Replays the events in the order they were written, checking each was allowed then; answers the state they lead to. */
function replay(events: (typeof supportEvents.$inferSelect)[], isAdmin: (id: string) => boolean) {
  let holder: string | null = null;
  let closed = false;
  for (const event of events) {
    const mayManage = isAdmin(event.actorId) || holder === null || holder === event.actorId;
    const at = `${event.kind} by ${event.actorId} while ${closed ? 'closed' : 'open'}, held by ${holder}`;
    if (event.kind === 'claimed') {
      expect(holder, at).toBeNull();
      holder = event.actorId;
    } else if (event.kind === 'transferred') {
      expect(mayManage, at).toBe(true);
      holder = event.toOperatorId;
    } else if (event.kind === 'closed') {
      expect(mayManage && !closed, at).toBe(true);
      closed = true;
    } else {
      expect(closed, at).toBe(true);
      closed = false;
    }
  }
  return { holder, closed };
}

describe('50 claims, closes, transfers, reopens and messages at once on one conversation', () => {
  // 750 requests: about 10 s alone on PGlite, several times that beside the rest of the suite on two cores.
  test('15 runs: the final state is what the successful changes make, each allowed when it happened', async () => {
    const adminIds = new Set(admins.map((a) => a.userId));
    const tally = { ok200: 0, changed: 0, unchanged: 0, refused403: 0, held409: 0, claimedByMessage: 0, reopenedByPatient: 0 };
    for (let run = 0; run < 15; run++) {
      const patient = await quickPatient(t, `Пацієнт ${run}`);
      await supportMessage(t, patient, 'Допоможіть, будь ласка');
      const requests = mix(patient);
      const answers = await Promise.all(requests.map((request) => send(patient, request)));

      const unexpected = answers
        .map((answer, i) => ({ answer, request: requests[i]! }))
        .filter(({ answer, request }) => {
          if (request.kind.endsWith('message')) return answer.status !== 201;
          if (answer.status === 200) return false;
          if (answer.status === 409) return answer.body.code !== 'CONVERSATION_HELD' || request.kind === 'reopen';
          return !(answer.status === 403 && (request.kind === 'close' || request.kind === 'transfer'));
        })
        .map(({ answer, request }) => `${request.kind}: ${answer.status} ${answer.text}`);
      expect(unexpected).toEqual([]);

      const events = await t.database.db
        .select()
        .from(supportEvents)
        .where(eq(supportEvents.patientId, patient.patientId!))
        .orderBy(asc(supportEvents.createdAt), asc(supportEvents.id));
      const staffEvents = events.filter((e) => e.actorId !== patient.userId);
      // Each member of staff sent one request: its event, if any, is that request's, and the request succeeded.
      for (const event of staffEvents) {
        const i = requests.findIndex((r) => r.who.userId === event.actorId);
        expect(staffEvents.filter((e) => e.actorId === event.actorId)).toHaveLength(1);
        expect([requests[i]!.kind, event.kind]).toEqual([requests[i]!.kind, eventKind[requests[i]!.kind]]);
        expect(answers[i]!.status).toBeLessThan(300);
        if (event.kind === 'transferred') expect(event.toOperatorId).toBe(requests[i]!.to!.userId);
      }
      // A 200 without an event changed nothing: closing a closed one, reopening an open one. Claims and transfers here
      // never find their change made already (each receiver and each claimer acts once).
      const withEvent = new Set(staffEvents.map((e) => e.actorId));
      const ok = requests.filter((request, i) => answers[i]!.status === 200 && !request.kind.endsWith('message'));
      const unchanged = ok.filter((request) => !withEvent.has(request.who.userId));
      for (const request of unchanged) {
        const answer = answers[requests.indexOf(request)]!;
        expect(['close', 'reopen'], `${request.kind} answered 200 without an event`).toContain(request.kind);
        expect(answer.body.chat_patient_status === 'closed').toBe(request.kind === 'close');
      }
      // The 200s that changed something are exactly the recorded events (besides those of messages).
      const byMessage = staffEvents.filter((e) => requests.find((r) => r.who.userId === e.actorId)!.kind === 'staff-message');
      expect(staffEvents.length - byMessage.length).toBe(ok.length - unchanged.length);
      const byPatient = events.filter((e) => e.actorId === patient.userId);
      expect(byPatient.length).toBeLessThanOrEqual(2);

      const expected = replay(events, (id) => adminIds.has(id));
      const record = await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: admins[0]!.token });
      const { chat_patient_status: status, interacting_with_operator: holder } = record.body;
      expect({ holder, closed: status === 'closed' }).toEqual(expected);
      if (status !== 'closed') expect(status === 'new').toBe(holder === null);

      tally.ok200 += ok.length;
      tally.changed += ok.length - unchanged.length;
      tally.unchanged += unchanged.length;
      tally.claimedByMessage += byMessage.length;
      tally.reopenedByPatient += byPatient.length;
      tally.refused403 += answers.filter((a) => a.status === 403).length;
      tally.held409 += answers.filter((a) => a.status === 409).length;
    }
    console.info(`support races, 15 runs × 50: ${JSON.stringify(tally)}`);
  }, 180_000);
});

/**
 * Resolves once a session of this database waits for a lock (read from another connection, no fixed wait), or once
 * `settled` settled without anyone having to wait.
 */
async function untilSomeoneWaits(watcher: pg.Client, settled: Promise<unknown>): Promise<void> {
  let done = false;
  settled.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const { rows } = await watcher.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the state a change answers as "before" is the one it replaced', () => {
  // PGlite runs one statement at a time, so only PostgreSQL can hold a change open while another waits for the row.
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "a patient's message that waited for a close to commit reopens the conversation, with its event",
    async () => {
      const patient = await quickPatient(t);
      await supportMessage(t, patient, 'Добрий день');
      const [closer, watcher] = [new pg.Client({ connectionString: t.postgresUrl }), new pg.Client({ connectionString: t.postgresUrl })];
      await Promise.all([closer.connect(), watcher.connect()]);
      try {
        await closer.query('begin');
        await closer.query("update patients set chat_patient_status = 'closed' where id = $1", [patient.patientId]);
        const writing = supportMessage(t, patient, 'Ще одне питання');
        await untilSomeoneWaits(watcher, writing);
        await closer.query('commit');
        await writing;
      } finally {
        await Promise.all([closer.end(), watcher.end()]);
      }
      const events = await t.database.db.select().from(supportEvents).where(eq(supportEvents.patientId, patient.patientId!));
      expect(events.map((e) => [e.kind, e.actorId])).toEqual([['reopened', patient.userId]]);
      const record = await call(t.app, 'GET', `/v1/patients/${patient.patientId}`, { token: admins[0]!.token });
      expect([record.body.chat_patient_status, record.body.interacting_with_operator]).toEqual(['new', null]);
    },
  );
});
