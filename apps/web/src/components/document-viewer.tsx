import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error.tsx';
import { useDocumentFile } from '../lib/documents.ts';
import './document-viewer.css';

/** A document the viewer opens: its id and its readable name. */
export interface ViewedDocument {
  id: string;
  name: string;
}

/** An address for the blob while the viewer shows it; released when it closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    // The URL is an outside resource made and revoked with the effect: made during the render, StrictMode's second
    // mount would show a URL its first cleanup had revoked.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the effect holds the URL's life, see above
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/**
 * A document in a dialog titled with its name (null: closed): a PDF in the browser's own viewer, an image as itself,
 * anything the browser cannot show with a line saying so; "Download" saves it under its name. It stays mounted, so
 * the dialog gives the focus back to the button that opened it.
 */
export function DocumentViewer({ document, onClose }: { document: ViewedDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  // The last document opened stays shown while the dialog fades out; its file is released after.
  const [shown, setShown] = useState(document);
  if (document && document.id !== shown?.id) setShown(document);

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      onExitTransitionEnd={() => setShown(null)}
      title={shown?.name}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 600 } }}
    >
      {shown && <ViewerContent document={shown} onClose={onClose} />}
    </Modal>
  );
}

function ViewerContent({ document, onClose }: { document: ViewedDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const file = useDocumentFile(document.id);
  const url = useObjectUrl(file.data);
  const [imageFailed, setImageFailed] = useState(false);
  const type = file.data?.type ?? '';
  // Phones without a built-in PDF viewer (Chrome on Android) would show an empty frame.
  const frame = type === 'application/pdf' && navigator.pdfViewerEnabled;
  const image = type.startsWith('image/') && !imageFailed;

  return (
    <Stack gap="md">
      {file.error ? (
        <FormError error={file.error} />
      ) : !url ? (
        <Loader role="status" aria-label={t('documents.viewer.loading')} mx="auto" />
      ) : frame ? (
        // The browser's own toolbar would name the file by its blob: address; the dialog's title and Download name it.
        <iframe src={`${url}#toolbar=0&navpanes=0&view=FitH`} title={document.name} className="document-viewer__frame" />
      ) : image ? (
        <img src={url} alt={document.name} className="document-viewer__image" onError={() => setImageFailed(true)} />
      ) : (
        <Text>{t('documents.viewer.notShown')}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        {url ? (
          <Button component="a" href={url} download={document.name}>
            {t('documents.download')}
          </Button>
        ) : (
          <Button disabled>{t('documents.download')}</Button>
        )}
      </Group>
    </Stack>
  );
}
