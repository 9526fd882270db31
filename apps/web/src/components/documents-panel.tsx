import { Alert, Button, FileButton, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DOCUMENT_MAX_BYTES, DOCUMENTS_PER_PATIENT } from '@rozmova/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error.tsx';
import { errorText } from '../lib/api-errors.ts';
import {
  readableName,
  sizeText,
  useDeleteReference,
  useMyReferences,
  usePatientReferences,
  useReviewReference,
  useUploadReference,
  type ListedReference,
} from '../lib/documents.ts';
import { DocumentViewer } from './document-viewer.tsx';
import { SectionCard } from './section-card.tsx';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic,.heif';
const ACCEPTED_NAME = /\.(pdf|jpe?g|png|heic|heif)$/i;

/** A check before sending 20 MB for nothing; the server checks the content again. */
function localProblem(file: File): 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | null {
  if (file.size > DOCUMENT_MAX_BYTES) return 'PAYLOAD_TOO_LARGE';
  if (!ACCEPTED_NAME.test(file.name)) return 'UNSUPPORTED_MEDIA_TYPE';
  return null;
}

/**
 * The patient's documents, shared by the cabinet's Documents tab and the upload block of booking step 3:
 * upload with progress, the list with names, dates as dd.MM.YY and sizes, the viewer, and delete (with a confirmation).
 */
