import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { pendingAppointmentStatuses, type AppointmentStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema-chat.ts';
import { viewColumns } from '../../db/views.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { appointmentsView } from '../appointments/appointments.views.ts';
import { documentsView } from '../documents/documents.views.ts';
import type { ChatFound, PatientsService } from '../patients/patients.service.ts';
import { patientsView } from '../patients/patients.views.ts';

const appointments = appointmentsView();
const patients = patientsView();
const userReferences = documentsView();
const users = accountsView();

export type MessageRow = typeof messages.$inferSelect;
type NewMessage = typeof messages.$inferInsert;

/**
 * One conversation: a patient's with the operators (`support`), one consultation (`consultation`), or everything a
 * doctor and a patient wrote across their consultations (`doctor`, the doctor's own view). The first two number their
 * messages (`seq`, in commit order; indexes `messages_support_seq`, `messages_consultation_seq`); the doctor's view
 * spans several numberings and is ordered by time (`messages_conversation_idx`: patient, doctor, created_at, id).
 */
export type Conversation =
  | { kind: 'support'; patientId: string }
  | { kind: 'consultation'; patientId: string; doctorId: string; appointmentId: string }
  | { kind: 'doctor'; patientId: string; doctorId: string };

function inConversation(c: Conversation): SQL {
  if (c.kind === 'consultation') return eq(messages.appointmentId, c.appointmentId);
  if (c.kind === 'doctor') return and(eq(messages.patientId, c.patientId), eq(messages.doctorId, c.doctorId))!;
  return and(eq(messages.patientId, c.patientId), isNull(messages.doctorId))!;
}

/** What a new message names, each field given (null for none); the database adds its id, number, status and time. */
export type MessageValues = Required<
  Pick<
    NewMessage,
    | 'patientId'
    | 'doctorId'
    | 'operatorId'
    | 'appointmentId'
    | 'senderUserId'
    | 'senderType'
    | 'recipientType'
    | 'text'
    | 'clientMessageId'
    | 'documentId'
  >
>;

/**
 * What other modules add to a new message's statement, each given the statement's values as SQL and taking part only
 * where `when` holds: the sender's count (rate-limit: a CTE whose row is `count, window_start`) and, in a support
 * conversation, the lock of its state that the support module would take (patients' `writeLock`, its row `found`).
 */
export interface StoreSteps {
  counting(step: { key: SQL; at: SQL; when: SQL }): SQL;
  lock?(step: { patientId: SQL; writerId: SQL; when: SQL }): ReturnType<PatientsService['chat']['writeLock']>;
}

/** What the statement's placeholders are given: the message, the sender's counter key and the time it counts at. */
export type StoreParams = MessageValues & { limitKey: string; at: string };

/**
 * The insert (its unique index decides between resends at once), then the count of a message it stored, then the lock
 * of the conversation's state: each step takes part only once the one before it did, so the steps take their locks in
 * this order whatever the plan (the conversation's by the `messages_seq` trigger, the sender's counter, the state).
 */
function prepareStore(db: Db, name: string, steps: StoreSteps) {
  const value = (key: keyof StoreParams) => sql`${sql.placeholder(key)}`;
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .values({
        patientId: value('patientId'),
        doctorId: value('doctorId'),
        operatorId: value('operatorId'),
        appointmentId: value('appointmentId'),
        senderUserId: value('senderUserId'),
        senderType: value('senderType'),
        recipientType: value('recipientType'),
        text: value('text'),
        clientMessageId: value('clientMessageId'),
        documentId: value('documentId'),
      })
      .onConflictDoNothing({ target: [messages.senderUserId, messages.clientMessageId] })
      .returning(),
  );
  const counted = db
    .$with('counted', { count: sql<number>`count`.as('count'), windowStart: sql<string | Date>`window_start`.as('window_start') })
    .as(steps.counting({ key: value('limitKey'), at: value('at'), when: sql`exists (select 1 from "inserted")` }));
  const stored = { row: viewColumns(inserted), count: counted.count, windowStart: counted.windowStart };
  const lock = steps.lock?.({
    patientId: value('patientId'),
    writerId: value('senderUserId'),
    when: sql`exists (select 1 from "counted")`,
  });
  if (!lock)
    return db
      .with(inserted, counted)
      .select(stored)
      .from(inserted)
      .innerJoin(counted, sql`true`)
      .prepare(name);
  const state = db.$with('state').as(lock);
  return db
    .with(inserted, counted, state)
    .select({ ...stored, found: viewColumns(state) })
    .from(inserted)
    .innerJoin(counted, sql`true`)
    .leftJoin(state, sql`true`)
    .prepare(name);
}

