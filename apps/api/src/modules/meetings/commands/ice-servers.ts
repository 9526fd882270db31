import type { IceServers } from '@rozmova/contracts';
import type { AccountRow } from '../../../db/rows.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { iceServersFor } from '../ice.ts';
import { ICE_REQUESTS_MAX, ICE_WINDOW_MS } from '../meetings.limits.ts';
import type { Refusal } from '../meetings.rules.ts';
import { entry, type MeetingsContext } from './context.ts';

const refusedError = (code: Refusal) =>
  code === 'NOT_FOUND'
    ? notFound('Meeting')
    : code === 'APPOINTMENT_CLOSED'
      ? new AppError(code, 'The consultation was completed or cancelled')
      : new AppError(code, 'The room is open from 10 minutes before the start (once paid) until the end');

/**
 * `POST /v1/meetings/:roomId/ice-servers`: for the room's two people while it is open for them (404 to anyone else,
 * 409 outside the window), at most ICE_REQUESTS_MAX in ICE_WINDOW_MS per person; the credentials end with the room.
 */
export async function getIceServers(ctx: MeetingsContext, actor: AccountRow, roomId: string): Promise<IceServers> {
  const found = await entry(ctx, actor, roomId);
  if ('refused' in found) throw refusedError(found.refused);
  await ctx.rateLimit.consume(`meeting-ice:${actor.user.id}`, { max: ICE_REQUESTS_MAX, windowMs: ICE_WINDOW_MS });
  return iceServersFor(ctx.ice, actor.user.id, ctx.clock.now(), found.c.openUntil!);
}
