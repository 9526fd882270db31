import { CANNED_REPLIES_PER_OPERATOR, type CannedReply, type CannedReplyBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  deleteCannedReply,
  insertCannedReplyWithin,
  listCannedReplies,
  updateCannedReply,
  type CannedReplyRow,
} from './support.repository.ts';

const toCannedReply = (row: CannedReplyRow): CannedReply => ({
  id: row.id,
  title: row.title,
  text: row.text,
  updated_at: row.updatedAt.toISOString(),
});

/** Replies each operator keeps for itself (at most CANNED_REPLIES_PER_OPERATOR); another operator's are 404. */
export function createCannedReplies(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    list: async (operatorId: string): Promise<CannedReply[]> => (await listCannedReplies(db, operatorId)).map(toCannedReply),

    async create(operatorId: string, body: CannedReplyBody): Promise<CannedReply> {
      const row = await insertCannedReplyWithin(db, { operatorId, ...body, at: clock.now() }, CANNED_REPLIES_PER_OPERATOR);
      if (!row) {
        throw new AppError(
          'CANNED_REPLY_LIMIT_REACHED',
          `An operator keeps at most ${CANNED_REPLIES_PER_OPERATOR} canned replies; delete one first`,
        );
      }
      return toCannedReply(row);
    },

    async update(operatorId: string, id: string, body: CannedReplyBody): Promise<CannedReply> {
      const row = await updateCannedReply(db, id, operatorId, { ...body, at: clock.now() });
      if (!row) throw notFound('Canned reply');
      return toCannedReply(row);
    },

    async remove(operatorId: string, id: string): Promise<void> {
      if (!(await deleteCannedReply(db, id, operatorId))) throw notFound('Canned reply');
    },
  };
}
