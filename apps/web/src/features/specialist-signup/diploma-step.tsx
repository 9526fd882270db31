import { Button, Group, Text } from '@mantine/core';
import { DIPLOMA_MAX_BYTES, type SpecialistApplication } from '@rozmova/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField } from '../../components/file-field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useUploadDiploma } from './api.ts';
import { SignUpSteps } from './sign-up-steps.tsx';
import { numberText } from '../../lib/format.ts';

const megabytes = (bytes: number, locale: string) => numberText(bytes / 1024 / 1024, locale);

/**
 * Step 3: the diploma or licence (a document's types: PDF, JPEG, PNG, HEIC); the server checks the type from the
 * content. Continue is always there: with a file it uploads it, without one it goes on only when a diploma is kept.
 */
export function DiplomaStep({
  application,
  onBack,
  onDone,
}: {
  application: SpecialistApplication;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const upload = useUploadDiploma();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLButtonElement>(null);
  const tooLarge = file !== null && file.size > DIPLOMA_MAX_BYTES;
  const diploma = application.diploma;

  const next = () => {
    if (file) {
      upload.mutate(file, {
        onSuccess: () => {
          setFile(null);
          onDone();
        },
      });
    } else if (diploma) {
      onDone();
    } else {
      setMissing(true);
      field.current?.focus();
    }
  };

  return (
    <SectionCard title={t('specialistSignUp.diplomaTitle')}>
      <SignUpSteps current="diploma" />
      <Text size="sm">{t('specialistSignUp.diplomaText', { size: DIPLOMA_MAX_BYTES / 1024 / 1024 })}</Text>
      {diploma && (
        <Text size="sm" role="status">
          {t('specialistSignUp.diplomaUploaded', { type: diploma.file_name, size: megabytes(diploma.size, locale) })}
        </Text>
      )}
      <FileField
        ref={field}
        label={t(diploma ? 'specialistSignUp.diplomaReplace' : 'specialistSignUp.diplomaFile')}
        withAsterisk={!diploma}
        value={file}
        onChange={(chosen) => {
          upload.reset();
          setMissing(false);
          setFile(chosen);
        }}
        error={tooLarge ? t('errors.code.PAYLOAD_TOO_LARGE') : missing ? t('specialistSignUp.diplomaMissing') : undefined}
      />
      <FormError error={upload.error} />
      <Group gap="sm">
        <Button variant="default" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button loading={upload.isPending} disabled={tooLarge} onClick={next}>
          {t(file ? 'specialistSignUp.diplomaUpload' : 'specialistSignUp.continue')}
        </Button>
      </Group>
    </SectionCard>
  );
}
