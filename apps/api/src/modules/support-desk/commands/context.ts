import { webPages, type Locale, type StaffSupportRequest, type SupportRequest } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { AccountRow } from '../../../db/rows.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { newToken, sha256 } from '../../../lib/crypto.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import type { Storage } from '../../../lib/storage.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import * as repo from '../support-desk.repository.ts';

/** What the desk needs from the audit log: staff reads of a patient's request. */
export interface DeskAudit {
  record(
    entries: { actorId: string; action: 'read' | 'list'; resource: 'support_request'; resourceId: string; patientId: string }[],
  ): Promise<unknown>;
}

/** Posts an operator's answer into the patient's support conversation (the messages service, wired in app.ts). */
export type ChatReply = (operator: AccountRow, patientId: string, text: string) => Promise<void>;

/** What the support desk service and its commands are given by buildApp. */
export interface SupportDeskDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  rateLimit: Pick<RateLimitService, 'consume'>;
  audit: DeskAudit;
  publicUrl: string;
  chatReply: ChatReply;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
}

export const HOUR = 60 * 60 * 1000;

export const taken = () => new AppError('SUPPORT_REQUEST_TAKEN', 'Another operator has this request, or it is closed');
export const fieldError = (path: string, code: 'INVALID_TYPE' | 'INVALID_VALUE', message: string) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);

export const link = (ctx: Pick<SupportDeskDeps, 'publicUrl'>, path: string) => new URL(path, ctx.publicUrl).toString();

/** A new private link to a visitor's request (each e-mail carries its own; all stay valid). */
export async function newRequestLink(ctx: Pick<SupportDeskDeps, 'publicUrl'>, tx: Db, requestId: string): Promise<string> {
  const token = newToken();
  await repo.insertLink(tx, requestId, sha256(token));
  return link(ctx, `${webPages.supportRequest.replace(':requestId', requestId)}?token=${token}`);
}

/** The request for its patient, or for whoever holds one of its links; anyone else is told it does not exist. */
export async function requestOfRequester(
  ctx: Pick<SupportDeskDeps, 'db'>,
  actor: AccountRow | undefined,
  id: string,
  token: string | undefined,
): Promise<repo.RequestRow> {
  const row = await repo.findRequest(ctx.db, id);
  const owner = row && actor && row.userId === actor.user.id;
  const byLink = row && !row.userId && token !== undefined && (await repo.linkOpens(ctx.db, id, sha256(token)));
  if (!row || !(owner || byLink)) throw notFound('Support request');
  return row;
}

export const auditReads = (ctx: Pick<SupportDeskDeps, 'audit'>, actor: AccountRow, action: 'read' | 'list', rows: repo.StaffRequestRow[]) =>
  ctx.audit.record(
    rows.flatMap(({ request, patientId }) =>
      patientId ? [{ actorId: actor.user.id, action, resource: 'support_request' as const, resourceId: request.id, patientId }] : [],
    ),
  );

/** A staff member's look at one request, in the audit log when it is a patient's. */
export async function staffRequest(
  ctx: Pick<SupportDeskDeps, 'db' | 'audit'>,
  actor: AccountRow,
  id: string,
): Promise<repo.StaffRequestRow> {
  const row = await repo.findStaffRequest(ctx.db, id);
  if (!row) throw notFound('Support request');
  await auditReads(ctx, actor, 'read', [row]);
  return row;
}

export async function present(ctx: Pick<SupportDeskDeps, 'db'>, rows: repo.RequestRow[]): Promise<SupportRequest[]> {
  const replies = await repo.listReplies(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    topic: row.topic,
    status: row.status,
    message: row.message,
    locale: row.locale as Locale,
    hasAttachment: row.attachmentStorageKey !== null,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    replies: replies
      .filter((reply) => reply.requestId === row.id)
      .map((reply) => ({
        id: reply.id,
        channel: reply.channel,
        text: reply.text,
        authorName: reply.fromRequester ? null : reply.authorName,
        fromRequester: reply.fromRequester,
        createdAt: reply.createdAt.toISOString(),
      })),
  }));
}

export async function presentStaff(ctx: Pick<SupportDeskDeps, 'db'>, rows: repo.StaffRequestRow[]): Promise<StaffSupportRequest[]> {
  const plain = await present(
    ctx,
    rows.map((row) => row.request),
  );
  return rows.map(({ request, patientId, requesterName, operatorName }, i) => ({
    ...plain[i]!,
    email: request.email,
    userId: request.userId,
    patientId,
    requesterName,
    appointmentId: request.appointmentId,
    details: request.details as Record<string, unknown>,
    attachmentContentType: request.attachmentContentType,
    attachmentSize: request.attachmentSize,
    operatorId: request.operatorId,
    operatorName,
  }));
}

/** The staff answer about one request as it is now. */
export const presentStaffRequest = async (ctx: Pick<SupportDeskDeps, 'db'>, id: string): Promise<StaffSupportRequest> =>
  (await presentStaff(ctx, [(await repo.findStaffRequest(ctx.db, id))!]))[0]!;
