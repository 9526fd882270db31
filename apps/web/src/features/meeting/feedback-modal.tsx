import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { RatingFields } from '../../components/rating-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSendDoctorFeedback } from './api.ts';

/**
 * The doctor-feedback dialog (docs/product.md §2's meeting modals): a rating of 1 to 5 as radio buttons (each star is named
 * "n of 5"), an optional comment, and anonymity. One per consultation: a second one is told it exists.
 */
export function FeedbackModal({ appointment, userId, onClose }: { appointment: Appointment; userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendDoctorFeedback(userId);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [missingRating, setMissingRating] = useState(false);
  const exists = send.error instanceof ApiError && send.error.body?.code === 'FEEDBACK_EXISTS';

  return (
    <Modal opened onClose={onClose} title={t('meeting.feedback.title', { name: appointment.doctor.user_name })}>
      {send.isSuccess || exists ? (
        <Stack gap="sm">
          <Alert color="brand" variant="light" role="status" title={exists ? undefined : t('meeting.feedback.thanksTitle')}>
            {exists ? t('meeting.feedback.exists') : t('meeting.feedback.thanks')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (rating < 1) return setMissingRating(true);
            send.mutate({
              type: 'doctor',
              feedback_rating: rating,
              feedback_comment: comment.trim(),
              appointment_id: appointment.id,
              is_anonymous: anonymous,
            });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('meeting.feedback.intro')}</Text>
            <RatingFields
              id="meeting-feedback"
              rating={rating}
              onRating={(value) => {
                setRating(value);
                setMissingRating(false);
              }}
              missingText={missingRating ? t('meeting.feedback.ratingRequired') : null}
              comment={comment}
              onComment={setComment}
              labels={{
                rating: t('meeting.feedback.rating'),
                star: (value) => t('meeting.feedback.stars', { value }),
                comment: t('meeting.feedback.comment'),
              }}
            />
            <Checkbox
              label={t('meeting.feedback.anonymous')}
              checked={anonymous}
              onChange={(event) => setAnonymous(event.currentTarget.checked)}
            />
            <FormError error={send.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('meeting.feedback.later')}
              </Button>
              <Button type="submit" loading={send.isPending}>
                {t('meeting.feedback.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
