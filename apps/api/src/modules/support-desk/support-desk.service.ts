import {
  DOCUMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  webPages,
  type CreateSupportRequestBody,
  type Locale,
  type StaffSupportRequest,
  type SupportRequest,
  type SupportRequestReplyBody,
  type SupportRequestStatus,
} from '@rozmova/contracts';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { storeCheckedFile } from '../../lib/file-type.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { newStorageKey, type Storage } from '../../lib/storage.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { receivedMail, replyMail } from './support-desk.mails.ts';
import * as repo from './support-desk.repository.ts';

const HOUR = 60 * 60 * 1000;
/** Requests a visitor's address may send in an hour, and requests to one e-mail (a patient's or a visitor's). */
export const REQUESTS_PER_ADDRESS_PER_HOUR = 5;
export const REQUESTS_PER_EMAIL_PER_HOUR = 3;
/** Messages the requester may add to one request in an hour. */
export const FOLLOW_UPS_PER_REQUEST_PER_HOUR = 10;

/** Storage keys of attachments start with this word. */
const STORAGE_PREFIX = 'support';

export interface Attachment {
  storageKey: string;
  contentType: string;
  size: number;
}

/** What the desk needs from the audit log: staff reads of a patient's request. */
export interface DeskAudit {
  record(
    entries: { actorId: string; action: 'read' | 'list'; resource: 'support_request'; resourceId: string; patientId: string }[],
  ): Promise<unknown>;
}

/** Posts an operator's answer into the patient's support conversation (the messages service, wired in app.ts). */
export type ChatReply = (operator: AccountRow, patientId: string, text: string) => Promise<void>;

