import { idParamsSchema } from '../common.ts';
import { DOCUMENT_MAX_BYTES } from '../constants.ts';
import {
  documentFileQuerySchema,
  updateUserReferenceBodySchema,
  userReferenceListSchema,
  userReferenceResponseSchema,
} from '../documents.ts';
import { endpoint, UPLOAD_FIELD } from '../endpoint.ts';
import { documentPaths } from '../paths.ts';

export const listMine = endpoint({
  method: 'GET',
  path: documentPaths.listMy,
  access: ['patient'],
  summary: "The patient's own documents",
  responses: { 200: userReferenceListSchema },
});

export const upload = endpoint({
  method: 'POST',
  path: documentPaths.createMy,
  access: ['patient'],
  summary: 'Upload a document (PDF, JPEG, PNG or HEIC); it keeps the sent file name',
  upload: { field: UPLOAD_FIELD, maxBytes: DOCUMENT_MAX_BYTES },
  responses: { 201: userReferenceResponseSchema },
  errors: ['DOCUMENT_LIMIT_REACHED'],
});

/** Only the reviewing doctor sets it; the owner sees the status but may not set it. */
export const setStatus = endpoint({
  method: 'PATCH',
  path: documentPaths.reference,
  access: ['patient', 'doctor'],
  summary: "Set a document's review status",
  params: idParamsSchema,
  body: updateUserReferenceBodySchema,
  responses: { 200: userReferenceResponseSchema },
});

export const removeMine = endpoint({
  method: 'DELETE',
  path: documentPaths.deleteMy,
  access: ['patient'],
  summary: "Delete one of the patient's own documents",
  params: idParamsSchema,
  responses: { 200: userReferenceResponseSchema },
});

export const ofPatient = endpoint({
  method: 'GET',
  path: documentPaths.ofPatient,
  access: ['doctor', 'operator'],
  summary: "A patient's documents, for its doctors, operators and admins (audited)",
  params: idParamsSchema,
  responses: { 200: userReferenceListSchema },
});

/** Saved under its name; `?disposition=inline` asks to show it (the web viewer, a browser tab). */
export const file = endpoint({
  method: 'GET',
  path: documentPaths.file,
  access: ['patient', 'doctor', 'operator'],
  summary: "A document's file",
  params: idParamsSchema,
  query: documentFileQuerySchema,
  responses: { 200: { file: 'application/octet-stream' } },
});
