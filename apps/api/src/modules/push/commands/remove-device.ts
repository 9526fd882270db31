import { notFound } from '../../../lib/app-error.ts';
import { deleteSubscriptionOfUser } from '../push.repository.ts';
import type { PushContext } from './context.ts';

/** `DELETE /v1/push/subscriptions`: only one of the caller's own devices; any other endpoint is 404. */
export async function removeDevice(ctx: Pick<PushContext, 'db'>, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteSubscriptionOfUser(ctx.db, userId, endpoint))) throw notFound('Push subscription');
}
