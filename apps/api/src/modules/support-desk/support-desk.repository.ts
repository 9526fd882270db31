import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SupportRequestStatus, SupportRequestTopic, SupportReplyChannel } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { supportRequestLinks, supportRequestReplies, supportRequests } from '../../db/schema-chat.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { patientsView } from '../patients/patients.views.ts';

const patients = patientsView();
const users = accountsView();

export type RequestRow = typeof supportRequests.$inferSelect;
export type ReplyRow = typeof supportRequestReplies.$inferSelect & { authorName: string | null };
export interface StaffRequestRow {
  request: RequestRow;
  patientId: string | null;
  requesterName: string | null;
  operatorName: string | null;
}

const QUEUE_LIMIT = 200;
const requester = accountsView('requester');
const operator = accountsView('operator');

export async function insertRequest(
  db: Db,
  values: {
    userId: string | null;
    email: string;
    topic: SupportRequestTopic;
    locale: string;
    message: string;
    attachment?: { storageKey: string; contentType: string; size: number };
  },
): Promise<RequestRow> {
  const { attachment, ...rest } = values;
  const [row] = await db
    .insert(supportRequests)
    .values({
      ...rest,
      source: 'desk',
      attachmentStorageKey: attachment?.storageKey ?? null,
      attachmentContentType: attachment?.contentType ?? null,
      attachmentSize: attachment?.size ?? null,
    })
    .returning();
  return row!;
}

export interface CallReport {
  userId: string;
  email: string;
  appointmentId: string;
  message: string;
  details: Record<string, unknown>;
}

/** A problem reported from a consultation's call (source `call`). */
export async function insertCallReport(db: Db, values: CallReport) {
  const [row] = await db
    .insert(supportRequests)
    .values({ ...values, source: 'call' })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return row!;
}

export async function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
  return row;
}

export async function listRequestsOfUser(db: Db, userId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(QUEUE_LIMIT);
}

function staffSelect(db: Db) {
  return db
    .select({
      request: supportRequests,
      patientId: patients.id,
      requesterName: requester.userName,
      operatorName: operator.userName,
    })
    .from(supportRequests)
    .leftJoin(requester, eq(requester.id, supportRequests.userId))
    .leftJoin(patients, eq(patients.userId, supportRequests.userId))
    .leftJoin(operator, eq(operator.id, supportRequests.operatorId));
}

/** The queue: open ones first, then in progress, then closed; oldest first within open and in progress. */
export async function listQueue(db: Db, filter: { status?: SupportRequestStatus; operatorId?: string }): Promise<StaffRequestRow[]> {
  return staffSelect(db)
    .where(
      and(
        filter.status ? eq(supportRequests.status, filter.status) : undefined,
        filter.operatorId ? eq(supportRequests.operatorId, filter.operatorId) : undefined,
      ),
    )
    .orderBy(
      sql`case ${supportRequests.status} when 'open' then 0 when 'in_progress' then 1 else 2 end`,
      sql`case when ${supportRequests.status} = 'closed' then ${supportRequests.closedAt} end desc`,
      asc(supportRequests.createdAt),
    )
    .limit(QUEUE_LIMIT);
}

export async function findStaffRequest(db: Db, id: string): Promise<StaffRequestRow | undefined> {
  const [row] = await staffSelect(db).where(eq(supportRequests.id, id));
  return row;
}

export async function listReplies(db: Db, requestIds: string[]): Promise<ReplyRow[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({ reply: supportRequestReplies, authorName: users.userName })
    .from(supportRequestReplies)
    .leftJoin(users, eq(users.id, supportRequestReplies.authorId))
    .where(inArray(supportRequestReplies.requestId, requestIds))
    .orderBy(asc(supportRequestReplies.createdAt));
  return rows.map(({ reply, authorName }) => ({ ...reply, authorName }));
}

/** Takes an open request for the operator in one conditional UPDATE: of many at once exactly one wins. */
export async function takeRequest(db: Db, id: string, operatorId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(supportRequests)
    .set({ status: 'in_progress', operatorId, updatedAt: now })
    .where(and(eq(supportRequests.id, id), eq(supportRequests.status, 'open')))
    .returning({ id: supportRequests.id });
  return rows.length > 0;
}

export async function closeRequest(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(supportRequests)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(supportRequests.id, id), ne(supportRequests.status, 'closed')));
}

export async function insertReply(
  db: Db,
  values: { requestId: string; authorId: string | null; fromRequester?: boolean; channel: SupportReplyChannel; text: string },
) {
  await db.insert(supportRequestReplies).values(values);
}

export async function insertLink(db: Db, requestId: string, tokenHash: string): Promise<void> {
  await db.insert(supportRequestLinks).values({ requestId, tokenHash });
}

/** Whether a link with this token hash opens the request. */
export async function linkOpens(db: Db, requestId: string, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: supportRequestLinks.requestId })
    .from(supportRequestLinks)
    .where(and(eq(supportRequestLinks.tokenHash, tokenHash), eq(supportRequestLinks.requestId, requestId)));
  return row !== undefined;
}

/** The requester wrote again: a closed request opens again, back with its operator when it had one. */
export async function reopenRequest(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(supportRequests)
    .set({
      status: sql`case when ${supportRequests.operatorId} is null then 'open' else 'in_progress' end::support_request_status`,
      closedAt: null,
      updatedAt: now,
    })
    .where(and(eq(supportRequests.id, id), eq(supportRequests.status, 'closed')));
}

/** A removed account's requests keep their status and replies, without the text, e-mail and attachment. */
export async function blankRequestsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: supportRequests.attachmentStorageKey })
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId));
  await db
    .update(supportRequests)
    .set({ message: '', email: '', attachmentStorageKey: null, attachmentContentType: null, attachmentSize: null })
    .where(eq(supportRequests.userId, userId));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
