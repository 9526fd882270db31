import type { StaffSupportRequest } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { closeRequest } from '../support-desk.repository.ts';
import { presentStaffRequest, staffRequest, type SupportDeskDeps } from './context.ts';

/** Closes a request (staff, audited); closing a closed one changes nothing. */
export async function closeSupportRequest(ctx: SupportDeskDeps, actor: AccountRow, id: string): Promise<StaffSupportRequest> {
  await staffRequest(ctx, actor, id);
  await closeRequest(ctx.db, id, ctx.clock.now());
  return presentStaffRequest(ctx, id);
}
