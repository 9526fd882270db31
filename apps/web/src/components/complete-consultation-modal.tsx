import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Appointment } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useCompleteAppointment } from '../lib/appointments.ts';
import { FormModal } from './form-modal.tsx';

const TEXT_MAX = 4000;

/**
 * The doctor ends a consultation (from the console or the room): a note for the record, which the patient does not
 * see, and optional advice, which the patient reads in the room and in the card.
 */
export function CompleteConsultationModal({
  appointment,
  onClose,
  onCompleted,
}: {
  appointment: Pick<Appointment, 'id' | 'patient'>;
  onClose: () => void;
  onCompleted?: () => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteAppointment();
  const name = appointment.patient.user_name;
  const form = useForm({
    initialValues: { appointment_note: '', appointment_advice: '' },
    validate: { appointment_note: (value) => (value.trim() ? null : t('doctor.validation.note')) },
  });
  return (
    <FormModal
      title={t('doctor.completeTitle')}
      onClose={onClose}
      form={form}
      mutation={complete}
      toVariables={(values) => ({ id: appointment.id, note: values.appointment_note.trim(), advice: values.appointment_advice.trim() })}
      onSuccess={() => {
        notifications.show({ message: t('doctor.completed', { name }) });
        onCompleted?.();
      }}
      submitLabel={t('doctor.completeSubmit')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
      intro={<Text>{t('doctor.completeText', { name })}</Text>}
    >
      <Textarea
        label={t('doctor.noteLabel')}
        description={t('doctor.noteHint')}
        autosize
        minRows={4}
        maxLength={TEXT_MAX}
        data-autofocus
        {...form.getInputProps('appointment_note')}
      />
      <Textarea
        label={t('doctor.adviceLabel')}
        description={t('doctor.adviceHint')}
        autosize
        minRows={3}
        maxLength={TEXT_MAX}
        {...form.getInputProps('appointment_advice')}
      />
    </FormModal>
  );
}