const isStaff = (actor: AccountRow | undefined) => actor?.user.role === 'operator' || actor?.user.role === 'admin';

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, JPEG, PNG and HEIC files may be attached');
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `An attachment may be at most ${SUPPORT_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
const taken = () => new AppError('SUPPORT_REQUEST_TAKEN', 'Another operator has this request, or it is closed');
const fieldError = (path: string, code: 'INVALID_TYPE' | 'INVALID_VALUE', message: string) =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);

export function createSupportDeskService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  rateLimit: Pick<RateLimitService, 'consume'>;
  audit: DeskAudit;
  publicUrl: string;
  chatReply: ChatReply;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
}) {
  const { db, clock } = deps;

  // A removed patient's requests lose their text, e-mail and file in the removal's transaction (the files after it).
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    const keys = await repo.blankRequestsOfUser(tx, userId);
    return async () => {
      for (const key of keys) await deps.storage.delete(key);
    };
  });
  const link = (path: string) => new URL(path, deps.publicUrl).toString();

  /** A new private link to a visitor's request (each e-mail carries its own; all stay valid). */
  async function newRequestLink(tx: Db, requestId: string): Promise<string> {
    const token = newToken();
    await repo.insertLink(tx, requestId, sha256(token));
    return link(`${webPages.supportRequest.replace(':requestId', requestId)}?token=${token}`);
  }

  /** The request for its patient, or for whoever holds one of its links; anyone else is told it does not exist. */
  async function requestOfRequester(actor: AccountRow | undefined, id: string, token: string | undefined): Promise<repo.RequestRow> {
    const row = await repo.findRequest(db, id);
    const owner = row && actor && row.userId === actor.user.id;
    const byLink = row && !row.userId && token !== undefined && (await repo.linkOpens(db, id, sha256(token)));
    if (!row || !(owner || byLink)) throw notFound('Support request');
    return row;
  }

  async function present(rows: repo.RequestRow[]): Promise<SupportRequest[]> {
    const replies = await repo.listReplies(
      db,
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

  async function presentStaff(rows: repo.StaffRequestRow[]): Promise<StaffSupportRequest[]> {
    const plain = await present(rows.map((row) => row.request));
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

  const auditReads = (actor: AccountRow, action: 'read' | 'list', rows: repo.StaffRequestRow[]) =>
    deps.audit.record(
      rows.flatMap(({ request, patientId }) =>
        patientId ? [{ actorId: actor.user.id, action, resource: 'support_request' as const, resourceId: request.id, patientId }] : [],
      ),
    );

  async function staffRequest(actor: AccountRow, id: string): Promise<repo.StaffRequestRow> {
    const row = await repo.findStaffRequest(db, id);
    if (!row) throw notFound('Support request');
    await auditReads(actor, 'read', [row]);
    return row;
  }

  return {
    /** Streams an attachment into storage, its type checked from the content like a document's. */
    async storeAttachment(content: AsyncIterable<Buffer>): Promise<Attachment> {
      const storageKey = newStorageKey(STORAGE_PREFIX);
      const { type, size } = await storeCheckedFile(deps.storage, storageKey, content, {
        maxBytes: Math.min(SUPPORT_ATTACHMENT_MAX_BYTES, DOCUMENT_MAX_BYTES),
        accept: (detected) => {
          if (!detected) throw unsupported();
          return detected;
        },
        tooLarge,
      });
      return { storageKey, contentType: type.contentType, size };
    },

    discardAttachment: (attachment: Attachment) => deps.storage.delete(attachment.storageKey),

    /**
     * A request from the desk form: a signed-in patient's with its own e-mail, a visitor's with the e-mail given and a
     * private link sent there. Limited per address and per e-mail; counted before anything is stored.
     */
    async create(
      actor: AccountRow | undefined,
      body: CreateSupportRequestBody,
      address: string,
      attachment?: Attachment,
    ): Promise<SupportRequest> {
      if (actor && actor.user.role !== 'patient') throw forbidden('Staff answer requests; they do not send them');
      const email = actor ? actor.user.email : body.email;
      if (!email) throw fieldError('body.email', 'INVALID_TYPE', 'A visitor gives an e-mail to answer to');
      const locale: Locale = body.locale ?? (actor?.user.locale as Locale | undefined) ?? 'uk';
      await deps.rateLimit.consume(`support-desk:address:${address}`, { max: REQUESTS_PER_ADDRESS_PER_HOUR, windowMs: HOUR });
      await deps.rateLimit.consume(`support-desk:email:${email}`, { max: REQUESTS_PER_EMAIL_PER_HOUR, windowMs: HOUR });
      const { row, page } = await db.transaction(async (tx) => {
        const inserted = await repo.insertRequest(tx, {
          userId: actor?.user.id ?? null,
          email,
          topic: body.topic,
          locale,
          message: body.message,
          attachment,
        });
        return { row: inserted, page: actor ? undefined : await newRequestLink(tx, inserted.id) };
      });
      if (page) await deps.mailer.send(receivedMail(email, locale, body.topic, page));
      return (await present([row]))[0]!;
    },

    async listMine(actor: AccountRow): Promise<SupportRequest[]> {
      return present(await repo.listRequestsOfUser(db, actor.user.id));
    },

    /** One request for its owner, a visitor with its link's token (compared in constant time), or staff (audited). */
    async get(actor: AccountRow | undefined, id: string, token: string | undefined): Promise<SupportRequest | StaffSupportRequest> {
      if (isStaff(actor)) return (await presentStaff([await staffRequest(actor!, id)]))[0]!;
      return (await present([await requestOfRequester(actor, id, token)]))[0]!;
    },

    /**
     * The requester writes again on the request's page (a visitor through its private link): kept with the answers;
     * a closed request opens again, with its operator when it had one. At most 10 an hour per request.
     */
    async followUp(actor: AccountRow | undefined, id: string, token: string | undefined, text: string): Promise<SupportRequest> {
      const row = await requestOfRequester(actor, id, token);
      await deps.rateLimit.consume(`support-desk:follow-up:${id}`, { max: FOLLOW_UPS_PER_REQUEST_PER_HOUR, windowMs: HOUR });
      await db.transaction(async (tx) => {
        await repo.insertReply(tx, { requestId: id, authorId: actor?.user.id ?? null, fromRequester: true, channel: 'email', text });
        await repo.reopenRequest(tx, id, clock.now());
      });
      return (await present([(await repo.findRequest(db, row.id))!]))[0]!;
    },

    /** The queue for operators; every patient's request listed is in the audit log. */
    async queue(actor: AccountRow, filter: { status?: SupportRequestStatus; mine?: boolean }): Promise<StaffSupportRequest[]> {
      const rows = await repo.listQueue(db, { status: filter.status, operatorId: filter.mine ? actor.user.id : undefined });
      await auditReads(actor, 'list', rows);
      return presentStaff(rows);
    },

    /** Takes an open request; its holder taking it again is fine, anyone else 409. */
    async take(actor: AccountRow, id: string): Promise<StaffSupportRequest> {
      if (!(await repo.takeRequest(db, id, actor.user.id, clock.now()))) {
        const row = await repo.findRequest(db, id);
        if (!row) throw notFound('Support request');
        if (row.status !== 'in_progress' || row.operatorId !== actor.user.id) throw taken();
      }
      return (await presentStaff([await staffRequest(actor, id)]))[0]!;
    },

    /**
     * Answers by e-mail (in the requester's language) or in a patient's support chat, and keeps the answer. An open
     * request is taken by the one who answers; one another operator holds is theirs (admins may answer any).
     */
    async reply(actor: AccountRow, id: string, body: SupportRequestReplyBody): Promise<StaffSupportRequest> {
      const { request, patientId } = await staffRequest(actor, id);
      if (request.status === 'closed') throw taken();
      if (body.channel === 'chat' && !patientId)
        throw fieldError('body.channel', 'INVALID_VALUE', 'Only a patient can be answered in the chat');
      if (request.status === 'open') {
        if (!(await repo.takeRequest(db, id, actor.user.id, clock.now()))) throw taken();
      } else if (request.operatorId !== actor.user.id && actor.user.role !== 'admin') throw taken();
      if (body.channel === 'chat') await deps.chatReply(actor, patientId!, body.text);
      else {
        const where = request.userId ? { cabinet: link(`${webPages.cabinet}?tab=requests`) } : { request: await newRequestLink(db, id) };
        await deps.mailer.send(replyMail(request.email, request.locale as Locale, body.text, where));
      }
      await repo.insertReply(db, { requestId: id, authorId: actor.user.id, channel: body.channel, text: body.text });
      return (await presentStaff([(await repo.findStaffRequest(db, id))!]))[0]!;
    },

    async close(actor: AccountRow, id: string): Promise<StaffSupportRequest> {
      await staffRequest(actor, id);
      await repo.closeRequest(db, id, clock.now());
      return (await presentStaff([(await repo.findStaffRequest(db, id))!]))[0]!;
    },

    /** The attachment's bytes for staff (audited for a patient's request). */
    async attachment(actor: AccountRow, id: string): Promise<{ stream: Readable; contentType: string; size: number }> {
      const { request } = await staffRequest(actor, id);
      if (!request.attachmentStorageKey) throw notFound('Attachment');
      return {
        stream: await deps.storage.get(request.attachmentStorageKey),
        contentType: request.attachmentContentType ?? 'application/octet-stream',
        size: request.attachmentSize ?? 0,
      };
    },
  };
}

export type SupportDeskService = ReturnType<typeof createSupportDeskService>;
