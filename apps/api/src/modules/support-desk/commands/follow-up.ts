import type { SupportRequest } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { findRequest, insertReply, reopenRequest } from '../support-desk.repository.ts';
import { HOUR, present, requestOfRequester, type SupportDeskDeps } from './context.ts';

/** Messages the requester may add to one request in an hour. */
export const FOLLOW_UPS_PER_REQUEST_PER_HOUR = 10;

/**
 * The requester writes again on the request's page (a visitor through its private link): kept with the answers;
 * a closed request opens again, with its operator when it had one. At most 10 an hour per request.
 */
export async function followUpSupportRequest(
  ctx: SupportDeskDeps,
  actor: AccountRow | undefined,
  id: string,
  token: string | undefined,
  text: string,
): Promise<SupportRequest> {
  const row = await requestOfRequester(ctx, actor, id, token);
  await ctx.rateLimit.consume(`support-desk:follow-up:${id}`, { max: FOLLOW_UPS_PER_REQUEST_PER_HOUR, windowMs: HOUR });
  await ctx.db.transaction(async (tx) => {
    await insertReply(tx, { requestId: id, authorId: actor?.user.id ?? null, fromRequester: true, channel: 'email', text });
    await reopenRequest(tx, id, ctx.clock.now());
  });
  return (await present(ctx, [(await findRequest(ctx.db, row.id))!]))[0]!;
}
