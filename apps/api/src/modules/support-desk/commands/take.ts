import type { StaffSupportRequest } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { notFound } from '../../../lib/app-error.ts';
import { findRequest, takeRequest } from '../support-desk.repository.ts';
import { presentStaff, staffRequest, taken, type SupportDeskDeps } from './context.ts';

/** Takes an open request; its holder taking it again is fine, anyone else 409. */
export async function takeSupportRequest(ctx: SupportDeskDeps, actor: AccountRow, id: string): Promise<StaffSupportRequest> {
  if (!(await takeRequest(ctx.db, id, actor.user.id, ctx.clock.now()))) {
    const row = await findRequest(ctx.db, id);
    if (!row) throw notFound('Support request');
    if (row.status !== 'in_progress' || row.operatorId !== actor.user.id) throw taken();
  }
  return (await presentStaff(ctx, [await staffRequest(ctx, actor, id)]))[0]!;
}
