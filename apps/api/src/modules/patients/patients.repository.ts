import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListPatientsQuery, PatientNote, QuizRecommendation, QuizResult } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { CardRow, UserRow } from '../../db/rows.ts';
import { patientCards, patients } from '../../db/schema.ts';
import { viewColumns } from '../../db/views.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { messagesView } from '../messages/messages.views.ts';

const users = accountsView();

/** The columns of a patient card as this module maps them. */
const patientCardColumns = {
  id: patientCards.id,
  patientId: patientCards.patientId,
  quizzResults: patientCards.quizzResults,
  quizzRecommendations: patientCards.quizzRecommendations,
  quizzIsCompleted: patientCards.quizzIsCompleted,
  notes: patientCards.notes,
  availableFreeConsultations: patientCards.availableFreeConsultations,
};

export async function insertPatientWithCard(db: Db, userId: string) {
  const [patient] = await db.insert(patients).values({ userId }).returning({ id: patients.id });
  const [card] = await db.insert(patientCards).values({ patientId: patient!.id }).returning({ id: patientCards.id });
  return { patientId: patient!.id, cardId: card!.id };
}

/** Uses one of the patient's free consultations; false when none is left. */
export async function takeFreeConsultation(db: Db, patientId: string): Promise<boolean> {
  const rows = await db
    .update(patientCards)
    .set({ availableFreeConsultations: sql`${patientCards.availableFreeConsultations} - 1`, updatedAt: sql`now()` })
    .where(and(eq(patientCards.patientId, patientId), gt(patientCards.availableFreeConsultations, 0)))
    .returning({ id: patientCards.id });
  return rows.length > 0;
}

export async function giveBackFreeConsultation(db: Db, patientId: string): Promise<void> {
  await db
    .update(patientCards)
    .set({ availableFreeConsultations: sql`${patientCards.availableFreeConsultations} + 1`, updatedAt: sql`now()` })
    .where(eq(patientCards.patientId, patientId));
}

export async function clearCardOfUser(db: Db, userId: string) {
  await db
    .update(patientCards)
    .set({
      quizzResults: [],
      quizzRecommendations: [],
      notes: [],
      quizzIsCompleted: false,
      updatedAt: sql`now()`,
    })
    .where(eq(patientCards.patientId, db.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId))));
}

const recordColumns = { patient: patients, user: viewColumns(users), cardId: patientCards.id };
export type PatientRecordRow = { patient: typeof patients.$inferSelect; user: UserRow; cardId: string };

const records = (db: Db) =>
  db
    .select(recordColumns)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .innerJoin(patientCards, eq(patientCards.patientId, patients.id));

/** Whether the patient record exists and its account is not removed. */
export async function patientExists(db: Db, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.id, patientId), isNull(users.deletedAt)));
  return row !== undefined;
}

export async function findPatientRecord(db: Db, patientId: string): Promise<PatientRecordRow | undefined> {
  const [row] = await records(db).where(eq(patients.id, patientId));
  return row;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The text and the columns are folded alike: lower case, the apostrophe's look-alikes (ʼ ’ `) as '. `translate` folds
// the Ukrainian capitals itself, so a database whose locale lowers only ASCII (LC_CTYPE C) matches them too.
const FOLD_FROM = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯʼ’`';
const FOLD_TO = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя'''";
const foldText = (text: string) => text.toLowerCase().replace(/[ʼ’`]/g, "'");
const contains = (column: AnyPgColumn, text: string) =>
  sql`lower(translate(${column}, ${FOLD_FROM}, ${FOLD_TO})) like ${likePattern(text)}`;

/** The digits of what looks like a phone number (3 digits or more; spaces, dashes and brackets ignored). */
function phoneDigits(text: string): string | undefined {
  const digits = text.replace(/[\s()-]/g, '');
  return /^\+?\d{3,}$/.test(digits) ? digits : undefined;
}

/**
 * Patients matching every word of the text in any order ("Петренко Олена"), each word within the name, the e-mail or
 * the phone, case-insensitively; or whose phone holds the whole text's digits ("067 123 45 67").
 */
function matching(criteria: string): SQL | undefined {
  const words = foldText(criteria).split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql`false`;
  const everyWord = and(
    ...words.map((word) => {
      const digits = phoneDigits(word);
      return or(contains(users.userName, word), contains(users.email, word), digits ? ilike(users.phone, likePattern(digits)) : undefined);
    }),
  );
  const phone = phoneDigits(criteria);
  return phone ? or(everyWord, ilike(users.phone, likePattern(phone))) : everyWord;
}

