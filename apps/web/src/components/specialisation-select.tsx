import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { specialisations, type Specialisation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { specialisationOf, specialisationText } from '../lib/doctors.ts';

interface Props extends Omit<NativeSelectProps, 'value' | 'onChange' | 'data'> {
  value: Specialisation | undefined;
  /** `undefined` for "All specialisations". */
  onChange: (value: Specialisation | undefined) => void;
}

/** The specialisation filter of a list of doctors: every specialisation, or all of them. */
export function SpecialisationSelect({ value, onChange, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <NativeSelect
      label={t('booking.step1.specialisation')}
      value={value ?? ''}
      onChange={(event) => onChange(specialisationOf(event.currentTarget.value))}
      data={[
        { value: '', label: t('booking.step1.allSpecialisations') },
        ...specialisations.map((item) => ({ value: item, label: specialisationText(item, locale) })),
      ]}
      {...props}
    />
  );
}
