import { Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useCurrentAppointment, usePatientAppointments } from '../../lib/appointments.ts';
import { appPaths } from '../../lib/paths.ts';
import { usePatient } from './api.ts';
import { OperatorNav } from './operator-nav.tsx';
import { BookModal, CancelModal, RescheduleModal } from './patient-booking-modals.tsx';
import { splitAppointments } from './patient-bookings.ts';
import { AppointmentLine, Documents } from './patient-panel.tsx';
import { Profile, SelfCheck } from './patient-summary.tsx';
import './operator.css';

type Dialog = { kind: 'book' | 'urgent' } | { kind: 'reschedule' | 'cancel'; appointment: Appointment } | undefined;

/**
 * /operator/patients/:patientId: the patient's profile and card, the appointments, and what an operator does for the
 * patient: book (also an urgent consultation at any minute from now), move or cancel, and open the chat.
 * Every read of the patient's data is audited by the API.
 */
export function OperatorPatientPage() {
  const { t } = useTranslation();
  const patientId = useParams().patientId!;
  const patient = usePatient(patientId);
  const [dialog, setDialog] = useState<Dialog>();
  const { current } = useCurrentAppointment(patientId);
  const close = () => setDialog(undefined);

  return (
    <Stack gap="md">
      <OperatorNav />
      {patient.error && <FormError error={patient.error} />}
      {!patient.data && !patient.error && <Loader role="status" aria-label={t('common.loading')} />}
      {patient.data && (
        <>
          <Group justify="space-between" gap="sm" align="flex-start">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {patient.data.user_name}
            </Title>
            <Group gap="xs">
              <Button onClick={() => setDialog({ kind: 'book' })}>{t('operatorConsole.patient.book')}</Button>
              <Button color="danger" variant="light" onClick={() => setDialog({ kind: 'urgent' })}>
                {t('operatorConsole.patient.urgent')}
              </Button>
              <Button component={Link} to={appPaths.operator({ patient: patientId })} variant="default">
                {t('operatorConsole.patient.openChat')}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <SectionCard title={t('operatorConsole.patient.about')}>
              <Profile patient={patient.data} />
              <SelfCheck cardId={patient.data.patient_cardId} />
              <Documents patientId={patientId} />
            </SectionCard>
            <Appointments patientId={patientId} onChange={setDialog} />
          </SimpleGrid>
        </>
      )}
      {(dialog?.kind === 'book' || dialog?.kind === 'urgent') && (
        <BookModal
          patientId={patientId}
          cardId={patient.data?.patient_cardId}
          urgent={dialog.kind === 'urgent'}
          current={current}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reschedule' && <RescheduleModal appointment={dialog.appointment} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelModal appointment={dialog.appointment} onClose={close} />}
    </Stack>
  );
}

function Appointments({ patientId, onChange }: { patientId: string; onChange: (dialog: Dialog) => void }) {
  const { t } = useTranslation();
  const appointments = usePatientAppointments(patientId);
  const { upcoming, past } = splitAppointments(appointments.data ?? []);
  return (
    <SectionCard title={t('operatorConsole.patient.appointments')}>
      <FormError error={appointments.error} />
      {appointments.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {appointments.data && (
        <>
          <Title order={3} fz="md">
            {t('operatorConsole.patient.upcoming')}
          </Title>
          {upcoming.length === 0 && <Text size="sm">{t('operatorConsole.patient.noUpcoming')}</Text>}
          <AppointmentList appointments={upcoming} onChange={onChange} />
          <Title order={3} fz="md">
            {t('operatorConsole.patient.past')}
          </Title>
          {past.length === 0 && <Text size="sm">{t('operatorConsole.patient.noPast')}</Text>}
          <AppointmentList appointments={past} onChange={onChange} />
        </>
      )}
    </SectionCard>
  );
}

function AppointmentList({ appointments, onChange }: { appointments: Appointment[]; onChange: (dialog: Dialog) => void }) {
  const { t, i18n } = useTranslation();
  if (appointments.length === 0) return null;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {appointments.map((appointment) => {
        const date = appointmentDateText(appointment.appointment_date, i18n.resolvedLanguage ?? 'en');
        return (
          <li key={appointment.id} className="operator-result" data-testid="operator-appointment">
            <AppointmentLine appointment={appointment}>
              {appointment.appointment_urgent && (
                <Badge size="xs" variant="light" color="danger">
                  {t('operatorConsole.patient.urgentBadge')}
                </Badge>
              )}
            </AppointmentLine>
            {appointment.appointment_status === 'scheduled' && (
              <Group gap="xs" mt={4}>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('operatorConsole.patient.rescheduleNamed', { date })}
                  onClick={() => onChange({ kind: 'reschedule', appointment })}
                >
                  {t('operatorConsole.patient.reschedule')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="danger"
                  aria-label={t('operatorConsole.patient.cancelNamed', { date })}
                  onClick={() => onChange({ kind: 'cancel', appointment })}
                >
                  {t('operatorConsole.patient.cancel')}
                </Button>
              </Group>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
