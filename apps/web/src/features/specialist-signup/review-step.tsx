import { Button, Group, Stack, Text } from '@mantine/core';
import type { SpecialistApplication } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { LabelledText } from '../../components/labelled-text.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { languageText, specialisationText } from '../../lib/doctors.ts';
import { useSubmitApplication } from './api.ts';
import { SignUpSteps } from './sign-up-steps.tsx';

/** Step 4: the whole application once more, then it goes to the admins for review. */
export function ReviewStep({ application, onEdit }: { application: SpecialistApplication; onEdit: (step: 'profile' | 'diploma') => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const submit = useSubmitApplication();
  return (
    <SectionCard title={t('specialistSignUp.reviewTitle')}>
      <SignUpSteps current="review" />
      <Text size="sm">{t('specialistSignUp.reviewText')}</Text>
      <Stack gap="xs">
        <LabelledText label={t('specialistSignUp.nameUk')}>{application.user_name}</LabelledText>
        <LabelledText label={t('specialistSignUp.nameEn')}>{application.name_en}</LabelledText>
        <LabelledText label={t('specialistSignUp.specialisations')}>
          {application.specialisations.map((item) => specialisationText(item, locale)).join(', ')}
        </LabelledText>
        <LabelledText label={t('specialistSignUp.bioUk')}>{application.bio.uk}</LabelledText>
        <LabelledText label={t('specialistSignUp.bioEn')}>{application.bio.en}</LabelledText>
        <LabelledText label={t('specialistSignUp.languages')}>
          {application.languages.map((code) => languageText(code, locale)).join(', ')}
        </LabelledText>
        <LabelledText label={t('specialistSignUp.experience')}>{application.experience_years}</LabelledText>
        <LabelledText label={t('specialistSignUp.diplomaFile')}>{application.diploma?.file_name ?? '—'}</LabelledText>
      </Stack>
      <FormError error={submit.error} />
      <Group gap="sm">
        <Button variant="default" onClick={() => onEdit('profile')}>
          {t('specialistSignUp.editProfile')}
        </Button>
        <Button variant="default" onClick={() => onEdit('diploma')}>
          {t('specialistSignUp.editDiploma')}
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('specialistSignUp.submit')}
        </Button>
      </Group>
    </SectionCard>
  );
}
