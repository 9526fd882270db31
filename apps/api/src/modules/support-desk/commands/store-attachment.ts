import { DOCUMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_BYTES } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { storeCheckedFile } from '../../../lib/file-type.ts';
import { newStorageKey } from '../../../lib/storage.ts';
import type { SupportDeskDeps } from './context.ts';

/** Storage keys of attachments start with this word. */
const STORAGE_PREFIX = 'support';

export interface Attachment {
  storageKey: string;
  contentType: string;
  size: number;
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PDF, JPEG, PNG and HEIC files may be attached');
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `An attachment may be at most ${SUPPORT_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);

/** Streams an attachment into storage, its type checked from the content like a document's. */
export async function storeAttachment(ctx: Pick<SupportDeskDeps, 'storage'>, content: AsyncIterable<Buffer>): Promise<Attachment> {
  const storageKey = newStorageKey(STORAGE_PREFIX);
  const { type, size } = await storeCheckedFile(ctx.storage, storageKey, content, {
    maxBytes: Math.min(SUPPORT_ATTACHMENT_MAX_BYTES, DOCUMENT_MAX_BYTES),
    accept: (detected) => {
      if (!detected) throw unsupported();
      return detected;
    },
    tooLarge,
  });
  return { storageKey, contentType: type.contentType, size };
}
