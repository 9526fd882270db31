import { Alert, Box, Button, Rating, Stack, Text, Textarea } from '@mantine/core';
import { FEEDBACK_COMMENT_MAX } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
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
          <Box
            role="radiogroup"
            aria-labelledby="quiz-feedback-rating"
            aria-describedby={missingRating ? 'quiz-feedback-rating-error' : undefined}
          >
            <Text id="quiz-feedback-rating" size="sm" fw={500} mb={4}>
              {t('quiz.feedbackRating')}
            </Text>
            <Rating
              value={rating}
              onChange={(value) => {
                setRating(value);
                setMissingRating(false);
              }}
              size="lg"
              getSymbolLabel={(value) => t('quiz.feedbackStars', { value })}
            />
            {missingRating && (
              <Text id="quiz-feedback-rating-error" size="sm" c="var(--mantine-color-error)" mt={4}>
                {t('quiz.feedbackRatingRequired')}
              </Text>
            )}
          </Box>
          <Textarea
            label={t('quiz.feedbackComment')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={FEEDBACK_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <FormError error={send.error} />
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
