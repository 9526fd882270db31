import { Loader, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DOCTOR_NOTE_MAX } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useAddNote, useDoctorNotes } from './patients-api.ts';

/** The doctors' notes on the patient: every doctor of the patient reads them, the patient never does. */
export function PatientNotes({ patientId, canWrite }: { patientId: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const notes = useDoctorNotes(patientId);
  const add = useAddNote(patientId);
  const form = useForm({
    initialValues: { text: '' },
    validate: {
      text: (value) =>
        !value.trim()
          ? t('doctorPatients.notes.required')
          : value.length > DOCTOR_NOTE_MAX
            ? t('doctorPatients.notes.tooLong', { max: DOCTOR_NOTE_MAX })
            : null,
    },
  });
  return (
    <SectionCard title={t('doctorPatients.notes.title')} titleId="doctor-notes-title">
      <Text size="sm">{t('doctorPatients.notes.hint')}</Text>
      {canWrite && (
        <MutationForm
          form={form}
          mutation={add}
          toVariables={(values) => ({ text: values.text })}
          onSuccess={() => form.reset()}
          submitLabel={t('doctorPatients.notes.add')}
        >
          <Textarea
            label={t('doctorPatients.notes.label')}
            autosize
            minRows={3}
            maxLength={DOCTOR_NOTE_MAX}
            {...form.getInputProps('text')}
          />
        </MutationForm>
      )}
      <FormError error={notes.error} />
      {!notes.data ? (
        !notes.error && <Loader role="status" aria-label={t('common.loading')} />
      ) : notes.data.length === 0 ? (
        <Text>{t('doctorPatients.notes.empty')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {notes.data.map((note) => (
            <li key={note.id}>
              <Text size="sm" c="dimmed">
                {t('doctorPatients.notes.by', {
                  author: note.author_name ?? t('doctorPatients.notes.formerDoctor'),
                  date: appointmentDateText(note.created_at, i18n.resolvedLanguage ?? 'en'),
                })}
              </Text>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{note.text}</Text>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
