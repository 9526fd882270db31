import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientAppointments } from '../../lib/appointments.ts';

/** The advice doctors left when completing the patient's consultations, newest first; nothing without any. */
export function AdviceCard({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const appointments = usePatientAppointments(patientId);
  const advised = (appointments.data ?? []).filter((item) => item.appointment_status === 'completed' && item.appointment_advice);
  if (advised.length === 0) return null;
  return (
    <SectionCard title={t('card.adviceTitle')} titleId="card-advice-title">
      {advised.map((item) => (
        <Stack key={item.id} gap={2}>
          <Text size="sm" fw={600}>
            {t('card.adviceFrom', {
              doctor: item.doctor.user_name,
              date: appointmentDateText(item.appointment_date, i18n.resolvedLanguage ?? 'en'),
            })}
          </Text>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.appointment_advice}</Text>
        </Stack>
      ))}
    </SectionCard>
  );
}
