import { SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import type { Doctor } from '@rozmova/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DoctorCard, DoctorCardSkeleton } from './doctor-card.tsx';
import { FormError } from './form-error.tsx';

/** Two rows at three columns, and past the bottom of a phone's screen at one: the page below stays where it will be. */
const SKELETON_CARDS = 6;

interface Props {
  /** The result of `useDoctors`. */
  doctors: { data: Doctor[] | undefined; error: unknown };
  cols: SimpleGridProps['cols'];
  /** The buttons of a doctor's card. */
  actions: (doctor: Doctor) => ReactNode;
  selectedId?: string;
  /** Say above the cards how many were found (where a search narrows the list). */
  withCount?: boolean;
  /** Shown under "no specialists found", e.g. a way back to the whole list. */
  whenEmpty?: ReactNode;
}

/** The doctors a list query found, as cards: or its error, its loading, or that none was found. */
export function DoctorList({ doctors, cols, actions, selectedId, withCount = false, whenEmpty }: Props) {
  const { t } = useTranslation();
  if (doctors.error) return <FormError error={doctors.error} />;
  if (!doctors.data) {
    return (
      <SimpleGrid cols={cols} spacing="lg" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <DoctorCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  }
  if (doctors.data.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text role="status">{t('booking.step1.none')}</Text>
        {whenEmpty}
      </Stack>
    );
  }
  return (
    <>
      {withCount && (
        <Text size="sm" role="status">
          {t('booking.step1.found', { count: doctors.data.length })}
        </Text>
      )}
      <SimpleGrid cols={cols} spacing="lg">
        {doctors.data.map((doctor) => (
          <DoctorCard key={doctor.id} doctor={doctor} selected={doctor.id === selectedId} actions={actions(doctor)} />
        ))}
      </SimpleGrid>
    </>
  );
}