// Every send runs one of these (a kind of send each): built once per database, and prepared once per connection.
const stores = new WeakMap<Db, Map<string, ReturnType<typeof prepareStore>>>();

/**
 * Stores a new message in one statement with the steps other modules add (`StoreSteps`; `kind` names the steps, which
 * must be the same for every call of that kind): the row, the sender's counter and the state `found` under its lock.
 * Undefined when the sender already used this client id (the first one stays, nothing counted or locked).
 */
export async function storeMessage(db: Db, kind: string, steps: StoreSteps, params: StoreParams) {
  let byKind = stores.get(db);
  if (!byKind) stores.set(db, (byKind = new Map()));
  let store = byKind.get(kind);
  if (!store) byKind.set(kind, (store = prepareStore(db, `store_message_${kind}`, steps)));
  const [stored] = await store.execute(params);
  if (!stored) return undefined;
  const found = 'found' in stored ? (stored.found as ChatFound | null) : null;
  return { row: stored.row, counter: { count: Number(stored.count), windowStart: new Date(stored.windowStart) }, found };
}

export async function findMessageOfSender(db: Db, senderUserId: string, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderUserId, senderUserId), eq(messages.clientMessageId, clientMessageId)));
  return row;
}

export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.delete(messages).where(eq(messages.id, id));
}

/** Whether the message is in the conversation (a page anchor must be). */
export async function isInConversation(db: Db, c: Conversation, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inConversation(c), eq(messages.id, id)));
  return row !== undefined;
}

/** A page's anchor: strictly older than one message (newest first), or after a sequence number (oldest first). */
export type PageAnchor = { before: string } | { afterSeq: number };

/**
 * Newest first; with an anchor `before`, only those strictly older than that message; with `afterSeq`, those numbered
 * after it, oldest first (support and consultation conversations only). Numbered conversations are ordered by `seq`,
 * the doctor's view by (created_at, id), whose anchor time is read inside the query so its microseconds are kept.
 */
