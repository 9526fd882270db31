import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { QuizLevel, Specialisation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DoctorList } from '../../components/doctor-list.tsx';
import { SpecialisationSelect } from '../../components/specialisation-select.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { specialisationOf, specialisationText, useDoctors } from '../../lib/doctors.ts';
import { cardIdOf, latestRecommendation, usePatientCard } from '../../lib/patient-card.ts';
import { updateDraft } from './draft.ts';
import type { StepProps } from './step-props.ts';
import { stepPath } from './steps.ts';

/** What the latest self-check level suggests (docs/product.md: the quiz level can suggest a specialist). */
export const suggestedSpecialisations = (level: QuizLevel | undefined): Specialisation[] =>
  level === 'red' ? ['psychotherapist', 'psychiatrist'] : level === 'yellow' ? ['psychologist'] : [];

/** Step 1: the list of specialists with search and a specialisation filter (both kept in the URL). */
export function SpecialistStep({ user, draft, current }: StepProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const specialisation = specialisationOf(params.get('specialisation'));
  const search = params.get('q') ?? '';
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const doctors = useDoctors({ specialisation, search: debouncedSearch });
  const card = usePatientCard(cardIdOf(user));
  const suggested = suggestedSpecialisations(latestRecommendation(card.data)?.quiz_recommendation_level);

  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const choose = (doctorId: string) => {
    updateDraft(user.id, { doctorId, slot: draft.doctorId === doctorId ? draft.slot : undefined });
    void navigate(stepPath(2));
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.step1.title')}</Title>
      {current && (
        <Alert color="brand" variant="light" role="status">
          <Text size="sm">
            {t('booking.step1.haveCurrent', {
              doctor: current.doctor.user_name,
              date: appointmentDateText(current.appointment_date, locale),
            })}{' '}
            <Anchor component={Link} to={stepPath(5)} inherit fw={700} c="var(--mantine-color-text)" underline="always">
              {t('booking.step1.openCurrent')}
            </Anchor>
          </Text>
        </Alert>
      )}
      {suggested.length > 0 && (
        <Alert color="gray" variant="light" title={t('booking.step1.suggestionTitle')}>
          <Stack gap="xs">
            <Text size="sm">
              {t('booking.step1.suggestionText', {
                names: suggested.map((item) => specialisationText(item, locale)).join(t('booking.step1.or')),
              })}
            </Text>
            <Group gap="xs">
              {suggested.map((item) => (
                <Button
                  key={item}
                  size="xs"
                  variant={item === specialisation ? 'filled' : 'default'}
                  onClick={() => setParam('specialisation', item)}
                >
                  {t('booking.step1.showOnly', { name: specialisationText(item, locale) })}
                </Button>
              ))}
            </Group>
          </Stack>
        </Alert>
      )}
      <Group align="flex-end" gap="md" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={t('booking.step1.search')}
          type="search"
          value={search}
          onChange={(event) => setParam('q', event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <SpecialisationSelect
          value={specialisation}
          onChange={(value) => setParam('specialisation', value)}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>
      <DoctorList
        doctors={doctors}
        cols={{ base: 1, sm: 2 }}
        selectedId={draft.doctorId}
        withCount
        whenEmpty={
          (specialisation || search) && (
            <Button variant="default" onClick={() => setParams({}, { replace: true })}>
              {t('booking.step1.showAll')}
            </Button>
          )
        }
        actions={(doctor) => (
          <Button onClick={() => choose(doctor.id)} aria-label={t('booking.step1.chooseNamed', { name: doctor.user_name })}>
            {t('booking.step1.choose')}
          </Button>
        )}
      />
    </Stack>
  );
}
