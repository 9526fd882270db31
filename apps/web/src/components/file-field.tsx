import { FileInput, type FileInputProps } from '@mantine/core';
import { documentContentTypes } from '@rozmova/contracts';
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from './line-icon.tsx';

/** What a document may be (PDF, JPEG, PNG, HEIC/HEIF): the types and their extensions, for the file chooser. */
export const DOCUMENT_ACCEPT = [...documentContentTypes, '.pdf', '.jpg', '.jpeg', '.png', '.heic', '.heif'].join(',');

type FileFieldProps = Omit<FileInputProps, 'placeholder' | 'multiple' | 'id'>;

/**
 * One file: a button that says "Choose file" until a file is chosen and then shows its name (Enter or Space opens the
 * chooser), a document's types by default. Screen readers hear the label and what the button shows.
 */
export const FileField = forwardRef<HTMLButtonElement, FileFieldProps>(function FileField({ accept = DOCUMENT_ACCEPT, ...props }, ref) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FileInput
      ref={ref}
      id={id}
      aria-labelledby={`${id}-label ${id}`}
      accept={accept}
      placeholder={t('common.chooseFile')}
      leftSection={
        <LineIcon size={18}>
          <path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8.5-8.5" />
        </LineIcon>
      }
      clearButtonProps={{ 'aria-label': t('common.removeFile') }}
      // It says what the button does, so it reads as text, not as a faint hint.
      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
      {...props}
    />
  );
});
