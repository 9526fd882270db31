import type { DocumentContentType, UserReference } from '@rozmova/contracts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ReferenceRow } from './documents.repository.ts';

/** Storage keys of documents start with this word. */
export const STORAGE_PREFIX = 'document';

/** The caller of a documents call: the signed-in account (user row, its patient id when it is a patient). */
export type Actor = AccountRow;

/** The patient id of a patient; anyone else keeps no documents. */
export function ownPatientId(actor: Actor): string {
  if (!actor.patientId) throw new AppError('FORBIDDEN', 'Only patients keep documents');
  return actor.patientId;
}

export function toUserReference(row: ReferenceRow): UserReference {
  return {
    id: row.id,
    file: row.fileName,
    patient_id: row.patientId,
    status: row.status,
    content_type: row.contentType as DocumentContentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
