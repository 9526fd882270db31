import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { SpecialistApplicationStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { specialistApplications } from '../../db/schema-staff.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const users = accountsView();

export type ApplicationRow = typeof specialistApplications.$inferSelect;
export interface ApplicationWithUser {
  application: ApplicationRow;
  email: string;
  userName: string;
  locale: 'uk' | 'en';
}

export type ApplicationProfile = Pick<
  typeof specialistApplications.$inferInsert,
  'nameEn' | 'specialisations' | 'bio' | 'languages' | 'experienceYears'
>;
export type Diploma = { storageKey: string; contentType: string; size: number; fileName: string };

/** The applicant may change an application that is a draft or was rejected. */
const editable = inArray(specialistApplications.status, ['draft', 'rejected']);

function selectWithUser(db: Db) {
  return db
    .select({ application: specialistApplications, email: users.email, userName: users.userName, locale: users.locale })
    .from(specialistApplications)
    .innerJoin(users, eq(users.id, specialistApplications.userId));
}

export async function insertApplication(db: Db, userId: string): Promise<void> {
  await db.insert(specialistApplications).values({ userId }).onConflictDoNothing();
}

/** Removes a user's application; answers its diploma's storage key, if it had one. */
export async function deleteApplicationOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .delete(specialistApplications)
    .where(eq(specialistApplications.userId, userId))
    .returning({ key: specialistApplications.diplomaStorageKey });
  return row?.key ?? null;
}

export async function findApplicationOfUser(db: Db, userId: string): Promise<ApplicationWithUser | undefined> {
  const [row] = await selectWithUser(db).where(eq(specialistApplications.userId, userId));
  return row;
}

export async function findApplication(db: Db, id: string): Promise<ApplicationWithUser | undefined> {
  const [row] = await selectWithUser(db).where(eq(specialistApplications.id, id));
  return row;
}

/** Submitted ones oldest first (the queue); otherwise newest first. Drafts only when asked for. */
export function listApplications(db: Db, status: SpecialistApplicationStatus | undefined): Promise<ApplicationWithUser[]> {
  return selectWithUser(db)
    .where(status ? eq(specialistApplications.status, status) : ne(specialistApplications.status, 'draft'))
    .orderBy(
      status === 'submitted' ? specialistApplications.submittedAt : desc(specialistApplications.updatedAt),
      specialistApplications.id,
    )
    .limit(500);
}

export async function updateEditableProfile(db: Db, userId: string, profile: ApplicationProfile): Promise<boolean> {
  const rows = await db
    .update(specialistApplications)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(and(eq(specialistApplications.userId, userId), editable))
    .returning({ id: specialistApplications.id });
  return rows.length > 0;
}

/** Sets the diploma of an editable application; answers the key it replaced (null without one), undefined when refused. */
export async function replaceDiploma(db: Db, userId: string, diploma: Diploma): Promise<{ previousKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ key: specialistApplications.diplomaStorageKey })
      .from(specialistApplications)
      .where(and(eq(specialistApplications.userId, userId), editable))
      .for('update');
    if (!current) return undefined;
    await tx
      .update(specialistApplications)
      .set({
        diplomaStorageKey: diploma.storageKey,
        diplomaContentType: diploma.contentType,
        diplomaSize: diploma.size,
        diplomaFileName: diploma.fileName,
        updatedAt: sql`now()`,
      })
      .where(eq(specialistApplications.userId, userId));
    return { previousKey: current.key };
  });
}

/** Draft or rejected → submitted, only when the profile and the diploma are there. */
export async function submitApplication(db: Db, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(specialistApplications)
    .set({ status: 'submitted', submittedAt: at, rejectionReason: null, decidedAt: null, decidedBy: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(specialistApplications.userId, userId),
        editable,
        isNotNull(specialistApplications.diplomaStorageKey),
        ne(specialistApplications.nameEn, ''),
        sql`jsonb_array_length(${specialistApplications.specialisations}) > 0`,
        sql`${specialistApplications.bio}->>'uk' <> '' and ${specialistApplications.bio}->>'en' <> ''`,
      ),
    )
    .returning({ id: specialistApplications.id });
  return rows.length > 0;
}

/** Submitted → approved or rejected in one conditional statement: of decisions at once, exactly one takes effect. */
export async function decideApplication(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'rejected'; reason: string | null; by: string; at: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(specialistApplications)
    .set({
      status: decision.status,
      rejectionReason: decision.reason,
      decidedBy: decision.by,
      decidedAt: decision.at,
      updatedAt: sql`now()`,
    })
    .where(and(eq(specialistApplications.id, id), eq(specialistApplications.status, 'submitted')))
    .returning();
  return row;
}
