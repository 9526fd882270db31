import { Box, Rating, Text, Textarea } from '@mantine/core';
import { FEEDBACK_COMMENT_MAX } from '@rozmova/contracts';

interface Props {
  /** Prefix of the element ids that tie the labels and the error to the stars. */
  id: string;
  rating: number;
  onRating: (value: number) => void;
  /** Shown under the stars when the form was sent without a rating. */
  missingText: string | null;
  comment: string;
  onComment: (value: string) => void;
  labels: { rating: string; star: (value: number) => string; comment: string };
}

/** A rating of 1 to 5 as radio buttons (each star named "n of 5") and an optional comment, as feedback forms ask. */
export function RatingFields({ id, rating, onRating, missingText, comment, onComment, labels }: Props) {
  return (
    <>
      <Box
        role="radiogroup"
        aria-labelledby={`${id}-rating`}
        aria-describedby={missingText ? `${id}-rating-error` : undefined}
        // Mantine's stars take a click or Space; an arrow key only previews its star (the choice is lost on leaving).
        // As in any radio group, the star an arrow moves to is the choice.
        onChange={(event) => {
          const input = event.target;
          if (input instanceof HTMLInputElement && input.type === 'radio') onRating(Number(input.value));
        }}
      >
        <Text id={`${id}-rating`} size="sm" fw={500} mb={4}>
          {labels.rating}
        </Text>
        <Rating value={rating} onChange={onRating} size="lg" getSymbolLabel={labels.star} />
        {missingText && (
          <Text id={`${id}-rating-error`} size="sm" c="var(--mantine-color-error)" mt={4}>
            {missingText}
          </Text>
        )}
      </Box>
      <Textarea
        label={labels.comment}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={FEEDBACK_COMMENT_MAX}
        value={comment}
        onChange={(event) => onComment(event.currentTarget.value)}
      />
    </>
  );
}
