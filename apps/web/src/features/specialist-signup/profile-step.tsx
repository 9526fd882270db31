import { Checkbox, Group, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  consultationLanguages,
  specialisations,
  type SpecialistApplication,
  type UpdateSpecialistApplicationBody,
} from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { languageText, specialisationText } from '../../lib/doctors.ts';
import { useSaveApplication } from './api.ts';
import { SignUpSteps } from './sign-up-steps.tsx';

/** Step 2: the profile patients will see, in both languages; the form starts from what was saved (or rejected). */
export function ProfileStep({ application, onDone }: { application: SpecialistApplication; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const save = useSaveApplication();
  const form = useForm({
    initialValues: {
      user_name: application.user_name,
      name_en: application.name_en,
      specialisations: application.specialisations as string[],
      bio_uk: application.bio.uk,
      bio_en: application.bio.en,
      languages: application.languages,
      experience_years: application.experience_years as number | string,
    },
    validate: {
      user_name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      name_en: (value) => (value.trim() ? null : t('specialistSignUp.required')),
      specialisations: (value) => (value.length > 0 ? null : t('specialistSignUp.chooseOne')),
      bio_uk: (value) => (value.trim() ? null : t('specialistSignUp.required')),
      bio_en: (value) => (value.trim() ? null : t('specialistSignUp.required')),
      languages: (value) => (value.length > 0 ? null : t('specialistSignUp.chooseOne')),
      experience_years: (value) => (typeof value === 'number' ? null : t('specialistSignUp.required')),
    },
  });

  return (
    <SectionCard title={t('specialistSignUp.profileTitle')}>
      <SignUpSteps current="profile" />
      <MutationForm
        form={form}
        mutation={save}
        toVariables={(values): UpdateSpecialistApplicationBody => ({
          user_name: values.user_name.trim(),
          name_en: values.name_en.trim(),
          specialisations: values.specialisations as UpdateSpecialistApplicationBody['specialisations'],
          bio: { uk: values.bio_uk.trim(), en: values.bio_en.trim() },
          languages: values.languages,
          experience_years: Number(values.experience_years),
        })}
        mapFieldErrors={(errors) =>
          Object.fromEntries(Object.entries(errors).map(([field, text]) => [field.replace(/^bio\.(uk|en)$/, 'bio_$1'), text]))
        }
        onSuccess={onDone}
        submitLabel={t('specialistSignUp.saveAndContinue')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('specialistSignUp.nameUk')} autoComplete="name" required {...form.getInputProps('user_name')} />
          <TextInput
            label={t('specialistSignUp.nameEn')}
            description={t('specialistSignUp.nameEnHint')}
            required
            {...form.getInputProps('name_en')}
          />
        </SimpleGrid>
        <Checkbox.Group label={t('specialistSignUp.specialisations')} required {...form.getInputProps('specialisations')}>
          <Group gap="md" mt={6}>
            {specialisations.map((item) => (
              <Checkbox key={item} value={item} label={specialisationText(item, locale)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea label={t('specialistSignUp.bioUk')} autosize minRows={3} maxLength={4000} required {...form.getInputProps('bio_uk')} />
        <Textarea label={t('specialistSignUp.bioEn')} autosize minRows={3} maxLength={4000} required {...form.getInputProps('bio_en')} />
        <Checkbox.Group label={t('specialistSignUp.languages')} required {...form.getInputProps('languages')}>
          <Group gap="md" mt={6}>
            {consultationLanguages.map((code) => (
              <Checkbox key={code} value={code} label={languageText(code, locale)} />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput
          label={t('specialistSignUp.experience')}
          min={0}
          max={70}
          allowDecimal={false}
          allowNegative={false}
          required
          maw={240}
          {...form.getInputProps('experience_years')}
        />
      </MutationForm>
    </SectionCard>
  );
}