export async function lookupPatientRecords(db: Db, criteria: string, limit: number, within?: string[]): Promise<PatientRecordRow[]> {
  if (within?.length === 0) return [];
  return records(db)
    .where(and(isNull(users.deletedAt), matching(criteria), within ? inArray(patients.id, within) : undefined))
    .orderBy(asc(users.userName), asc(patients.id))
    .limit(limit);
}

export async function listPatientRecords(db: Db, query: ListPatientsQuery) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.chat_patient_status) conditions.push(eq(patients.chatPatientStatus, query.chat_patient_status));
  if (query.interacting_with_operator === 'none') conditions.push(isNull(patients.interactingWithOperator));
  else if (query.interacting_with_operator) conditions.push(eq(patients.interactingWithOperator, query.interacting_with_operator));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    records(db).where(where).orderBy(desc(patients.createdAt), asc(patients.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(patients).innerJoin(users, eq(users.id, patients.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of the given patients by name, narrowed to those matching `criteria` (as the lookup) when it is not empty. */
export async function pagePatientRecordsWithin(db: Db, within: string[], criteria: string, page: { limit: number; offset: number }) {
  if (within.length === 0) return { rows: [], total: 0 };
  const where = and(isNull(users.deletedAt), inArray(patients.id, within), criteria.trim() ? matching(criteria) : undefined);
  const [rows, [total]] = await Promise.all([
    records(db).where(where).orderBy(asc(users.userName), asc(patients.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(patients).innerJoin(users, eq(users.id, patients.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type { CardRow };

export async function findCard(db: Db, cardId: string): Promise<(CardRow & { userId: string; locale: 'uk' | 'en' }) | undefined> {
  const [row] = await db
    .select({ ...patientCardColumns, userId: patients.userId, locale: users.locale })
    .from(patientCards)
    .innerJoin(patients, eq(patients.id, patientCards.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patientCards.id, cardId));
  return row as (CardRow & { userId: string; locale: 'uk' | 'en' }) | undefined;
}

/** Every card with at least one self-check result, with its owner's language. */
export async function listScoredCards(db: Db): Promise<(CardRow & { locale: 'uk' | 'en' })[]> {
  const rows = await db
    .select({ ...patientCardColumns, locale: users.locale })
    .from(patientCards)
    .innerJoin(patients, eq(patients.id, patientCards.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(sql`jsonb_array_length(${patientCards.quizzRecommendations}) > 0`);
  return rows as (CardRow & { locale: 'uk' | 'en' })[];
}

export interface CardChanges {
  quizzResults?: QuizResult[];
  quizzIsCompleted?: boolean;
  availableFreeConsultations?: number;
  /** Appended to what the card holds, in one statement, so two completions at once both stay. */
  appendRecommendation?: QuizRecommendation;
  appendNote?: PatientNote;
}

export async function updateCard(db: Db, cardId: string, changes: CardChanges): Promise<CardRow> {
  const append = (column: typeof patientCards.quizzRecommendations | typeof patientCards.notes, item: unknown) =>
    sql`${column} || ${JSON.stringify([item])}::jsonb`;
  const [row] = await db
    .update(patientCards)
    .set({
      quizzResults: changes.quizzResults,
      quizzIsCompleted: changes.quizzIsCompleted,
      availableFreeConsultations: changes.availableFreeConsultations,
      ...(changes.appendRecommendation
        ? { quizzRecommendations: append(patientCards.quizzRecommendations, changes.appendRecommendation) }
        : {}),
      ...(changes.appendNote ? { notes: append(patientCards.notes, changes.appendNote) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(patientCards.id, cardId))
    .returning(patientCardColumns);
  return row as CardRow;
}

// ---- the support conversation's state (chat_patient_status, interacting_with_operator) ----------------

export type ChatStatus = (typeof patients.$inferSelect)['chatPatientStatus'];
export interface ChatState {
  status: ChatStatus;
  holder: string | null;
}
/** What a change found under the row's lock and what it left (`after` is `before` when `changed` is false). */
export interface ChatChange {
  before: ChatState;
  after: ChatState;
  changed: boolean;
}

/** Who may hold a conversation: an active, not removed operator or admin. */
const mayHoldSql = (userId: SQL | AnyPgColumn) =>
  sql`exists (select 1 from ${accountsView('h', ['id', 'role', 'isActive', 'deletedAt'])} where h.id = ${userId} and h.user_role in ('operator', 'admin') and h.is_active and h.deleted_at is null)`;

const holderMayHold = mayHoldSql(patients.interactingWithOperator);
/** Read-only look at the messages table: who wrote the conversation's last support message (its index, newest first). */
const lastSupportSender = sql`(select m.sender_type from ${messagesView('m', ['id', 'patientId', 'doctorId', 'senderType', 'createdAt'])} where m.patient_id = ${patients.id} and m.doctor_id is null
  order by m.doctor_id desc, m.created_at desc, m.id desc limit 1)`;
/** A held conversation that is not closed: awaiting while the patient wrote last, else active. */
const heldStatus = sql`case when ${lastSupportSender} = 'patient' then 'awaiting' else 'active' end`;
const statusSql = (value: SQL) => sql`(${value})::chat_patient_status`;

interface ChatChangeSql {
  holder: SQL;
  status: SQL;
  only?: SQL;
}

/** What a change's lock finds: the state, whether `only` holds and whether the change would differ from it. */
export type ChatFound = ChatState & { allowed: boolean; differs: boolean };

const changeTo = (change: ChatChangeSql) => ({ holder: sql`(${change.holder})::uuid`, status: statusSql(change.status) });
const differsSql = (change: ChatChangeSql) => {
  const to = changeTo(change);
  return sql`(${to.status} is distinct from ${patients.chatPatientStatus} or ${to.holder} is distinct from ${patients.interactingWithOperator})`;
};

/** What a change's lock reads of the row: the state, and the change judged on it. */
const lockedFields = (change: ChatChangeSql) => ({
  status: patients.chatPatientStatus,
  holder: patients.interactingWithOperator,
  allowed: sql<boolean>`${change.only ?? sql`true`}`.as('allowed'),
  differs: sql<boolean>`${differsSql(change)}`.as('differs'),
});

/**
 * One change of a conversation's state: its row is locked first (`FOR NO KEY UPDATE`: a change in progress is waited
 * for, and the row is judged as that one left it: `only` and whether the state would differ), then, when it would, one
 * conditional UPDATE sets `holder` and `status` (SQL over the row's values) where `only` holds and the state differs.
 * Answers the state found and left, or undefined when the patient does not exist, `only` does not hold, or (outside a
 * transaction, where the lock ends with its statement) a change made in between left nothing to do. The lock comes
 * first because PostgreSQL judges an UPDATE's condition on the row as of the statement's start: a change committed while
 * it waited could otherwise be skipped or answered as "before" stale. Lock and UPDATE stay two statements: in one, a
 * change that waited for another deadlocked with a third waiting for it. `found`: the lock was a step of the caller's
 * statement (`chatWriteLock`), which judged this same change.
 */
async function changeChat(db: Db, patientId: string, change: ChatChangeSql, found?: ChatFound): Promise<ChatChange | undefined> {
  const [locked] = found
    ? [found]
    : await db.select(lockedFields(change)).from(patients).where(eq(patients.id, patientId)).for('no key update');
  if (!locked?.allowed) return undefined;
  const before = { status: locked.status, holder: locked.holder };
  if (!locked.differs) return { before, after: before, changed: false };
  const to = changeTo(change);
  const [after] = await db
    .update(patients)
    .set({ interactingWithOperator: to.holder, chatPatientStatus: to.status })
    .where(and(eq(patients.id, patientId), change.only, differsSql(change)))
    .returning({ status: patients.chatPatientStatus, holder: patients.interactingWithOperator });
  return after && { before, after, changed: true };
}

const keepClosed = (status: SQL) => sql`case when ${patients.chatPatientStatus} = 'closed' then 'closed' else ${status} end`;

/** The patient wrote: a holder who may still hold keeps it and the patient awaits; otherwise it is new (also when closed). */
const patientWroteSql = (reopen: boolean): ChatChangeSql => ({
  holder: sql`case when ${holderMayHold} then ${patients.interactingWithOperator} end`,
  status: sql`case when ${holderMayHold} then 'awaiting' else 'new' end`,
  only: reopen ? undefined : ne(patients.chatPatientStatus, 'closed'),
});

/** Staff wrote: an unheld conversation becomes the writer's; a held one is active. A closed one stays closed. */
const staffWroteSql = (writerId: SQL | string, claim: boolean): ChatChangeSql => ({
  holder: sql`case when ${holderMayHold} then ${patients.interactingWithOperator} else (${writerId})::uuid end`,
  status: keepClosed(sql`'active'`),
  only: claim ? undefined : holderMayHold,
});

/**
 * The patient wrote (`patientWroteSql`). `reopen: false` leaves a closed conversation as it is and answers undefined
 * (its reopening is an event of the caller's).
 */
export const chatPatientWrote = (db: Db, patientId: string, reopen = true, found?: ChatFound) =>
  changeChat(db, patientId, patientWroteSql(reopen), found);

/** Staff wrote (`staffWroteSql`). `claim: false` leaves an unheld one as it is and answers undefined (a claim is an event of the caller's). */
export const chatStaffWrote = (db: Db, patientId: string, writerId: string, claim = true, found?: ChatFound) =>
  changeChat(db, patientId, staffWroteSql(writerId, claim), found);

/**
 * The lock and judgement of `chatPatientWrote` / `chatStaffWrote` without reopening or claiming, as a step of the
 * caller's statement (a CTE, the ids SQL such as placeholders) taken where `when` holds; its row is the `found` to
 * hand them.
 */
export function chatWriteLock(patientId: SQL, writer: { role: 'patient' } | { role: 'staff'; userId: SQL }, when: SQL) {
  const change = writer.role === 'patient' ? patientWroteSql(false) : staffWroteSql(writer.userId, false);
  return new QueryBuilder()
    .select(lockedFields(change))
    .from(patients)
    .where(and(eq(patients.id, patientId), when))
    .for('no key update');
}

/** Takes an unheld conversation (or one whose holder may no longer hold it); nothing when someone else holds it. */
export const chatClaim = (db: Db, patientId: string, operatorId: string) =>
  changeChat(db, patientId, {
    holder: sql`${operatorId}::uuid`,
    status: keepClosed(heldStatus),
    only: or(isNull(patients.interactingWithOperator), sql`not ${holderMayHold}`),
  });

/** With `from` (the holder the caller saw; null: nobody), only while that is still so; undefined: whoever holds it. */
const stillHeldBy = (from: string | null | undefined) =>
  from === undefined ? undefined : from === null ? isNull(patients.interactingWithOperator) : eq(patients.interactingWithOperator, from);

/** Hands the conversation to another operator; with `from`, only while that one (or nobody) still holds it. */
export const chatTransfer = (db: Db, patientId: string, toId: string, from?: string | null) =>
  changeChat(db, patientId, { holder: sql`${toId}::uuid`, status: keepClosed(heldStatus), only: stillHeldBy(from) });

/** Closes an open conversation; with `from`, only while that one (or nobody) still holds it. */
export const chatClose = (db: Db, patientId: string, from?: string | null) =>
  changeChat(db, patientId, {
    holder: sql`${patients.interactingWithOperator}`,
    status: sql`'closed'`,
    only: and(ne(patients.chatPatientStatus, 'closed'), stillHeldBy(from)),
  });

/** A closed conversation opens again: held (awaiting or active) while its holder may hold it, else new. */
export const chatReopen = (db: Db, patientId: string) =>
  changeChat(db, patientId, {
    holder: sql`case when ${holderMayHold} then ${patients.interactingWithOperator} end`,
    status: sql`case when ${holderMayHold} then ${heldStatus} else 'new' end`,
    only: eq(patients.chatPatientStatus, 'closed'),
  });

/**
 * The conversation's state, its patient's user and whether the account was removed. `lock`: the row stays locked until
 * the caller's transaction ends.
 */
export async function findChatState(
  db: Db,
  patientId: string,
  lock = false,
): Promise<(ChatState & { userId: string; removed: boolean }) | undefined> {
  const query = db
    .select({
      status: patients.chatPatientStatus,
      holder: patients.interactingWithOperator,
      userId: patients.userId,
      deletedAt: users.deletedAt,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId));
  const [row] = lock ? await query.for('no key update', { of: patients }) : await query;
  return row && { status: row.status, holder: row.holder, userId: row.userId, removed: row.deletedAt !== null };
}