export function DocumentsPanel({ titleOrder = 2 }: { titleOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const references = useMyReferences();
  const [toDelete, setToDelete] = useState<ListedReference | null>(null);
  const [viewing, setViewing] = useState<ListedReference | null>(null);
  const limitReached = (references.data?.count ?? 0) >= DOCUMENTS_PER_PATIENT;

  return (
    <Stack gap="lg">
      <UploadCard disabled={limitReached} titleOrder={titleOrder} />
      <SectionCard title={t('documents.listTitle')} titleId="documents-list-title" titleOrder={titleOrder}>
        {references.error ? (
          <FormError error={references.error} />
        ) : !references.data ? (
          <Loader role="status" aria-label={t('common.loading')} />
        ) : references.data.references.length === 0 ? (
          <Text>{t('documents.empty')}</Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {references.data.references.map((reference) => (
              <DocumentRow
                key={reference.id}
                reference={reference}
                onOpen={() => setViewing(reference)}
                onDelete={() => setToDelete(reference)}
              />
            ))}
          </Stack>
        )}
        {limitReached && <Text size="sm">{t('documents.limitReached', { limit: DOCUMENTS_PER_PATIENT })}</Text>}
      </SectionCard>
      {toDelete && <DeleteModal reference={toDelete} onClose={() => setToDelete(null)} />}
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

interface RowProps {
  reference: ListedReference;
  onOpen: () => void;
  /** The patient's own list: delete. */
  onDelete?: () => void;
  /** A reviewer's list: the status and the button that changes it. */
  review?: { pending: boolean; onToggle: () => void };
}

/**
 * A patient's documents as a doctor of the patient sees them: open in the viewer (the API audits it) and mark
 * reviewed or new again.
 */
export function PatientDocumentsPanel({ patientId, titleOrder = 2 }: { patientId: string; titleOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const references = usePatientReferences(patientId);
  const [viewing, setViewing] = useState<ListedReference | null>(null);
  const review = useReviewReference(patientId);
  const showError = (error: unknown) => notifications.show({ color: 'danger', message: errorText(t, error) });
  return (
    <SectionCard title={t('documents.patientTitle')} titleId="patient-documents-title" titleOrder={titleOrder}>
      {references.error ? (
        <FormError error={references.error} />
      ) : !references.data ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : references.data.length === 0 ? (
        <Text>{t('documents.patientEmpty')}</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
          {references.data.map((reference) => (
            <DocumentRow
              key={reference.id}
              reference={reference}
              onOpen={() => setViewing(reference)}
              review={{
                pending: review.isPending && review.variables?.id === reference.id,
                onToggle: () =>
                  review.mutate({ id: reference.id, status: reference.status === 'new' ? 'reviewed' : 'new' }, { onError: showError }),
              }}
            />
          ))}
        </Stack>
      )}
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </SectionCard>
  );
}

function DocumentRow({ reference, onOpen, onDelete, review }: RowProps) {
  const { t, i18n } = useTranslation();
  return (
    <Group component="li" justify="space-between" gap="sm" py="sm" className="document-row">
      <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {reference.name}
        </Text>
        <Text size="sm">
          {t('documents.added', { date: reference.reference_createdAt_label })} ·{' '}
          {sizeText(t, reference.size, i18n.resolvedLanguage ?? 'en')}
          {review && ` · ${t(`documents.status.${reference.status}`)}`}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="sm" onClick={onOpen} aria-label={t('documents.openNamed', { name: reference.name })}>
          {t('documents.open')}
        </Button>
        {onDelete && (
          <Button
            variant="outline"
            color="danger"
            size="sm"
            onClick={onDelete}
            aria-label={t('documents.deleteNamed', { name: reference.name })}
          >
            {t('documents.delete')}
          </Button>
        )}
        {review && (
          <Button
            variant={reference.status === 'new' ? 'filled' : 'default'}
            size="sm"
            onClick={review.onToggle}
            loading={review.pending}
            aria-label={t(reference.status === 'new' ? 'documents.markReviewedNamed' : 'documents.markNewNamed', { name: reference.name })}
          >
            {t(reference.status === 'new' ? 'documents.markReviewed' : 'documents.markNew')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

function UploadCard({ disabled, titleOrder }: { disabled: boolean; titleOrder: 2 | 3 }) {
  const { t } = useTranslation();
  const upload = useUploadReference();
  const [progress, setProgress] = useState(0);
  const [fileName, setFileName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const reset = useRef<() => void>(null);

  const start = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    upload.reset();
    const local = localProblem(file);
    setProblem(local);
    if (local) return;
    setFileName(file.name);
    setProgress(0);
    abort.current = new AbortController();
    upload.mutate(
      { file, onProgress: setProgress, signal: abort.current.signal },
      {
        onSuccess: ({ userReference }) =>
          notifications.show({ message: t('documents.uploaded', { name: readableName(userReference.file) }) }),
      },
    );
  };
  const cancelled = upload.error instanceof DOMException && upload.error.name === 'AbortError';

  return (
    <SectionCard title={t('documents.uploadTitle')} titleId="documents-upload-title" titleOrder={titleOrder}>
      <Text size="sm">{t('documents.uploadHint')}</Text>
      <Group gap="sm">
        <FileButton onChange={start} accept={ACCEPT} resetRef={reset} disabled={disabled || upload.isPending}>
          {(props) => (
            <Button {...props} disabled={disabled || upload.isPending}>
              {t('documents.upload')}
            </Button>
          )}
        </FileButton>
        {upload.isPending && (
          <Button variant="default" onClick={() => abort.current?.abort()}>
            {t('documents.cancelUpload')}
          </Button>
        )}
      </Group>
      {upload.isPending && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            {t('documents.uploading', { name: fileName, percent: progress })}
          </Text>
          <Progress value={progress} aria-label={t('documents.uploadProgress')} />
        </Stack>
      )}
      {problem && (
        <Alert color="danger" role="alert">
          {t(`errors.code.${problem}`)}
        </Alert>
      )}
      {cancelled ? <Text size="sm">{t('documents.uploadCancelled')}</Text> : <FormError error={upload.error} />}
    </SectionCard>
  );
}

function DeleteModal({ reference, onClose }: { reference: ListedReference; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteReference();
  return (
    <Modal opened onClose={onClose} title={t('documents.deleteTitle')}>
      <Stack gap="sm">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('documents.deleteText', { name: reference.name })}</Text>
        <FormError error={remove.error} />
        <Button
          color="danger"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(reference.id, {
              onSuccess: () => {
                notifications.show({ message: t('documents.deleted', { name: reference.name }) });
                onClose();
              },
            })
          }
        >
          {t('documents.deleteConfirm')}
        </Button>
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
