import { Alert, Box, Button, Checkbox, Group, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { FEEDBACK_COMMENT_MAX, type Appointment } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSendDoctorFeedback } from './api.ts';

/**
 * The doctor-feedback dialog (SPEC.md §2's meeting modals): a rating of 1 to 5 as radio buttons (each star is named
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
            <Box
              role="radiogroup"
              aria-labelledby="meeting-feedback-rating"
              aria-describedby={missingRating ? 'meeting-feedback-rating-error' : undefined}
            >
              <Text id="meeting-feedback-rating" size="sm" fw={500} mb={4}>
                {t('meeting.feedback.rating')}
              </Text>
              <Rating
                value={rating}
                onChange={(value) => {
                  setRating(value);
                  setMissingRating(false);
                }}
                size="lg"
                getSymbolLabel={(value) => t('meeting.feedback.stars', { value })}
              />
              {missingRating && (
                <Text id="meeting-feedback-rating-error" size="sm" c="var(--mantine-color-error)" mt={4}>
                  {t('meeting.feedback.ratingRequired')}
                </Text>
              )}
            </Box>
            <Textarea
              label={t('meeting.feedback.comment')}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={FEEDBACK_COMMENT_MAX}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
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
