import { DIPLOMA_MAX_BYTES, type SpecialistApplication } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { storeCheckedFile } from '../../../lib/file-type.ts';
import { newStorageKey } from '../../../lib/storage.ts';
import { toApplication } from '../specialists.mapping.ts';
import { replaceDiploma } from '../specialists.repository.ts';
import { assertEditable, notEditable, ownApplication, type SpecialistsDeps } from './context.ts';

/** Storage keys of diplomas start with this word. */
const STORAGE_PREFIX = 'diploma';

/** Step 3: the diploma, streamed to storage and checked from its first bytes; a new one replaces the old. */
export async function uploadDiploma(
  ctx: Pick<SpecialistsDeps, 'db' | 'storage'>,
  userId: string,
  content: AsyncIterable<Buffer>,
): Promise<SpecialistApplication> {
  const { db, storage } = ctx;
  assertEditable(await ownApplication(db, userId));
  const key = newStorageKey(STORAGE_PREFIX);
  const { type, size } = await storeCheckedFile(storage, key, content, {
    maxBytes: DIPLOMA_MAX_BYTES,
    accept: (detected) => {
      // Every type a document may have (lib/file-type.ts): a phone's photo of a diploma is often HEIC.
      if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A diploma is a PDF, JPEG, PNG or HEIC file');
      return detected;
    },
    tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `A diploma may be at most ${DIPLOMA_MAX_BYTES / 1024 / 1024} MB`),
  });
  const replaced = await replaceDiploma(db, userId, {
    storageKey: key,
    contentType: type.contentType,
    size,
    fileName: `diploma.${type.extension}`,
  }).catch(async (error: unknown) => {
    await storage.delete(key);
    throw error;
  });
  if (!replaced) {
    await storage.delete(key);
    throw notEditable();
  }
  if (replaced.previousKey) await storage.delete(replaced.previousKey);
  return toApplication(await ownApplication(db, userId));
}
