import type { Broadcast, BroadcastAudience, BroadcastBody, Role } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Limit } from '../rate-limit/rate-limit.service.ts';
import {
  activeUserIdsOfRole,
  countActiveUsersOfRole,
  findBroadcast,
  insertBroadcast,
  listBroadcasts,
  type BroadcastRow,
} from './push.repository.ts';

/** Broadcasts one admin may send in an hour; more are 429. */
export const BROADCASTS_PER_HOUR = 10;
/** People told by one run of the delivery job; the next batch is a job of its own. */
export const BROADCAST_BATCH = 100;
const LIST_MAX = 100;
const HOUR = 60 * 60_000;

export const BROADCAST_JOB = 'broadcast.deliver';

const roleOf: Record<BroadcastAudience, Role> = { patients: 'patient', operators: 'operator', doctors: 'doctor' };

interface BroadcastJob {
  broadcastId: string;
  /** The batch starts after this user id (none: the first batch). */
  afterUserId?: string;
}

const toBroadcast = (row: BroadcastRow): Broadcast => ({
  id: row.id,
  audience: row.audience,
  title: row.title,
  message: row.message,
  recipients: row.recipients,
  created_at: row.createdAt.toISOString(),
});

/**
 * Announcements (docs/product.md §3 group channels) from an admin to every active patient, operator or doctor: an in-app
 * notification (kind `broadcast`, with its `notification-created` event) and a push, each as the person's settings
 * allow. Delivered by jobs of 100 people each, never in the request.
 */
export function createBroadcastsService(deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'runSoon'>;
  rateLimit: { consume(key: string, limit: Limit): Promise<unknown> };
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const { db, clock, jobs } = deps;
  const limit: Limit = { max: BROADCASTS_PER_HOUR, windowMs: HOUR };

  // Each person's notification is keyed by the broadcast and the person, so a batch run twice tells no one twice (nor
  // pushes twice: a push goes with a new notification only), and the next batch is queued once.
  jobs.register(BROADCAST_JOB, async ({ broadcastId, afterUserId }: BroadcastJob) => {
    const b = await findBroadcast(db, broadcastId);
    if (!b) return;
    const userIds = await activeUserIdsOfRole(db, roleOf[b.audience], afterUserId, BROADCAST_BATCH);
    const same = (text: string) => ({ uk: text, en: text });
    for (const userId of userIds) {
      await deps.notifications.notify(`broadcast:${b.id}:${userId}`, userId, {
        kind: 'broadcast',
        message: same(`${b.title}\n${b.message}`),
        push: { title: same(b.title), body: same(b.message) },
      });
    }
    const last = userIds.at(-1);
    if (userIds.length === BROADCAST_BATCH && last) {
      const payload: BroadcastJob = { broadcastId, afterUserId: last };
      await jobs.enqueue({ kind: BROADCAST_JOB, key: `broadcast:${b.id}:after:${last}`, runAt: clock.now(), payload });
      jobs.runSoon();
    }
  });

  return {
    /** `POST /v1/admin/broadcasts`: kept with the audience's size now, and queued for delivery in the same transaction. */
    async create(actor: AccountRow, body: BroadcastBody): Promise<Broadcast> {
      await deps.rateLimit.consume(`broadcasts:${actor.user.id}`, limit);
      const row = await db.transaction(async (tx) => {
        const created = await insertBroadcast(tx, {
          ...body,
          senderId: actor.user.id,
          recipients: await countActiveUsersOfRole(tx, roleOf[body.audience]),
          createdAt: clock.now(),
        });
        const payload: BroadcastJob = { broadcastId: created.id };
        await jobs.enqueue({ kind: BROADCAST_JOB, key: `broadcast:${created.id}`, runAt: clock.now(), payload }, tx);
        return created;
      });
      jobs.runSoon();
      return toBroadcast(row);
    },

    /** `GET /v1/admin/broadcasts`: the newest 100. */
    list: async (): Promise<{ broadcasts: Broadcast[] }> => ({ broadcasts: (await listBroadcasts(db, LIST_MAX)).map(toBroadcast) }),
  };
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;
