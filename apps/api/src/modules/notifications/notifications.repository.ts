import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema-chat.ts';
import { accountsView } from '../accounts/accounts.views.ts';

const users = accountsView();

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** What deciding and sending a notification needs to know of its recipient. */
export async function findRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      role: users.role,
      settings: users.notificationSettings,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type Recipient = NonNullable<Awaited<ReturnType<typeof findRecipient>>>;

/**
 * Adds one and drops the user's oldest beyond `keep`, so the table cannot grow without bound. Undefined when one with
 * the same delivery key exists.
 */
export async function insertNotification(db: Db, values: NewNotification, keep: number): Promise<NotificationRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notifications).values(values).onConflictDoNothing({ target: notifications.deliveryKey }).returning();
    if (!row) return undefined;
    const beyond = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, values.userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(keep);
    await tx.delete(notifications).where(inArray(notifications.id, beyond));
    return row;
  });
}

/** The newest `limit` of a user and how many of all are unread. */
export async function listNotificationsOfUser(db: Db, userId: string, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
  ]);
  return { rows, unread: unread?.n ?? 0 };
}

/** Deletes the notification when it is the user's; answers whether it was. */
export async function deleteNotificationOfUser(db: Db, id: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return removed.length > 0;
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

export async function deleteNotificationsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
