import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type Appointment, type Patient } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { QuizLevelMark } from '../../components/quiz-level.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientAppointments } from '../../lib/appointments.ts';
import { useOpenReference, usePatientReferences } from '../../lib/documents.ts';
import { dateTimeText } from '../../lib/dates.ts';
import { latestRecommendation, usePatientCard } from '../../lib/patient-card.ts';
import { parseQuizScore } from '../../lib/quiz.ts';
import { usePatient } from './api.ts';

/** How many of the patient's appointments the panel lists (the newest). */
const APPOINTMENTS_SHOWN = 10;

/**
 * What an operator needs beside the conversation: the patient's profile, the card's self-check results and the
 * appointments and documents. Each read is audited by the API.
 */
export function PatientPanel({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const patient = usePatient(patientId);
  if (patient.error) return <FormError error={patient.error} />;
  if (!patient.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  return (
    <Stack gap="lg">
      <Profile patient={patient.data} />
      <SelfCheck cardId={patient.data.patient_cardId} />
      <Appointments patientId={patientId} />
      <Documents patientId={patientId} />
    </Stack>
  );
}

function PanelHeading({ children }: { children: string }) {
  return (
    <Title order={3} fz="md">
      {children}
    </Title>
  );
}

function Profile({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.profile')}</PanelHeading>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {patient.user_name}
      </Text>
      <Anchor href={`mailto:${patient.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {patient.email}
      </Anchor>
      {patient.phone ? (
        <Anchor href={`tel:${patient.phone}`} size="sm">
          {patient.phone}
        </Anchor>
      ) : (
        <Text size="sm">{t('operator.patient.noPhone')}</Text>
      )}
      <Text size="sm">{t('operator.patient.since', { date: dateTimeText(patient.created_at, i18n.resolvedLanguage ?? 'en') })}</Text>
    </Stack>
  );
}

function SelfCheck({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation();
  const card = usePatientCard(cardId);
  const latest = latestRecommendation(card.data);
  const counts = latest && parseQuizScore(latest.quiz_recommendation_score);
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.card')}</PanelHeading>
      <FormError error={card.error} />
      {card.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {card.data && !latest && <Text size="sm">{t('operator.patient.noSelfCheck')}</Text>}
      {latest && (
        <>
          <Group gap="xs">
            <Text size="sm">{t('quiz.level')}</Text>
            <QuizLevelMark level={latest.quiz_recommendation_level} />
          </Group>
          <Text size="sm">{dateTimeText(latest.quiz_recommendation_date, i18n.resolvedLanguage ?? 'en')}</Text>
          {counts && <Text size="sm">{t('quiz.counts', { a: counts.A, b: counts.B, c: counts.C })}</Text>}
          {card.data && card.data.patient_quizz_recommendations.length > 1 && (
            <Text size="sm">{t('operator.patient.selfChecks', { n: card.data.patient_quizz_recommendations.length })}</Text>
          )}
        </>
      )}
      {card.data && <Text size="sm">{t('operator.patient.freeConsultations', { n: card.data.patient_available_free_consultations })}</Text>}
    </Stack>
  );
}

const statusColors: Record<Appointment['appointment_status'], string> = {
  scheduled: 'blue',
  running: 'brand',
  completed: 'gray',
  canceled: 'gray',
};

function Appointments({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const appointments = usePatientAppointments(patientId);
  const shown = [...(appointments.data ?? [])]
    .sort((a, b) => Date.parse(b.appointment_date) - Date.parse(a.appointment_date))
    .slice(0, APPOINTMENTS_SHOWN);
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.appointments')}</PanelHeading>
      <FormError error={appointments.error} />
      {appointments.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {appointments.data?.length === 0 && <Text size="sm">{t('operator.patient.noAppointments')}</Text>}
      {shown.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((appointment) => (
            <li key={appointment.id}>
              <Text size="sm" fw={500}>
                {appointmentDateText(appointment.appointment_date, i18n.resolvedLanguage ?? 'en')}
              </Text>
              <Group gap={6}>
                <Text size="sm">{appointment.doctor.user_name}</Text>
                <Badge size="xs" variant="light" color={statusColors[appointment.appointment_status]}>
                  {t(`doctor.status.${appointment.appointment_status}`)}
                </Badge>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Documents({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const documents = usePatientReferences(patientId);
  const open = useOpenReference();
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.documents')}</PanelHeading>
      <FormError error={documents.error ?? open.error} />
      {documents.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {documents.data?.length === 0 && <Text size="sm">{t('operator.patient.noDocuments')}</Text>}
      {documents.data && documents.data.length > 0 && (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.data.map((reference) => (
            <li key={reference.id}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => open.mutate(reference)}
                style={{ overflowWrap: 'anywhere' }}
              >
                {reference.name}
              </Anchor>
              <Text span size="xs" c="dimmed" ml={6}>
                {reference.reference_createdAt_label}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
