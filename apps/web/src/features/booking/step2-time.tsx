import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DoctorCard } from '../../components/doctor-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SlotPicker } from '../../components/slot-picker.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useDoctor } from '../../lib/doctors.ts';
import { updateDraft } from './draft.ts';
import type { StepProps } from './step-props.ts';
import { stepPath } from './steps.ts';

/** Step 2: the calendar and the doctor's free times. */
export function TimeStep({ user, patientId, draft, current }: StepProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const notice = draft.notice;
  const doctor = useDoctor(draft.doctorId);

  if (doctor.error) return <FormError error={doctor.error} />;
  if (!doctor.data) return <Loader role="status" aria-label={t('common.loading')} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.step2.title')}</Title>
      {notice && (
        <Alert color="yellow" role="alert" title={t('booking.step2.takenTitle')}>
          {t(`errors.code.${notice}`)}
        </Alert>
      )}
      {current && (
        <Alert color="brand" variant="light">
          {t('booking.step2.moving', { date: appointmentDateText(current.appointment_date, locale) })}
        </Alert>
      )}
      <DoctorCard
        doctor={doctor.data}
        withBio={false}
        actions={
          <Button component={Link} to={stepPath(1)} variant="default" size="sm">
            {t('booking.step2.otherSpecialist')}
          </Button>
        }
      />
      <section aria-labelledby="booking-time-title">
        <Title order={2} fz="xl" id="booking-time-title" mb="sm">
          {t('booking.step2.pickTitle')}
        </Title>
        <SlotPicker
          doctorId={doctor.data.id}
          patientId={patientId}
          horizonDays={doctor.data.horizon_days}
          value={draft.slot}
          onChange={(slot) => updateDraft(user.id, { slot, notice: undefined })}
        />
      </section>
      <Group gap="sm">
        <Button component={Link} to={stepPath(1)} variant="default">
          {t('common.back')}
        </Button>
        <Button disabled={!draft.slot} onClick={() => void navigate(stepPath(3))}>
          {t('booking.next')}
        </Button>
      </Group>
    </Stack>
  );
}
