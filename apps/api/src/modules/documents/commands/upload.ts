import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_PATIENT, type UserReference } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { storeCheckedFile } from '../../../lib/file-type.ts';
import { newStorageKey, type Storage } from '../../../lib/storage.ts';
import { ownPatientId, STORAGE_PREFIX, toUserReference, type Actor } from '../documents.mapping.ts';
import { countReferencesOfPatient, insertReference, lockPatientUploads } from '../documents.repository.ts';
import { cleanFileName, generatedFileName } from '../file-name.ts';

const throwUnsupported = (): never => {
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, JPEG, PNG and HEIC documents are accepted');
};
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `A document may be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
const limitReached = () =>
  new AppError('DOCUMENT_LIMIT_REACHED', `A patient may keep at most ${DOCUMENTS_PER_PATIENT} documents; delete one first`);

/**
 * Streams the upload to storage, checking the type from its first bytes and the size as it goes. The document keeps
 * the sent name, cleaned, with the extension of its type; "Документ <date time>" when nothing of it is left.
 */
export async function uploadDocument(
  deps: { db: Db; storage: Storage; clock: Clock },
  actor: Actor,
  content: AsyncIterable<Buffer>,
  name?: string,
): Promise<UserReference> {
  const { db, storage, clock } = deps;
  const patientId = ownPatientId(actor);
  if ((await countReferencesOfPatient(db, patientId)) >= DOCUMENTS_PER_PATIENT) throw limitReached();
  const key = newStorageKey(STORAGE_PREFIX);
  const { type, size } = await storeCheckedFile(storage, key, content, {
    maxBytes: DOCUMENT_MAX_BYTES,
    accept: (detected) => detected ?? throwUnsupported(),
    tooLarge,
  });
  try {
    const row = await db.transaction(async (tx) => {
      await lockPatientUploads(tx, patientId);
      if ((await countReferencesOfPatient(tx, patientId)) >= DOCUMENTS_PER_PATIENT) throw limitReached();
      return insertReference(tx, {
        patientId,
        fileName: encodeURIComponent(cleanFileName(name, type) ?? generatedFileName(clock.now(), type.extension)),
        storageKey: key,
        contentType: type.contentType,
        size,
      });
    });
    return toUserReference(row);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
