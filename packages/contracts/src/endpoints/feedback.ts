import { z } from 'zod';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  createFeedbackBodySchema,
  doctorReviewsSchema,
  feedbackListSchema,
  feedbackQuerySchema,
  feedbackSchema,
  feedbackViewSchema,
  updateFeedbackBodySchema,
} from '../feedback.ts';
import { feedbackPaths, patientHistoryPaths } from '../paths.ts';
import { publishedReviewsQuerySchema } from '../patient-history.ts';

export const create = endpoint({
  method: 'POST',
  path: feedbackPaths.feedback,
  access: 'user',
  body: createFeedbackBodySchema,
  responses: { 201: feedbackSchema },
  errors: ['FEEDBACK_EXISTS', 'NOT_FOUND'],
});

// Published feedback is public (the landing page's reviews, without the author's ids or surname); a token shows the
// caller's own in full or, for admins, all.
export const list = endpoint({
  method: 'GET',
  path: feedbackPaths.feedback,
  access: 'optional',
  query: feedbackQuerySchema,
  responses: { 200: feedbackListSchema },
});

export const ofUser = endpoint({
  method: 'GET',
  path: feedbackPaths.byUser,
  access: 'user',
  summary: "A user's own feedback (an admin's for anyone)",
  params: idParamsSchema,
  query: feedbackQuerySchema,
  responses: { 200: feedbackListSchema },
});

export const upsertForUser = endpoint({
  method: 'POST',
  path: feedbackPaths.byUser,
  access: 'user',
  summary: "Leave a user's feedback (201), or change the one left already (200)",
  params: idParamsSchema,
  body: createFeedbackBodySchema,
  responses: { 200: feedbackSchema, 201: feedbackSchema },
});

export const doctorReviews = endpoint({
  method: 'GET',
  path: feedbackPaths.doctorReviews,
  access: 'public',
  summary: "A doctor's published reviews with the average and count",
  params: idParamsSchema,
  responses: { 200: doctorReviewsSchema },
});

/** The landing page's reviews: always the public view, whoever asks (a token, even an admin's, is not read). */
export const published = endpoint({
  method: 'GET',
  path: patientHistoryPaths.publishedReviews,
  access: 'public',
  summary: 'Published doctor reviews for the landing page, newest first',
  query: publishedReviewsQuerySchema,
  responses: { 200: feedbackListSchema },
});

export const get = endpoint({
  method: 'GET',
  path: feedbackPaths.one,
  access: 'optional',
  summary: 'A published feedback, or in full to its author and admins',
  params: idParamsSchema,
  responses: { 200: feedbackViewSchema },
});

export const update = endpoint({
  method: 'PUT',
  path: feedbackPaths.one,
  access: 'user',
  summary: 'The author changes rating, comment and anonymity; an admin publishes or hides',
  params: idParamsSchema,
  body: updateFeedbackBodySchema,
  responses: { 200: feedbackSchema },
});

export const remove = endpoint({
  method: 'DELETE',
  path: feedbackPaths.one,
  access: 'user',
  params: idParamsSchema,
  responses: { 204: z.null() },
});
