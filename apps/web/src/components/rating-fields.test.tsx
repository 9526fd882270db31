import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_COMMENT_MAX } from '@rozmova/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import { RatingFields } from './rating-fields.tsx';

function Feedback({ missing = false }: { missing?: boolean }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <>
      <RatingFields
        id="doctor-feedback"
        rating={rating}
        onRating={setRating}
        missingText={missing && rating === 0 ? 'Choose a rating' : null}
        comment={comment}
        onComment={setComment}
        labels={{ rating: 'Your rating', star: (value) => `${value} of 5`, comment: 'Comment (optional)' }}
      />
      <output>{`rating ${rating}, comment “${comment}”`}</output>
    </>
  );
}

/** The star a person clicks: the radio's label (Mantine takes the rating from it; the radio itself only previews). */
const star = (value: number) =>
  document.querySelector<HTMLLabelElement>(`label[for="${screen.getByRole('radio', { name: `${value} of 5` }).id}"]`)!;

describe('the rating fields', () => {
  it('are five named stars in one group', async () => {
    await show(<Feedback />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    for (const value of [1, 2, 3, 4, 5]) expect(screen.getByRole('radio', { name: `${value} of 5` })).not.toBeChecked();
  });

  it('take a rating by a click and a comment', async () => {
    const user = userEvent.setup();
    await show(<Feedback />);
    await user.click(star(4));
    expect(screen.getByRole('radio', { name: '4 of 5' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Дуже уважна');
    expect(screen.getByRole('status')).toHaveTextContent('rating 4, comment “Дуже уважна”');
  });

  it('take a rating from the keyboard as any radio group: the arrows choose, and the choice stays', async () => {
    const user = userEvent.setup();
    await show(<Feedback />);
    await user.click(star(2));
    screen.getByRole('radio', { name: '2 of 5' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 of 5' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 of 5' })).toBeChecked();
    // Moving on to the comment keeps it.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('rating 3');
  });

  it('take Space on a star too', async () => {
    const user = userEvent.setup();
    await show(<Feedback />);
    screen.getByRole('radio', { name: '4 of 5' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('rating 4');
  });

  it('say under the stars when the rating is missing, and tie the message to them', async () => {
    const user = userEvent.setup();
    await show(<Feedback missing />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAccessibleDescription('Choose a rating');
    await user.click(star(5));
    expect(screen.queryByText('Choose a rating')).not.toBeInTheDocument();
    expect(group).not.toHaveAttribute('aria-describedby');
  });

  it('limit the comment to what the server keeps', async () => {
    await show(<Feedback />);
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveAttribute('maxlength', String(FEEDBACK_COMMENT_MAX));
  });
});
