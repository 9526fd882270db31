import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientAppointments } from '../../lib/appointments.ts';
import { appPaths } from '../../lib/paths.ts';
import { ReceiptModal } from './receipt-modal.tsx';

const isUpcoming = (item: Appointment) => item.appointment_status === 'scheduled' || item.appointment_status === 'running';
const hasReceipt = (item: Appointment) => item.appointment_paymentType === 'Patient' && item.appointment_paymentStatus === 'paid';

/** "My consultations": upcoming and past ones with the doctor, status, advice, receipt and booking the doctor again. */
export function ConsultationsTab({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const appointments = usePatientAppointments(patientId);
  const [receiptOf, setReceiptOf] = useState<string | null>(null);
  if (appointments.error) return <FormError error={appointments.error} />;
  if (!appointments.data) return <Loader role="status" aria-label={t('common.loading')} size="sm" />;
  const byDate = [...appointments.data].sort((a, b) => Date.parse(b.appointment_date) - Date.parse(a.appointment_date));
  const groups = [
    { key: 'upcoming', title: t('history.upcoming'), items: byDate.filter(isUpcoming).reverse(), none: t('history.noneUpcoming') },
    { key: 'past', title: t('history.past'), items: byDate.filter((item) => !isUpcoming(item)), none: t('history.nonePast') },
  ];
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Stack key={group.key} gap="sm" component="section" aria-labelledby={`consultations-${group.key}`}>
          <Title order={2} fz="lg" id={`consultations-${group.key}`}>
            {group.title}
          </Title>
          {group.items.length === 0 && <Text c="dimmed">{group.none}</Text>}
          {group.items.map((item) => (
            <ConsultationItem key={item.id} item={item} onReceipt={() => setReceiptOf(item.id)} />
          ))}
        </Stack>
      ))}
      <ReceiptModal appointmentId={receiptOf} onClose={() => setReceiptOf(null)} />
    </Stack>
  );
}

function ConsultationItem({ item, onReceipt }: { item: Appointment; onReceipt: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = `consultation-${item.id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} fz="md" id={headingId}>
            {t('history.with', {
              doctor: item.doctor.user_name,
              date: appointmentDateText(item.appointment_date, i18n.resolvedLanguage ?? 'en'),
            })}
          </Title>
          <Text size="sm" fw={600}>
            {t(`history.status.${item.appointment_status}`)}
          </Text>
        </Group>
        {item.appointment_advice && (
          <div>
            <Text size="sm" fw={600}>
              {t('history.advice')}
            </Text>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.appointment_advice}</Text>
          </div>
        )}
        <Group gap="sm">
          {hasReceipt(item) && (
            <Button variant="default" size="sm" onClick={onReceipt}>
              {t('history.receipt')}
            </Button>
          )}
          {!isUpcoming(item) && (
            <Button component={Link} variant="light" size="sm" to={appPaths.bookingStep(2, { doctor: item.appointment_doctorId })}>
              {t('history.bookAgain')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
