import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  consultationLanguages,
  DOCTOR_BIO_MAX,
  DOCTOR_NAME_EN_MAX,
  DOCTOR_PHOTO_URL_MAX,
  specialisations,
  type Doctor,
} from '@rozmova/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { languageText, specialisationText } from '../../lib/doctors.ts';
import { checklistTargets } from './profile-checklist.ts';
import { numberRanges, type ScheduleForm } from './schedule-form.ts';

export function ProfileCard({ form, doctor }: { form: ScheduleForm; doctor: Doctor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const languages = useMemo(
    () =>
      // Any other code the profile already has is added to the list.
      [...consultationLanguages, ...doctor.languages.filter((code) => !consultationLanguages.includes(code))].map((code) => ({
        code,
        label: languageText(code, language),
      })),
    [doctor.languages, language],
  );

  return (
    <SectionCard title={t('doctor.profileTitle')}>
      <Stack gap="md">
        <div id={checklistTargets.specialisations}>
          <Checkbox.Group label={t('doctor.specialisations')} {...form.getInputProps('specialisations')}>
            <Group gap="md" mt={6}>
              {specialisations.map((value) => (
                <Checkbox key={value} value={value} label={specialisationText(value, language)} />
              ))}
            </Group>
          </Checkbox.Group>
        </div>
        <Checkbox.Group label={t('doctor.languages')} {...form.getInputProps('languages')}>
          <Group gap="md" mt={6}>
            {languages.map(({ code, label }) => (
              <Checkbox key={code} value={code} label={label} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('doctor.experienceYears')}
            {...numberRanges.experience_years}
            allowDecimal={false}
            {...form.getInputProps('experience_years')}
          />
          <NumberInput
            id={checklistTargets.price}
            label={t('doctor.priceUah')}
            description={t('doctor.priceHint')}
            {...numberRanges.price}
            decimalScale={2}
            {...form.getInputProps('price')}
          />
        </SimpleGrid>
        <TextInput
          label={t('doctor.nameEn')}
          description={t('doctor.nameEnHint')}
          maxLength={DOCTOR_NAME_EN_MAX}
          autoComplete="off"
          {...form.getInputProps('name_en')}
        />
        <TextInput
          id={checklistTargets.photo}
          label={t('doctor.photoUrl')}
          type="url"
          inputMode="url"
          maxLength={DOCTOR_PHOTO_URL_MAX}
          {...form.getInputProps('photo_url')}
        />
        <Textarea
          id={checklistTargets.bio}
          label={t('doctor.bioUk')}
          autosize
          minRows={3}
          maxLength={DOCTOR_BIO_MAX}
          {...form.getInputProps('bio.uk')}
        />
        <Textarea label={t('doctor.bioEn')} autosize minRows={3} maxLength={DOCTOR_BIO_MAX} {...form.getInputProps('bio.en')} />
        <Checkbox
          id={checklistTargets.published}
          label={t('doctor.published')}
          description={t('doctor.publishedHint')}
          {...form.getInputProps('published', { type: 'checkbox' })}
        />
      </Stack>
    </SectionCard>
  );
}