export function selectMessagesPage(db: Db, c: Conversation, limit: number, anchor?: PageAnchor) {
  const byTime = c.kind === 'doctor';
  const afterSeq = anchor && 'afterSeq' in anchor ? anchor.afterSeq : undefined;
  const direction = afterSeq === undefined ? desc : asc;
  let keyset: SQL | undefined;
  if (anchor && 'before' in anchor) {
    keyset = byTime
      ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${anchor.before})`
      : sql`${messages.seq} < (select m.seq from messages m where m.id = ${anchor.before})`;
  } else if (afterSeq !== undefined) {
    keyset = sql`${messages.seq} > ${afterSeq}`;
  }
  return db
    .select()
    .from(messages)
    .where(and(inConversation(c), keyset))
    .orderBy(...(byTime ? [direction(messages.createdAt), direction(messages.id)] : [direction(messages.seq)]))
    .limit(limit);
}

/**
 * Sent → Delivered for those of these messages still Sent (never back from Read). One conditional UPDATE: a message
 * is answered once however many acknowledgements or reads arrive at once.
 */
export async function markMessagesDelivered(db: Db, ids: string[], at: Date) {
  if (ids.length === 0) return [];
  return db
    .update(messages)
    .set({ status: 'Delivered', deliveredAt: at })
    .where(and(inArray(messages.id, ids), eq(messages.status, 'Sent')))
    .returning({
      id: messages.id,
      senderUserId: messages.senderUserId,
      patientId: messages.patientId,
      appointmentId: messages.appointmentId,
    });
}

/**
 * Marks read what one side received and had not read: `patient` the messages the patient wrote, `staff` those staff
 * wrote (`operatorId`: only that operator's). One conditional UPDATE, so calls at once never count a message twice.
 */
export async function markConversationRead(
  db: Db,
  c: Conversation,
  writtenBy: { side: 'patient' } | { side: 'staff'; operatorId?: string },
  at: Date,
): Promise<{ id: string; senderUserId: string }[]> {
  const bySender =
    writtenBy.side === 'patient'
      ? eq(messages.senderType, 'patient')
      : and(ne(messages.senderType, 'patient'), writtenBy.operatorId ? eq(messages.operatorId, writtenBy.operatorId) : undefined);
  return db
    .update(messages)
    .set({ status: 'Read', readAt: at })
    .where(and(inConversation(c), bySender, ne(messages.status, 'Read')))
    .returning({ id: messages.id, senderUserId: messages.senderUserId });
}

/** Account removal: the texts of the patient's conversations are health data; the rows stay for the history's shape. */
export async function blankTextsOfPatient(tx: Db, patientId: string): Promise<void> {
  await tx
    .update(messages)
    .set({ text: '' })
    .where(and(eq(messages.patientId, patientId), ne(messages.text, '')));
}

// ---- read-only looks at tables of other modules -----------------------------------------------------

export interface AppointmentRef {
  id: string;
  patientId: string;
  doctorId: string;
  status: AppointmentStatus;
}

const appointmentRef = {
  id: appointments.id,
  patientId: appointments.patientId,
  doctorId: appointments.doctorId,
  status: appointments.status,
};

/** Read-only look at the appointments table (owned by the appointments module): who a consultation is between. */
export async function findAppointmentRef(db: Db, id: string): Promise<AppointmentRef | undefined> {
  const [row] = await db.select(appointmentRef).from(appointments).where(eq(appointments.id, id));
  return row;
}

/** The patient's scheduled or running appointment (at most one), with `doctorId` only when it is that doctor's. */
export async function findPendingAppointmentRef(db: Db, patientId: string, doctorId?: string): Promise<AppointmentRef | undefined> {
  const [row] = await db
    .select(appointmentRef)
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        inArray(appointments.status, [...pendingAppointmentStatuses]),
        doctorId ? eq(appointments.doctorId, doctorId) : undefined,
      ),
    )
    .orderBy(appointments.startsAt)
    .limit(1);
  return row;
}

/** A patient record and its account: the user events go to, and whether the account was removed. */
export async function findPatientRef(db: Db, patientId: string): Promise<{ userId: string; removed: boolean } | undefined> {
  const [row] = await db
    .select({ userId: patients.userId, deletedAt: users.deletedAt })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId));
  return row && { userId: row.userId, removed: row.deletedAt !== null };
}

/** Read-only look at the user references table: a document's patient and shown name. */
export async function findDocumentRef(db: Db, id: string): Promise<{ patientId: string; fileName: string } | undefined> {
  const [row] = await db
    .select({ patientId: userReferences.patientId, fileName: userReferences.fileName })
    .from(userReferences)
    .where(eq(userReferences.id, id));
  return row;
}

/** The writers' names and the carried documents' names of these messages (read-only looks at users and references). */
export async function namesOf(db: Db, rows: MessageRow[]): Promise<{ senders: Map<string, string>; documents: Map<string, string> }> {
  const senderIds = [...new Set(rows.map((row) => row.senderUserId))];
  const documentIds = [...new Set(rows.flatMap((row) => (row.documentId ? [row.documentId] : [])))];
  const [senders, documents] = await Promise.all([
    senderIds.length > 0 ? db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, senderIds)) : [],
    documentIds.length > 0
      ? db
          .select({ id: userReferences.id, name: userReferences.fileName })
          .from(userReferences)
          .where(inArray(userReferences.id, documentIds))
      : [],
  ]);
  return {
    senders: new Map(senders.map((row) => [row.id, row.name])),
    documents: new Map(documents.map((row) => [row.id, row.name])),
  };
}
