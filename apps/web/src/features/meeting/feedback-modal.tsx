import { Checkbox, Modal, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Appointment } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { RatingFields } from '../../components/rating-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSendDoctorFeedback } from './api.ts';
import { SentNotice } from './sent-notice.tsx';

/**
 * The doctor-feedback dialog (docs/product.md §2's meeting modals): a rating of 1 to 5 as radio buttons (each star is named
 * "n of 5"), an optional comment, and anonymity. One per consultation: a second one is told it exists. After the
 * server's OK the dialog stays open with its thank-you.
 */
export function FeedbackModal({ appointment, userId, onClose }: { appointment: Appointment; userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendDoctorFeedback(userId);
  const form = useForm({
    initialValues: { rating: 0, comment: '', anonymous: false },
    validate: { rating: (value) => (value < 1 ? t('meeting.feedback.ratingRequired') : null) },
  });
  const exists = send.error instanceof ApiError && send.error.body?.code === 'FEEDBACK_EXISTS';
  const missingRating = form.errors.rating;

  return (
    <Modal opened onClose={onClose} title={t('meeting.feedback.title', { name: appointment.doctor.user_name })}>
      {send.isSuccess || exists ? (
        <SentNotice
          title={exists ? undefined : t('meeting.feedback.thanksTitle')}
          text={exists ? t('meeting.feedback.exists') : t('meeting.feedback.thanks')}
          onClose={onClose}
        />
      ) : (
        <MutationForm
          form={form}
          mutation={send}
          toVariables={(values) => ({
            type: 'doctor' as const,
            feedback_rating: values.rating,
            feedback_comment: values.comment.trim(),
            appointment_id: appointment.id,
            is_anonymous: values.anonymous,
          })}
          submitLabel={t('meeting.feedback.send')}
          cancel={{ label: t('meeting.feedback.later'), onClick: onClose }}
        >
          <Text size="sm">{t('meeting.feedback.intro')}</Text>
          <RatingFields
            id="meeting-feedback"
            rating={form.values.rating}
            onRating={(value) => form.setFieldValue('rating', value)}
            missingText={typeof missingRating === 'string' ? missingRating : null}
            comment={form.values.comment}
            onComment={(value) => form.setFieldValue('comment', value)}
            labels={{
              rating: t('meeting.feedback.rating'),
              star: (value) => t('meeting.feedback.stars', { value }),
              comment: t('meeting.feedback.comment'),
            }}
          />
          <Checkbox label={t('meeting.feedback.anonymous')} {...form.getInputProps('anonymous', { type: 'checkbox' })} />
        </MutationForm>
      )}
    </Modal>
  );
}
