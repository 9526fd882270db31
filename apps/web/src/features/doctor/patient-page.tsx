import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PatientDocumentsPanel } from '../../components/documents-panel.tsx';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { currentAppointmentOf, usePatientAppointments } from '../../lib/appointments.ts';
import { CallRecordSummary } from './call-record.tsx';
import { DoctorNav, useConsoleDoctor } from './doctor-nav.tsx';
import { PatientChat } from './patient-chat.tsx';
import { PatientNotes } from './patient-notes.tsx';
import { usePatientCard, usePatientRecord } from './patients-api.ts';
import { SelfCheckAnswers } from './self-check-answers-list.tsx';
import { SelfCheckChart } from './self-check-chart.tsx';
import { localTimeZone } from './times.ts';

/**
 * /doctor/patients/:patientId: one of the doctor's own patients: the self-check over time, the doctors' notes, the
 * documents, the consultations with this doctor (call record, note, advice) and the chat. Every read is audited by
 * the API; another doctor's patient is "not found".
 */
export function DoctorPatientPage() {
  const { t } = useTranslation();
  const patientId = useParams().patientId!;
  const { doctorId, isAdmin } = useConsoleDoctor();
  const record = usePatientRecord(patientId);
  const card = usePatientCard(record.data?.patient_cardId);
  const appointments = usePatientAppointments(patientId);
  // An admin reads every consultation of the patient; the console shows the chosen doctor's, as a doctor sees its own.
  const withDoctor = (appointments.data ?? []).filter((item) => !isAdmin || !doctorId || item.appointment_doctorId === doctorId);
  const current = currentAppointmentOf(withDoctor);

  if (!record.data) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('pageTitle.doctorPatient')}</Title>
        <DoctorNav />
        {record.error ? <FormError error={record.error} /> : <Loader role="status" aria-label={t('common.loading')} />}
      </Stack>
    );
  }
  const patient = record.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {patient.user_name}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>{[patient.email, patient.phone].filter(Boolean).join(' · ')}</Text>
      </div>
      <DoctorNav />
      <SectionCard title={t('doctorPatients.card.title')} titleId="doctor-patient-card-title">
        {card.data ? (
          <>
            <SelfCheckChart results={card.data.patient_quizz_recommendations} />
            <SelfCheckAnswers card={card.data} />
          </>
        ) : card.error ? (
          <FormError error={card.error} />
        ) : (
          <Loader role="status" aria-label={t('common.loading')} />
        )}
      </SectionCard>
      <PatientNotes patientId={patientId} canWrite={!isAdmin} />
      <PatientDocumentsPanel patientId={patientId} />
      <SectionCard title={t('doctorPatients.consultations.title')} titleId="doctor-patient-consultations-title">
        <FormError error={appointments.error} />
        {!appointments.data ? (
          !appointments.error && <Loader role="status" aria-label={t('common.loading')} />
        ) : withDoctor.length === 0 ? (
          <Text>{t('doctorPatients.consultations.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {[...withDoctor]
              .sort((a, b) => Date.parse(b.appointment_date) - Date.parse(a.appointment_date))
              .map((appointment) => (
                <Consultation key={appointment.id} appointment={appointment} />
              ))}
          </Stack>
        )}
      </SectionCard>
      {!isAdmin && <PatientChat patientId={patientId} name={patient.user_name} current={current} />}
    </Stack>
  );
}

function Consultation({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation();
  const titleId = `consultation-${appointment.id}`;
  const status = appointment.appointment_status;
  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md" id={titleId}>
            {appointmentDateText(appointment.appointment_date, i18n.resolvedLanguage ?? 'en')}
          </Title>
          <Badge variant="light" color={status === 'canceled' ? 'danger' : status === 'completed' ? 'gray' : 'brand'}>
            {t(`doctor.status.${status}`)}
          </Badge>
        </Group>
        {appointment.appointment_reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('doctor.reason', { reason: appointment.appointment_reason })}
          </Text>
        )}
        {appointment.appointment_note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('doctor.note', { note: appointment.appointment_note })}
          </Text>
        )}
        {appointment.appointment_advice && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {t('doctor.advice', { advice: appointment.appointment_advice })}
          </Text>
        )}
        {(status === 'running' || status === 'completed') && (
          <CallRecordSummary appointmentId={appointment.id} timeZone={localTimeZone()} />
        )}
      </Stack>
    </Card>
  );
}
