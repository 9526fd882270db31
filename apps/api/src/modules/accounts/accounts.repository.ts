import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountRow, NewUser, UserRow } from '../../db/rows.ts';
import { users } from '../../db/schema.ts';
import type { ListUsersQuery, Role } from '@rozmova/contracts';
import { patientCardsView, patientsView } from '../patients/patients.views.ts';

const patientCards = patientCardsView();
const patients = patientsView();

const accountColumns = { user: users, patientId: patients.id, cardId: patientCards.id };

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(patients, eq(patients.userId, users.id))
    .leftJoin(patientCards, eq(patientCards.patientId, patients.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function listUsers(db: Db, query: ListUsersQuery) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.role) conditions.push(eq(users.role, query.role as Role));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.userName, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Serialises every change that could leave no active admin (role, deactivation, removal) until the transaction ends. */
export async function lockAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('active-admins'))`);
}

/** Whether the account is an active (not removed) admin, and how many other active admins there are. */
export async function activeAdminsBeside(db: Db, id: string): Promise<{ isOne: boolean; others: number }> {
  const [row] = await db
    .select({
      isOne: sql<boolean>`coalesce(bool_or(${users.id} = ${id}), false)`,
      others: sql<number>`count(*) filter (where ${users.id} <> ${id})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
  return { isOne: row?.isOne ?? false, others: row?.others ?? 0 };
}
