import {
  groupChannels,
  OPERATOR_OFFLINE_AFTER_MS,
  realtimeEvents,
  userRoom,
  type Operator,
  type OperatorAvailability,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { findAvailability, listChatStaffWithAvailability, upsertAvailability, userNames } from './support.repository.ts';

/** The job that shows an operator offline once its last connection has been gone OPERATOR_OFFLINE_AFTER_MS. */
export const OPERATOR_OFFLINE_JOB = 'support-operator-offline';
const offlineJobKey = (userId: string) => `operator-offline:${userId}`;

interface Known {
  /** What the operator set; null when it never set anything (online). */
  availability: OperatorAvailability | null;
  disconnectedAt: Date | null;
}

/**
 * Operators' availability: what each set (online, busy, offline), shown as set while it has a connection on any
 * instance, and for OPERATOR_OFFLINE_AFTER_MS after its last one ended; offline after that. Connections are read
 * live (Socket.IO fetchSockets through the adapter), so an instance that died leaves no one shown online.
 */
export function createAvailability(deps: {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  jobs: Pick<JobsService, 'register' | 'schedule' | 'cancel'>;
}) {
  const { db, clock, realtime, jobs } = deps;

  const withinGrace = (known: Known | undefined) =>
    known?.disconnectedAt != null && clock.now().getTime() - known.disconnectedAt.getTime() < OPERATOR_OFFLINE_AFTER_MS;

  /** `connected` undefined: an instance did not answer, so the database's record of the last disconnect decides. */
  function effective(known: Known | undefined, connected: boolean | undefined): OperatorAvailability {
    const on = connected ?? (known !== undefined && known.disconnectedAt === null);
    return on || withinGrace(known) ? (known?.availability ?? 'online') : 'offline';
  }

  /** The user ids connected in a room; undefined when the instances could not all be asked (a read still answers). */
  const liveIn = (room: string) => realtime.userIdsIn(room).catch(() => undefined);
  const isConnected = async (userId: string) => {
    const live = await liveIn(userRoom(userId));
    return live && live.length > 0;
  };

  async function announce(userId: string, availability: OperatorAvailability): Promise<void> {
    const name = (await userNames(db, [userId])).get(userId) ?? '';
    const event: Operator = { id: userId, user_name: name, availability };
    realtime.toRoom(groupChannels.operators, realtimeEvents.operatorAvailabilityChanged, event);
    realtime.toRoom(groupChannels.patients, realtimeEvents.operatorAvailabilityChanged, event);
  }

  const connectionsOf = async (userId: string) => (await realtime.userIdsIn(userRoom(userId))).length;

  // Still gone after the grace: offline for everyone (unless it set offline itself: nothing changes then).
  jobs.register(OPERATOR_OFFLINE_JOB, async (payload: { userId: string }) => {
    const known = await findAvailability(db, payload.userId);
    if (!known?.disconnectedAt || withinGrace(known) || (await connectionsOf(payload.userId)) > 0) return;
    if (known.availability !== 'offline') await announce(payload.userId, 'offline');
  });

  return {
    /** An operator's connection opened: the first one after it was shown offline brings it back. */
    async connected(userId: string): Promise<void> {
      const known = await findAvailability(db, userId);
      const wasOffline = !withinGrace(known) && (await connectionsOf(userId)) <= 1;
      await jobs.cancel(offlineJobKey(userId));
      const row = await upsertAvailability(db, userId, { disconnectedAt: null }, clock.now());
      if (wasOffline && row.availability !== 'offline') await announce(userId, row.availability);
    },

    /** An operator's connection closed: when it was the last one anywhere, offline follows unless it comes back. */
    async disconnected(userId: string): Promise<void> {
      if ((await connectionsOf(userId)) > 0) return;
      const now = clock.now();
      await upsertAvailability(db, userId, { disconnectedAt: now }, now);
      await jobs.schedule({
        kind: OPERATOR_OFFLINE_JOB,
        key: offlineJobKey(userId),
        runAt: new Date(now.getTime() + OPERATOR_OFFLINE_AFTER_MS),
        payload: { userId },
      });
    },

    /** `PUT /v1/support/availability`: what the operator sets; everyone hears the availability shown. */
    async set(userId: string, availability: OperatorAvailability): Promise<Operator> {
      const connected = await isConnected(userId);
      const before = effective(await findAvailability(db, userId), connected);
      const shown = effective(await upsertAvailability(db, userId, { availability }, clock.now()), connected);
      if (shown !== before) await announce(userId, shown);
      return { id: userId, user_name: (await userNames(db, [userId])).get(userId) ?? '', availability: shown };
    },

    /**
     * Everyone who answers chats (active operators and admins: who may receive a transfer) with the availability shown,
     * by name. An admin who never set one is online while connected.
     */
    async chatStaff(): Promise<(Operator & { isAdmin: boolean })[]> {
      const [rows, live] = await Promise.all([listChatStaffWithAvailability(db), liveIn(groupChannels.operators)]);
      const connected = live && new Set(live);
      return rows.map((row) => ({
        id: row.id,
        user_name: row.name,
        isAdmin: row.role === 'admin',
        availability: effective(
          row.availability ? { availability: row.availability, disconnectedAt: row.disconnectedAt } : undefined,
          connected?.has(row.id),
        ),
      }));
    },

    /** The availability shown for one account (an operator, or an admin holding a conversation). */
    async of(userId: string): Promise<OperatorAvailability> {
      return effective(await findAvailability(db, userId), await isConnected(userId));
    },
  };
}

export type Availability = ReturnType<typeof createAvailability>;

/** What a patient is shown of the team: online if anyone is, else busy if anyone is, else offline. */
export function overallAvailability(operators: Operator[]): OperatorAvailability {
  if (operators.some((o) => o.availability === 'online')) return 'online';
  return operators.some((o) => o.availability === 'busy') ? 'busy' : 'offline';
}
