import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { RatingFields } from '../../components/rating-fields.tsx';
import { useSendQuizFeedback } from './api.ts';
import { SectionCard } from '../../components/section-card.tsx';

/** How useful the self-check was: a rating from 1 to 5 and an optional comment, then a thank-you. */
export function QuizFeedback({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const send = useSendQuizFeedback(userId);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missingRating, setMissingRating] = useState(false);

  if (send.isSuccess) {
    return (
      <Alert color="brand" variant="light" title={t('quiz.feedbackThanksTitle')} role="status">
        {t('quiz.feedbackThanks')}
      </Alert>
    );
  }

  return (
    <SectionCard title={t('quiz.feedbackTitle')} titleId="quiz-feedback-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (rating < 1) return setMissingRating(true);
          send.mutate({ feedback_rating: rating, feedback_comment: comment.trim() });
        }}
      >
        <Stack gap="sm">
          <RatingFields
            id="quiz-feedback"
            rating={rating}
            onRating={(value) => {
              setRating(value);
              setMissingRating(false);
            }}
            missingText={missingRating ? t('quiz.feedbackRatingRequired') : null}
            comment={comment}
            onComment={setComment}
            labels={{
              rating: t('quiz.feedbackRating'),
              star: (value) => t('quiz.feedbackStars', { value }),
              comment: t('quiz.feedbackComment'),
            }}
          />
          {/* The form shows no field errors of its own: a refused comment is told here with its field's text. */}
          {Object.keys(fieldErrors(t, send.error)).length > 0 ? (
            <Alert color="danger" role="alert">
              {Object.values(fieldErrors(t, send.error)).join(' ')}
            </Alert>
          ) : (
            <FormError error={send.error} />
          )}
          <div>
            <Button type="submit" loading={send.isPending}>
              {t('quiz.feedbackSend')}
            </Button>
          </div>
        </Stack>
      </form>
    </SectionCard>
  );
}
