import { z } from 'zod';
import { documentContentTypes, referenceStatuses } from './constants.ts';

export const referenceStatusSchema = z.enum(referenceStatuses);

/**
 * A patient's document. `file` is the stored name, "Документ <dd.MM.yyyy HH-mm>.<ext>" URL-encoded (SPEC.md §5):
 * decode it to show it.
 */
export const userReferenceSchema = z.object({
  id: z.string(),
  file: z.string(),
  patient_id: z.string(),
  status: referenceStatusSchema,
  content_type: z.enum(documentContentTypes),
  size: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserReference = z.infer<typeof userReferenceSchema>;

export const userReferenceListSchema = z.object({ userReferences: z.array(userReferenceSchema), count: z.number().int() });
export type UserReferenceList = z.infer<typeof userReferenceListSchema>;

export const userReferenceResponseSchema = z.object({ userReference: userReferenceSchema });
export type UserReferenceResponse = z.infer<typeof userReferenceResponseSchema>;

export const updateUserReferenceBodySchema = z.object({ status: referenceStatusSchema });
export type UpdateUserReferenceBody = z.infer<typeof updateUserReferenceBodySchema>;
