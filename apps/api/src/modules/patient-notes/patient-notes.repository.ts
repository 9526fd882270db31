import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientNotes } from '../../db/schema-staff.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const users = accountsView();

export interface NoteRow {
  id: string;
  patientId: string;
  authorId: string | null;
  authorName: string | null;
  text: string;
  createdAt: Date;
}

const noteColumns = {
  id: patientNotes.id,
  patientId: patientNotes.patientId,
  authorId: patientNotes.authorId,
  authorName: users.userName,
  text: patientNotes.text,
  createdAt: patientNotes.createdAt,
};

/** Newest first, with each author's name (null once the author's account is gone). */
export async function listNotes(db: Db, patientId: string, limit: number): Promise<NoteRow[]> {
  return db
    .select(noteColumns)
    .from(patientNotes)
    .leftJoin(users, eq(users.id, patientNotes.authorId))
    .where(eq(patientNotes.patientId, patientId))
    .orderBy(desc(patientNotes.createdAt), asc(patientNotes.id))
    .limit(limit);
}

export async function insertNote(db: Db, values: { patientId: string; authorId: string; text: string }): Promise<string> {
  const [row] = await db.insert(patientNotes).values(values).returning({ id: patientNotes.id });
  return row!.id;
}

export async function findNote(db: Db, id: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(patientNotes)
    .leftJoin(users, eq(users.id, patientNotes.authorId))
    .where(eq(patientNotes.id, id));
  return row;
}
