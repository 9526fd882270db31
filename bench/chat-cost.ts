/**
 * What a send costs the database: the statements `POST /v1/messages` runs through the in-process app, counted at the
 * PostgreSQL driver (each one a round trip), for the kinds of send the chat load makes. Each kind has a budget; a run
 * (a smoke run too) fails when a send goes over it, so a feature that adds work to every send is noticed before the
 * chat falls behind its rate. The budgets have one statement of room; raise one only with the bench's figures.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client.ts';
import { makePeople, type Person } from './chat-load.ts';
import { markFailed, printTable, type buildBenchApp } from './support.ts';

type BenchApp = Awaited<ReturnType<typeof buildBenchApp>>;

/** In the order the sends are made: one patient's support conversation, then its operator's reply, and on. */
const SENDS = [
  { what: "a patient's message, nobody holds the conversation", from: 'patient', budget: 3 },
  { what: "an operator's reply (claims the conversation)", from: 'operator', budget: 11 },
  { what: "the patient's next message (held: now awaiting)", from: 'patient', budget: 7 },
  { what: "the patient's next message (held, no change)", from: 'patient', budget: 5 },
  { what: "the operator's next reply (held: now active)", from: 'operator', budget: 7 },
] as const;

/** The statements `work` sends to PostgreSQL (nothing else may use the database meanwhile). */
async function statementsOf(work: () => Promise<void>): Promise<number> {
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return count;
}

async function send(app: BenchApp, from: Person, patient: Person, toOperators: boolean): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/messages',
    headers: { authorization: `Bearer ${from.token}` },
    payload: {
      message_text: 'Добрий день, коли можна записатися?',
      client_message_id: randomUUID(),
      ...(toOperators ? { message_recipientType: 'operator' } : { message_recipientType: 'patient', message_patientId: patient.patientId }),
    },
  });
  if (response.statusCode !== 201) throw new Error(`send cost: a send answered ${response.statusCode} ${response.body}`);
}

/** Counts each kind of send once, prints them against their budgets and marks the run failed when one is over. */
export async function checkSendCost(app: BenchApp, database: Database): Promise<void> {
  const [patient] = await makePeople(app, database, 'patient', 1);
  const [operator] = await makePeople(app, database, 'operator', 1);
  const rows: string[][] = [];
  for (const { what, from, budget } of SENDS) {
    const writer = from === 'patient' ? patient! : operator!;
    const statements = await statementsOf(() => send(app, writer, patient!, from === 'patient'));
    rows.push([what, String(statements), String(budget), statements > budget ? 'OVER' : 'ok']);
    if (statements > budget) markFailed();
  }
  printTable(['send (in-process app, PostgreSQL)', 'statements', 'budget', ''], rows, [0, 3]);
  if (rows.some((row) => row[3] === 'OVER')) console.error('  send cost: a send runs more statements than its budget');
}
