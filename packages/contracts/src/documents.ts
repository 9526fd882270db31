import { z } from 'zod';
import { documentContentTypes, referenceStatuses } from './constants.ts';

export const referenceStatusSchema = z.enum(referenceStatuses);

/**
 * A patient's document. `file` is its name URL-encoded (docs/product.md §5): decode it to show it. It is the name the file
 * was uploaded under, cleaned (no folders, invisible or direction-changing characters, or characters file systems
 * refuse; at most 120 characters) with the extension of its type; "Документ <dd.MM.yyyy HH-mm>.<ext>" when nothing
 * of the sent name was left, and for documents uploaded before names were kept.
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

/** The file's `Content-Disposition`: saved under its name (the default) or shown (`inline`), the name either way. */
export const documentFileQuerySchema = z.strictObject({ disposition: z.enum(['attachment', 'inline']).optional() });
export type DocumentFileQuery = z.infer<typeof documentFileQuerySchema>;

export const updateUserReferenceBodySchema = z.object({ status: referenceStatusSchema });
export type UpdateUserReferenceBody = z.infer<typeof updateUserReferenceBodySchema>;
