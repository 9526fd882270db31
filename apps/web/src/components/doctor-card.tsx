import { Avatar, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Doctor } from '@rozmova/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { doctorName, languageText, specialisationText } from '../lib/doctors.ts';
import { initials } from '../lib/initials.ts';
import { SkeletonLine } from './skeleton-line.tsx';
import { numberText, priceText } from '../lib/format.ts';

interface Props {
  doctor: Doctor;
  /** The heading level of the doctor's name in the page. */
  order?: 2 | 3;
  /** Buttons under the card's text, e.g. "Book". */
  actions?: ReactNode;
  /** Whether to show the biography (the lists do, the booking summary does not). */
  withBio?: boolean;
  selected?: boolean;
}

/** A doctor: photo or initials (docs/product.md §9), specialisations, experience, languages, rating and price. */
export function DoctorCard({ doctor, order = 2, actions, withBio = true, selected = false }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const bio = (locale === 'uk' ? doctor.bio.uk : doctor.bio.en) || doctor.bio.uk || doctor.bio.en;
  const headingId = `doctor-${doctor.id}`;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={doctor.photo_url} alt="" size={64} radius="xl" color="brand" variant="filled" aria-hidden="true">
            {initials(doctor.user_name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={order} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {doctorName(doctor, locale)}
            </Title>
            <Group gap={6} mt={6}>
              {doctor.specialisations.map((specialisation) => (
                <Badge key={specialisation} variant="outline" color="gray" c="var(--mantine-color-text)" tt="none">
                  {specialisationText(specialisation, locale)}
                </Badge>
              ))}
            </Group>
          </div>
        </Group>
        <Stack gap={4}>
          <Text size="sm">
            <Text span fw={600}>
              {t('specialists.price')}:
            </Text>{' '}
            {doctor.price ? priceText(doctor.price, locale) : t('specialists.free')} ·{' '}
            {t('specialists.minutes', { count: doctor.consultation_minutes })}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t('specialists.rating')}:
            </Text>{' '}
            {doctor.rating === null
              ? t('specialists.noRating')
              : t('specialists.ratingValue', {
                  rating: numberText(doctor.rating, locale),
                  count: doctor.rating_count,
                })}
          </Text>
          {doctor.experience_years > 0 && (
            <Text size="sm">
              <Text span fw={600}>
                {t('specialists.experience')}:
              </Text>{' '}
              {doctor.experience_years}
            </Text>
          )}
          {doctor.languages.length > 0 && (
            <Text size="sm">
              <Text span fw={600}>
                {t('specialists.languages')}:
              </Text>{' '}
              {doctor.languages.map((code) => languageText(code, locale)).join(', ')}
            </Text>
          )}
        </Stack>
        {withBio && bio && (
          <Text size="sm" lineClamp={4}>
            {bio}
          </Text>
        )}
        {actions && (
          <Group gap="sm" mt="auto">
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A list card's stand-in while the doctors load: the card's parts at their sizes (photo, name, a specialisation, four
 * lines of details and four of the biography, a button), so the cards take the place it held.
 */
export function DoctorCardSkeleton() {
  return (
    <Card withBorder padding="lg" aria-hidden="true">
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Skeleton height={64} width={64} radius="xl" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height="calc(var(--mantine-font-size-lg) * var(--mantine-h2-line-height))" width="70%" />
            <Skeleton height={20} width={96} radius="xl" />
          </Stack>
        </Group>
        <Stack gap={4}>
          {['55%', '45%', '30%', '50%'].map((width, index) => (
            <SkeletonLine key={index} size="sm" width={width} />
          ))}
        </Stack>
        <Stack gap={2}>
          {['100%', '100%', '100%', '65%'].map((width, index) => (
            <SkeletonLine key={index} size="sm" width={width} />
          ))}
        </Stack>
        <Skeleton height={36} width={96} mt="auto" />
      </Stack>
    </Card>
  );
}
