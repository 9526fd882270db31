import { z } from 'zod';
import { idSchema, multiLineTextSchema } from './common.ts';
import { FEEDBACK_COMMENT_MAX, feedbackTypes } from './constants.ts';

export const feedbackTypeSchema = z.enum(feedbackTypes);
const ratingSchema = z.number().int().min(1).max(5);
const commentSchema = multiLineTextSchema(FEEDBACK_COMMENT_MAX);

/**
 * Doctor feedback reviews one completed consultation of the author (`appointment_id`); its doctor is the
 * consultation's (`doctor_id`, when sent, must be that doctor). `is_anonymous`: public lists show no name.
 */
export const createFeedbackBodySchema = z
  .object({
    type: feedbackTypeSchema,
    feedback_rating: ratingSchema,
    feedback_comment: commentSchema.default(''),
    doctor_id: idSchema.optional(),
    appointment_id: idSchema.optional(),
    is_anonymous: z.boolean().optional(),
  })
  .refine((body) => body.type !== 'doctor' || body.appointment_id !== undefined, {
    path: ['appointment_id'],
    message: 'Doctor feedback names the consultation it reviews',
  });
export type CreateFeedbackBody = z.infer<typeof createFeedbackBodySchema>;

/** The author changes rating, comment and anonymity; an admin may also publish or hide it. */
export const updateFeedbackBodySchema = z
  .object({
    feedback_rating: ratingSchema.optional(),
    feedback_comment: commentSchema.optional(),
    is_anonymous: z.boolean().optional(),
    is_published: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBodySchema>;

/** Unknown parameters are refused, so a typo never silently widens a list. */
export const feedbackQuerySchema = z.strictObject({ type: feedbackTypeSchema.optional() });
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;

/** What everyone may read of published feedback: the author's first name (null when anonymous), no ids of the author. */
export const publicFeedbackSchema = z.strictObject({
  id: z.string(),
  type: feedbackTypeSchema,
  feedback_rating: z.number().int(),
  feedback_user_name: z.string().nullable(),
  /** Mirrors `type` (docs/product.md §3 names both). */
  feedback_type: feedbackTypeSchema,
  feedback_clinic_name: z.string(),
  feedback_comment: z.string(),
  doctor_id: z.string().nullable(),
  is_anonymous: z.boolean(),
  is_published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicFeedback = z.infer<typeof publicFeedbackSchema>;

/** All of it: for the author and admins. */
export const feedbackSchema = publicFeedbackSchema.extend({
  feedback_user_name: z.string(),
  patient_id: z.string().nullable(),
  appointment_id: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** A reader gets all of its own feedback and admins all of every one; everyone else the public part. */
export const feedbackViewSchema = z.union([feedbackSchema, publicFeedbackSchema]);
export type FeedbackView = z.infer<typeof feedbackViewSchema>;

export const feedbackListSchema = z.object({ feedback: z.array(feedbackViewSchema), count: z.number().int() });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** A doctor's rating from its published reviews; `average` is null without any (one decimal otherwise). */
export const doctorRatingSchema = z.strictObject({ average: z.number().nullable(), count: z.number().int() });
export type DoctorRating = z.infer<typeof doctorRatingSchema>;

/** `GET /v1/doctors/:id/reviews`: published reviews, newest first, with the rating of all of them. */
export const doctorReviewsSchema = z.strictObject({ reviews: z.array(publicFeedbackSchema), rating: doctorRatingSchema });
export type DoctorReviews = z.infer<typeof doctorReviewsSchema>;
