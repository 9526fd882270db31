import { z } from 'zod';
import { idSchema } from './common.ts';
import { FEEDBACK_COMMENT_MAX, feedbackTypes } from './constants.ts';

export const feedbackTypeSchema = z.enum(feedbackTypes);
const ratingSchema = z.number().int().min(1).max(5);
const commentSchema = z.string().trim().max(FEEDBACK_COMMENT_MAX);

export const createFeedbackBodySchema = z
  .object({
    type: feedbackTypeSchema,
    feedback_rating: ratingSchema,
    feedback_comment: commentSchema.default(''),
    doctor_id: idSchema.optional(),
  })
  .refine((body) => body.type !== 'doctor' || body.doctor_id !== undefined, {
    path: ['doctor_id'],
    message: 'Doctor feedback names the doctor',
  });
export type CreateFeedbackBody = z.infer<typeof createFeedbackBodySchema>;

/** The author changes rating and comment; an admin may also publish or hide it. */
export const updateFeedbackBodySchema = z
  .object({
    feedback_rating: ratingSchema.optional(),
    feedback_comment: commentSchema.optional(),
    is_published: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBodySchema>;

/** Unknown parameters are refused, so a typo never silently widens a list. */
export const feedbackQuerySchema = z.strictObject({ type: feedbackTypeSchema.optional() });
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  type: feedbackTypeSchema,
  feedback_rating: z.number().int(),
  feedback_user_name: z.string(),
  /** Mirrors `type` (SPEC.md §3 names both). */
  feedback_type: feedbackTypeSchema,
  feedback_clinic_name: z.string(),
  feedback_comment: z.string(),
  patient_id: z.string().nullable(),
  doctor_id: z.string().nullable(),
  is_published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema), count: z.number().int() });
export type FeedbackList = z.infer<typeof feedbackListSchema>;
