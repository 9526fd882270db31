import type { Db } from '../../db/client.ts';
import { patientCards, patients, users } from '../../db/schema.ts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListPatientsQuery, PatientNote, QuizRecommendation, QuizResult } from '@rozmova/contracts';

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

const recordColumns = { patient: patients, user: users, cardId: patientCards.id };
export type PatientRecordRow = { patient: typeof patients.$inferSelect; user: typeof users.$inferSelect; cardId: string };

const records = (db: Db) =>
  db
    .select(recordColumns)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .innerJoin(patientCards, eq(patientCards.patientId, patients.id));

export async function findPatientRecord(db: Db, patientId: string): Promise<PatientRecordRow | undefined> {
  const [row] = await records(db).where(eq(patients.id, patientId));
  return row;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Patients whose e-mail, name or phone contains the text, case-insensitively; a phone matches without its spaces and
 * dashes. `within`: only among these patient ids.
 */
export async function lookupPatientRecords(db: Db, criteria: string, limit: number, within?: string[]): Promise<PatientRecordRow[]> {
  if (within?.length === 0) return [];
  const matches: SQL[] = [ilike(users.email, likePattern(criteria)), ilike(users.userName, likePattern(criteria))];
  const digits = criteria.replace(/[\s()-]/g, '');
  if (/^\+?\d{3,}$/.test(digits)) matches.push(ilike(users.phone, likePattern(digits)));
  return records(db)
    .where(and(isNull(users.deletedAt), or(...matches), within ? inArray(patients.id, within) : undefined))
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

export async function updatePatientRow(
  db: Db,
  patientId: string,
  values: { chatPatientStatus?: (typeof patients.$inferSelect)['chatPatientStatus']; interactingWithOperator?: string | null },
): Promise<void> {
  await db.update(patients).set(values).where(eq(patients.id, patientId));
}

export async function setPushToken(db: Db, userId: string, pushToken: string | null): Promise<void> {
  await db
    .update(users)
    .set({ pushToken, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** An active, not removed operator account: who may hold a patient's support conversation. */
export async function isActiveOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'operator'), eq(users.isActive, true), isNull(users.deletedAt)));
  return row !== undefined;
}

export interface CardRow {
  id: string;
  patientId: string;
  quizzResults: QuizResult[];
  quizzRecommendations: QuizRecommendation[];
  quizzIsCompleted: boolean;
  notes: PatientNote[];
  availableFreeConsultations: number;
}

const cardColumns = {
  id: patientCards.id,
  patientId: patientCards.patientId,
  quizzResults: patientCards.quizzResults,
  quizzRecommendations: patientCards.quizzRecommendations,
  quizzIsCompleted: patientCards.quizzIsCompleted,
  notes: patientCards.notes,
  availableFreeConsultations: patientCards.availableFreeConsultations,
};

export async function findCard(db: Db, cardId: string): Promise<(CardRow & { userId: string; locale: 'uk' | 'en' }) | undefined> {
  const [row] = await db
    .select({ ...cardColumns, userId: patients.userId, locale: users.locale })
    .from(patientCards)
    .innerJoin(patients, eq(patients.id, patientCards.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patientCards.id, cardId));
  return row as (CardRow & { userId: string; locale: 'uk' | 'en' }) | undefined;
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
    .returning(cardColumns);
  return row as CardRow;
}
