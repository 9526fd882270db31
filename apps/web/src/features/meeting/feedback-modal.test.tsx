import { FEEDBACK_COMMENT_MAX, feedbackApi, type Feedback } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble, type Answer } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { FeedbackModal } from './feedback-modal.tsx';
import { aReview, consultation, patientUser } from './test-data.ts';

const appointment = consultation({ appointment_status: 'completed' });

const saved = (body: Partial<Feedback> = {}): Answer<typeof feedbackApi.create> => ({ status: 201, body: aReview(appointment.id, body) });

/** A star is clicked on its drawing, the label of its visually hidden radio button (as a person does). */
async function chooseStars(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  const radio = within(dialog).getByRole('radio', { name });
  await user.click(dialog.querySelector<HTMLElement>(`label[for="${radio.id}"]`)!);
}

async function open(api = createApiDouble(), locale: 'en' | 'uk' = 'en') {
  const onClose = vi.fn();
  await show(<FeedbackModal appointment={appointment} userId={patientUser.id} onClose={onClose} />, { api, locale });
  return { api, onClose, dialog: screen.getByRole('dialog') };
}

describe('rating the doctor after the consultation', { timeout: 20_000 }, () => {
  it('asks about the doctor by name and sends the rating, the trimmed comment and the anonymity', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(feedbackApi.create, saved({ feedback_rating: 4 }));
    const { dialog } = await open(api);
    expect(screen.getByRole('dialog', { name: 'How was your consultation with Iryna Koval?' })).toBe(dialog);

    await chooseStars(user, dialog, '4 of 5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), '  Calm and attentive  ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Publish without my name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Thank you for your feedback')).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent('It is published after moderation.');
    const [sent] = api.callsTo(feedbackApi.create);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/feedback' });
    expect(sent!.body).toEqual({
      type: 'doctor',
      feedback_rating: 4,
      feedback_comment: 'Calm and attentive',
      appointment_id: appointment.id,
      is_anonymous: true,
    });
  });

  it('sends a rating alone, with an empty comment and the name shown', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(feedbackApi.create, saved());
    const { dialog } = await open(api);
    await chooseStars(user, dialog, '5 of 5');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await within(dialog).findByRole('status');
    expect(api.callsTo(feedbackApi.create)[0]!.body).toMatchObject({ feedback_rating: 5, feedback_comment: '', is_anonymous: false });
  });

  it('asks for a rating before sending anything, and the message goes once a star is chosen', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    const { dialog } = await open(api);
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Good');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Choose a rating from 1 to 5')).toBeVisible();
    expect(within(dialog).getByRole('radiogroup', { name: 'Your rating' })).toHaveAccessibleDescription('Choose a rating from 1 to 5');
    expect(api.callsTo(feedbackApi.create)).toEqual([]);

    await chooseStars(user, dialog, '2 of 5');
    expect(within(dialog).queryByText('Choose a rating from 1 to 5')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Good');
  });

  it('says so when this consultation was rated already, instead of an error', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(feedbackApi.create, { status: 409, error: { code: 'FEEDBACK_EXISTS', message: 'Feedback exists' } });
    const { dialog, onClose } = await open(api);
    await chooseStars(user, dialog, '3 of 5');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('You have already rated this consultation. Thank you!');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the stars and the comment and shows the reason when sending fails', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(feedbackApi.create, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    const { dialog, onClose } = await open(api);
    await chooseStars(user, dialog, '5 of 5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Thank you');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: '5 of 5' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Thank you');
    expect(within(dialog).queryByText('Thank you for your feedback')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    api.on(feedbackApi.create, saved());
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you for your feedback')).toBeVisible();
  });

  it('shows Send as busy while the feedback is on its way', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    let answer: (value: Answer<typeof feedbackApi.create>) => void = () => {};
    api.on(feedbackApi.create, () => new Promise((resolve) => (answer = resolve)));
    const { dialog } = await open(api);
    await chooseStars(user, dialog, '1 of 5');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await waitFor(() => expect(send).toHaveAttribute('data-loading', 'true'));
    expect(send).toBeDisabled();
    answer(saved({ feedback_rating: 1 }));
    expect(await within(dialog).findByText('Thank you for your feedback')).toBeVisible();
    expect(api.callsTo(feedbackApi.create)).toHaveLength(1);
  });

  it('caps the comment at the contract’s length', async () => {
    const user = userEvent.setup();
    const { dialog } = await open();
    const comment = within(dialog).getByRole('textbox', { name: 'Comment (optional)' });
    await user.click(comment);
    await user.paste('x'.repeat(FEEDBACK_COMMENT_MAX + 1));
    expect((comment as HTMLTextAreaElement).value).toHaveLength(FEEDBACK_COMMENT_MAX);
  });

  it('lets the patient leave it for later without sending', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    const { dialog, onClose } = await open(api);
    await chooseStars(user, dialog, '4 of 5');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(feedbackApi.create)).toEqual([]);
  });

  it('speaks Ukrainian', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(feedbackApi.create, saved());
    const { dialog } = await open(api, 'uk');
    await user.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(await within(dialog).findByText('Оберіть оцінку від 1 до 5')).toBeVisible();
    await chooseStars(user, dialog, '5 з 5');
    await user.click(within(dialog).getByRole('button', { name: 'Надіслати' }));
    expect(await within(dialog).findByText('Дякуємо за відгук')).toBeVisible();
  });
});
