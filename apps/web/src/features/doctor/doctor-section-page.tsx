import { Anchor, Group, Loader, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DoctorSection } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { dateLabel } from '../../lib/dates.ts';
import { appPaths } from '../../lib/paths.ts';
import { DoctorNav, useConsoleDoctor } from './doctor-nav.tsx';
import { DoctorPicker } from './doctor-page.tsx';
import { useDoctorPatients, useDoctorReviews } from './patients-api.ts';
import { numberText } from '../../lib/format.ts';

/** /doctor/patients (My patients) and /doctor/ratings; an admin picks the doctor as on /doctor. */
export function DoctorSectionPage() {
  const { t } = useTranslation();
  const section = useParams().section as DoctorSection;
  const { doctorId, isAdmin } = useConsoleDoctor();
  const [params, setParams] = useSearchParams();
  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('doctorId', id);
    else next.delete('doctorId');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t(section === 'ratings' ? 'doctorPatients.ratings.title' : 'doctorPatients.list.title')}</Title>
      {isAdmin && <DoctorPicker value={doctorId} onChange={choose} />}
      <DoctorNav />
      {!doctorId ? (
        <Text>{t('doctor.chooseDoctor')}</Text>
      ) : section === 'ratings' ? (
        <Ratings key={doctorId} doctorId={doctorId} />
      ) : (
        <MyPatients key={doctorId} doctorId={doctorId} />
      )}
    </Stack>
  );
}

function MyPatients({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation();
  const { query: linkQuery } = useConsoleDoctor();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const patients = useDoctorPatients(doctorId, query, page);
  return (
    <Stack gap="md">
      <TextInput
        label={t('doctorPatients.list.search')}
        description={t('doctorPatients.list.searchHint')}
        type="search"
        value={search}
        maxLength={254}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={{ base: '100%', sm: 420 }}
      />
      <FormError error={patients.error} />
      {!patients.data ? (
        !patients.error && <Loader role="status" aria-label={t('common.loading')} />
      ) : patients.data.patients.length === 0 ? (
        <Text>{query ? t('doctorPatients.list.noMatch') : t('doctorPatients.list.empty')}</Text>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {t('doctorPatients.list.count', { count: patients.data.total })}
          </Text>
          <Table>
            <VisuallyHidden component="caption">{t('doctorPatients.list.title')}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('doctorPatients.list.name')}</Table.Th>
                <Table.Th scope="col">{t('doctorPatients.list.email')}</Table.Th>
                <Table.Th scope="col">{t('doctorPatients.list.phone')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {patients.data.patients.map((patient) => (
                <Table.Tr key={patient.id}>
                  <Table.Td>
                    <Anchor component={Link} to={appPaths.doctorPatient(patient.id, linkQuery)} style={{ overflowWrap: 'anywhere' }}>
                      {patient.user_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{patient.email}</Table.Td>
                  <Table.Td>{patient.phone ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager total={patients.data.total} pageSize={patients.data.page_size} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function Ratings({ doctorId }: { doctorId: string }) {
  const { t, i18n } = useTranslation();
  const reviews = useDoctorReviews(doctorId);
  if (!reviews.data) return reviews.error ? <FormError error={reviews.error} /> : <Loader role="status" aria-label={t('common.loading')} />;
  const { rating } = reviews.data;
  return (
    <Stack gap="md">
      <Text fz="lg" fw={600}>
        {rating.average === null
          ? t('doctor.noRating')
          : t('doctor.rating', { rating: numberText(rating.average, i18n.resolvedLanguage ?? 'en'), count: rating.count })}
      </Text>
      {reviews.data.reviews.length === 0 ? (
        <Text>{t('doctorPatients.ratings.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {reviews.data.reviews.map((review) => (
            <li key={review.id}>
              <Stack gap={2}>
                <Group gap="xs">
                  <Text span c="yellow.7" aria-hidden="true">
                    {'★'.repeat(review.feedback_rating) + '☆'.repeat(5 - review.feedback_rating)}
                  </Text>
                  <Text size="sm" fw={600}>
                    {t('doctorPatients.ratings.stars', { rating: review.feedback_rating })}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {review.feedback_user_name ?? t('doctorPatients.ratings.anonymous')} · {dateLabel(review.createdAt)}
                </Text>
                {review.feedback_comment && (
                  <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{review.feedback_comment}</Text>
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
