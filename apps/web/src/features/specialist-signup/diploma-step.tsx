import { Button, FileInput, Group, Text } from '@mantine/core';
import { DIPLOMA_MAX_BYTES, type SpecialistApplication } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useUploadDiploma } from './api.ts';
import { SignUpSteps } from './sign-up-steps.tsx';

const megabytes = (bytes: number, locale: string) =>
  (bytes / 1024 / 1024).toLocaleString(locale === 'uk' ? 'uk-UA' : 'en-GB', { maximumFractionDigits: 1 });

/** Step 3: the diploma or licence (PDF, JPEG, PNG); the server checks the type from the content. */
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
  const tooLarge = file !== null && file.size > DIPLOMA_MAX_BYTES;
  const diploma = application.diploma;

  return (
    <SectionCard title={t('specialistSignUp.diplomaTitle')}>
      <SignUpSteps current="diploma" />
      <Text size="sm">{t('specialistSignUp.diplomaText', { size: DIPLOMA_MAX_BYTES / 1024 / 1024 })}</Text>
      {diploma && (
        <Text size="sm" role="status">
          {t('specialistSignUp.diplomaUploaded', { type: diploma.file_name, size: megabytes(diploma.size, locale) })}
        </Text>
      )}
      <FileInput
        label={t(diploma ? 'specialistSignUp.diplomaReplace' : 'specialistSignUp.diplomaFile')}
        accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
        value={file}
        onChange={(chosen) => {
          upload.reset();
          setFile(chosen);
        }}
        error={tooLarge ? t('errors.code.PAYLOAD_TOO_LARGE') : undefined}
      />
      <FormError error={upload.error} />
      <Group gap="sm">
        <Button variant="default" onClick={onBack}>
          {t('common.back')}
        </Button>
        {file && (
          <Button
            loading={upload.isPending}
            disabled={tooLarge}
            onClick={() =>
              upload.mutate(file, {
                onSuccess: () => {
                  setFile(null);
                  onDone();
                },
              })
            }
          >
            {t('specialistSignUp.diplomaUpload')}
          </Button>
        )}
        {!file && diploma && <Button onClick={onDone}>{t('specialistSignUp.continue')}</Button>}
      </Group>
    </SectionCard>
  );
}
