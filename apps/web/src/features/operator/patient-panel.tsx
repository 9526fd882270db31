import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { type Appointment } from '@rozmova/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentViewer, type ViewedDocument } from '../../components/document-viewer.tsx';
import { FormError } from '../../components/form-error.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientAppointments } from '../../lib/appointments.ts';
import { usePatientReferences } from '../../lib/documents.ts';
import { usePatient } from './api.ts';
import { PanelHeading, Profile, SelfCheck } from './patient-summary.tsx';

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
  if (!patient.data) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  return (
    <Stack gap="lg">
      <Profile patient={patient.data} />
      <SelfCheck cardId={patient.data.patient_cardId} />
      <Appointments patientId={patientId} />
      <Documents patientId={patientId} />
    </Stack>
  );
}

const statusColors: Record<Appointment['appointment_status'], string> = {
  scheduled: 'blue',
  running: 'brand',
  completed: 'gray',
  canceled: 'gray',
};

/** An appointment in a list: its time in the reader's language, the doctor, the status and any further badges. */
export function AppointmentLine({ appointment, children }: { appointment: Appointment; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Text size="sm" fw={600}>
        {appointmentDateText(appointment.appointment_date, i18n.resolvedLanguage ?? 'en')}
      </Text>
      <Group gap={6}>
        <Text size="sm">{appointment.doctor.user_name}</Text>
        <Badge size="xs" variant="light" color={statusColors[appointment.appointment_status]}>
          {t(`doctor.status.${appointment.appointment_status}`)}
        </Badge>
        {children}
      </Group>
    </>
  );
}

function Appointments({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const appointments = usePatientAppointments(patientId);
  const shown = [...(appointments.data ?? [])]
    .sort((a, b) => Date.parse(b.appointment_date) - Date.parse(a.appointment_date))
    .slice(0, APPOINTMENTS_SHOWN);
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.appointments')}</PanelHeading>
      <FormError error={appointments.error} />
      {appointments.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {appointments.data?.length === 0 && <Text size="sm">{t('operator.patient.noAppointments')}</Text>}
      {shown.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentLine appointment={appointment} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function Documents({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const documents = usePatientReferences(patientId);
  const [viewing, setViewing] = useState<ViewedDocument | null>(null);
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.documents')}</PanelHeading>
      <FormError error={documents.error} />
      {documents.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {documents.data?.length === 0 && <Text size="sm">{t('operator.patient.noDocuments')}</Text>}
      {documents.data && documents.data.length > 0 && (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {documents.data.map((reference) => (
            <li key={reference.id}>
              <Anchor component="button" type="button" size="sm" onClick={() => setViewing(reference)} style={{ overflowWrap: 'anywhere' }}>
                {reference.name}
              </Anchor>
              <Text span size="xs" c="dimmed" ml={6}>
                {reference.reference_createdAt_label}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <DocumentViewer document={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
