import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD } from '@rozmova/contracts';
import { AppError } from '../lib/app-error.ts';

/** The request body ended inside the file part (the client stopped or sent a broken body). */
const isCutShort = (error: unknown) => {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === 'ERR_STREAM_PREMATURE_CLOSE' || /terminated early|Unexpected end/i.test(String(e?.message));
};

/**
 * The `file` part of a multipart upload (the scope registers @fastify/multipart): its bytes and the name the client
 * sent (busboy keeps only the part after the last slash). Anything else (JSON, a broken multipart body, no file) is a
 * 4xx. The part may run one byte over `maxBytes`, enough for storage to refuse it.
 */
export async function uploadedFilePart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data with a "${UPLOAD_FIELD}" field`);
  }
  let part;
  try {
    // Busboy drops the rest of the request body after the limit.
    part = await request.file({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
      throwFileSizeLimit: false,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 'The multipart body is not valid');
  }
  if (!part || part.fieldname !== UPLOAD_FIELD) {
    throw new AppError('VALIDATION_FAILED', 'Validation failed', [
      { path: `body.${UPLOAD_FIELD}`, code: 'INVALID_TYPE', message: `Attach the file as "${UPLOAD_FIELD}"` },
    ]);
  }
  return { content: part.file, name: part.filename };
}

/** The bytes of the `file` part, for uploads whose sent name is not kept. */
export const uploadedFile = async (request: FastifyRequest, maxBytes: number) => (await uploadedFilePart(request, maxBytes)).content;

/** Runs the storing of an upload; a part cut short by the client is a bad request, not a failure of ours. */
export async function storingUpload<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!(error instanceof AppError) && isCutShort(error)) {
      throw new AppError('VALIDATION_FAILED', 'The upload ended before the file was complete');
    }
    throw error;
  }
}
