import type { ListReviewsQuery, ModerateReviewBody, Review, ReviewList, ReviewStatus } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { toFeedback } from './feedback.mapping.ts';
import { findReview, listReviews, lockReview, setModeration, type ReviewRow } from './review-moderation.repository.ts';

function statusOf({ row }: ReviewRow): ReviewStatus {
  if (row.isPublished) return 'published';
  return row.moderatedAt && row.moderatedAt >= row.updatedAt ? 'hidden' : 'new';
}

const toReview = (review: ReviewRow): Review => ({
  ...toFeedback(review.row),
  status: statusOf(review),
  doctor_name: review.doctorName,
  moderation_reason: review.row.moderationReason,
  moderated_by_name: review.moderatorName,
  moderated_at: review.row.moderatedAt?.toISOString() ?? null,
});

/** The admin's review moderation: publish or hide with the reason kept, each decision in the audit log. */
export function createReviewModeration(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const { db } = deps;
  return {
    async list(query: ListReviewsQuery): Promise<ReviewList> {
      const { rows, total } = await listReviews(db, query);
      return { reviews: rows.map(toReview), total };
    },

    /**
     * A decision that changes nothing (publishing a published review, hiding a hidden one for the same reason) is
     * answered without a new entry, so repeated clicks and retries leave one record.
     */
    async moderate(moderatorId: string, id: string, body: ModerateReviewBody): Promise<Review> {
      const publish = body.action === 'publish';
      const reason = body.reason || null;
      await db.transaction(async (tx) => {
        const row = await lockReview(tx, id);
        if (!row) throw notFound('Review');
        if (publish && row.type === 'doctor' && !row.appointmentId) {
          throw forbidden('A doctor review without a consultation is not published');
        }
        const decided = row.moderatedAt !== null && row.moderatedAt >= row.updatedAt;
        const same = row.isPublished === publish && (publish || (decided && row.moderationReason === reason));
        if (same) return;
        await setModeration(tx, id, { isPublished: publish, reason, moderatorId });
        await deps.audit.record(
          { actorId: moderatorId, action: publish ? 'publish' : 'hide', resource: 'feedback', resourceId: id, patientId: row.patientId },
          tx,
        );
      });
      return toReview((await findReview(db, id))!);
    },
  };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
