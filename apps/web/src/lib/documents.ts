import { documentsApi, type UserReference, type UserReferenceList } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { call } from './api-client.ts';
import { dateLabel } from './dates.ts';
import { downloadBlob, uploadFile } from './files.ts';
import { putFresh, queryKeys } from './query-keys.ts';
import { numberText } from './format.ts';

/** A document as the cabinet lists it (docs/product.md §3): with its readable name and `reference_createdAt_label` (dd.MM.YY). */
export interface ListedReference extends UserReference {
  name: string;
  reference_createdAt_label: string;
}

/** The stored name is URL-encoded (docs/product.md §5). */
export function readableName(file: string): string {
  try {
    return decodeURIComponent(file);
  } catch {
    return file;
  }
}

export const toListedReference = (reference: UserReference): ListedReference => ({
  ...reference,
  name: readableName(reference.file),
  reference_createdAt_label: dateLabel(reference.createdAt),
});

export function useMyReferences() {
  return useQuery({
    queryKey: queryKeys.documents.mine,
    queryFn: ({ signal }) => call(documentsApi.listMine, { signal }),
    select: (data) => ({ count: data.count, references: data.userReferences.map(toListedReference) }),
  });
}

/** A patient's documents as staff who may read them see them (the API audits each read). */
export function usePatientReferences(patientId: string) {
  return useQuery({
    queryKey: queryKeys.documents.ofPatient(patientId),
    queryFn: ({ signal }) => call(documentsApi.ofPatient, { params: { id: patientId }, signal }),
    select: (data) => data.userReferences.map(toListedReference),
  });
}

/** A doctor of the patient (or an admin) marks a document reviewed or new again. */
export function useReviewReference(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserReference['status'] }) =>
      call(documentsApi.setStatus, { params: { id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.documents.ofPatient(patientId) }),
  });
}

export function useUploadReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: { file: File; onProgress: (percent: number) => void; signal: AbortSignal }) =>
      uploadFile(documentsApi.upload, { file, onProgress, signal }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.documents.mine }),
  });
}

export function useDeleteReference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(documentsApi.removeMine, { params: { id } }),
    // Removed from the list as soon as the server says OK (docs/product.md §7).
    onSuccess: (_data, id) =>
      putFresh<UserReferenceList>(
        client,
        queryKeys.documents.mine,
        (list) => list && { userReferences: list.userReferences.filter((item) => item.id !== id), count: Math.max(0, list.count - 1) },
      ),
  });
}

/** A document's bytes for the viewer, fetched with the session (a plain link or frame could not send it). */
export function useDocumentFile(id: string) {
  return useQuery({
    queryKey: queryKeys.documents.file(id),
    queryFn: () => downloadBlob(documentsApi.file, { params: { id }, query: { disposition: 'inline' } }),
    // A document's bytes never change; they are dropped once the viewer closes.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** A file's size in the reader's language, in the units the upload hint names ("1 КБ", "2,5 МБ"; "1 KB", "2.5 MB"). */
export function sizeText(t: TFunction, bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 0.1
    ? t('documents.size.mb', { size: numberText(megabytes, language) })
    : t('documents.size.kb', { size: numberText(Math.max(1, Math.round(bytes / 1024)), language) });
}
