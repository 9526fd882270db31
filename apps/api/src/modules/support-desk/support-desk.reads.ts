import type { StaffSupportRequest, SupportRequest, SupportRequestStatus } from '@rozmova/contracts';
import type { Readable } from 'node:stream';
import type { AccountRow } from '../../db/rows.ts';
import { notFound } from '../../lib/app-error.ts';
import { auditReads, present, presentStaff, requestOfRequester, staffRequest, type SupportDeskDeps } from './commands/context.ts';
import { listQueue, listRequestsOfUser } from './support-desk.repository.ts';

const isStaff = (actor: AccountRow | undefined) => actor?.user.role === 'operator' || actor?.user.role === 'admin';

/** Reading requests: a patient's own, one by its owner, its link or staff, the operators' queue, an attachment. */
export function createSupportDeskReads(ctx: SupportDeskDeps) {
  const { db } = ctx;
  return {
    listMine: async (actor: AccountRow): Promise<SupportRequest[]> => present(ctx, await listRequestsOfUser(db, actor.user.id)),

    /** One request for its owner, a visitor with its link's token (compared in constant time), or staff (audited). */
    async get(actor: AccountRow | undefined, id: string, token: string | undefined): Promise<SupportRequest | StaffSupportRequest> {
      if (isStaff(actor)) return (await presentStaff(ctx, [await staffRequest(ctx, actor!, id)]))[0]!;
      return (await present(ctx, [await requestOfRequester(ctx, actor, id, token)]))[0]!;
    },

    /** The queue for operators; every patient's request listed is in the audit log. */
    async queue(actor: AccountRow, filter: { status?: SupportRequestStatus; mine?: boolean }): Promise<StaffSupportRequest[]> {
      const rows = await listQueue(db, { status: filter.status, operatorId: filter.mine ? actor.user.id : undefined });
      await auditReads(ctx, actor, 'list', rows);
      return presentStaff(ctx, rows);
    },

    /** The attachment's bytes for staff (audited for a patient's request). */
    async attachment(actor: AccountRow, id: string): Promise<{ stream: Readable; contentType: string; size: number }> {
      const { request } = await staffRequest(ctx, actor, id);
      if (!request.attachmentStorageKey) throw notFound('Attachment');
      return {
        stream: await ctx.storage.get(request.attachmentStorageKey),
        contentType: request.attachmentContentType ?? 'application/octet-stream',
        size: request.attachmentSize ?? 0,
      };
    },
  };
}
