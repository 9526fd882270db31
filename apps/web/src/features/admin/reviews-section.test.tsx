import { notifications } from '@mantine/notifications';
import { adminConsoleApi, type Review } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ReviewsSection } from './reviews-section.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const review = (overrides: Partial<Review>): Review =>
  ({
    id: 'rev-1',
    type: 'doctor',
    feedback_user_name: 'Sofiia Bondar',
    is_anonymous: false,
    doctor_name: 'Taras Melnyk',
    feedback_rating: 5,
    feedback_comment: 'Very attentive.',
    createdAt: '2026-11-20T12:00:00.000Z',
    status: 'new',
    is_published: false,
    moderated_at: null,
    moderated_by_name: null,
    moderation_reason: null,
    ...overrides,
  }) as Review;

const fresh = review({});
const anonymousQuiz = review({
  id: 'rev-2',
  type: 'quiz',
  feedback_user_name: 'Andrii Kravets',
  is_anonymous: true,
  doctor_name: null,
  feedback_rating: 3,
  feedback_comment: '',
});
const published = review({
  id: 'rev-3',
  feedback_user_name: 'Olena Hnatiuk',
  status: 'published',
  is_published: true,
  moderated_at: '2026-11-21T09:00:00.000Z',
  moderated_by_name: 'Olha Admin',
});
const hidden = review({
  id: 'rev-4',
  feedback_user_name: '',
  status: 'hidden',
  moderated_at: '2026-11-22T09:00:00.000Z',
  moderated_by_name: 'Olha Admin',
  moderation_reason: 'Names another patient',
});

function withReviews(reviews: Review[], total = reviews.length): ApiDouble {
  const api = createApiDouble();
  api.on(adminConsoleApi.listReviews, { body: { reviews, total } });
  return api;
}

async function openReviews(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <ReviewsSection />
      <Toasts />
    </>,
    { api, locale },
  );
  await screen.findAllByRole('article');
}

const lastQuery = (api: ApiDouble) => api.callsTo(adminConsoleApi.listReviews).at(-1)!.query;
const card = (name: string) => screen.getByRole('article', { name: `Review by ${name}` });

describe('the reviews to moderate', () => {
  it('asks for the new reviews first', async () => {
    const api = withReviews([fresh]);
    await openReviews(api);
    expect(lastQuery(api)).toEqual({ status: 'new', limit: '20', offset: '0' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
  });

  it('shows each review’s author, subject, rating, text and state', async () => {
    await openReviews(withReviews([fresh, anonymousQuiz, published, hidden]));
    expect(card('Sofiia Bondar')).toHaveTextContent('About Taras Melnyk · Rating 5 of 5');
    expect(card('Sofiia Bondar')).toHaveTextContent('Very attentive.');
    expect(card('Sofiia Bondar')).toHaveTextContent('New');
    expect(card('Andrii Kravets')).toHaveTextContent('Andrii Kravets (shown anonymously)');
    expect(card('Andrii Kravets')).toHaveTextContent('About the self-check · Rating 3 of 5');
    expect(card('Andrii Kravets')).toHaveTextContent('No comment.');
    expect(card('Olena Hnatiuk')).toHaveTextContent(/Last decision by Olha Admin, .*2026/);
    expect(card('Removed account')).toHaveTextContent('Removed account');
    expect(card('Removed account')).toHaveTextContent('Reason: Names another patient');
    expect(screen.getByRole('status')).toHaveTextContent('Found: 4');
  });

  it('offers Publish for what is not published and Hide for what is not hidden', async () => {
    await openReviews(withReviews([fresh, published, hidden]));
    expect(
      within(card('Sofiia Bondar'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Publish', 'Hide']);
    expect(
      within(card('Olena Hnatiuk'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hide']);
    expect(
      within(card('Removed account'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Publish']);
  });

  it('filters by status and kind, back at the first page', async () => {
    const api = withReviews([fresh], 30);
    await openReviews(api);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api).offset).toBe('20'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'About the self-check');
    await waitFor(() => expect(lastQuery(api)).toEqual({ type: 'quiz', limit: '20', offset: '0' }));
  });

  it('reads in Ukrainian', async () => {
    await openReviews(withReviews([fresh]), 'uk');
    expect(screen.getByRole('heading', { level: 1, name: 'Модерація відгуків' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByRole('button', { name: 'Опублікувати' })).toBeInTheDocument();
    expect(screen.getByText('Знайдено: 1')).toBeInTheDocument();
  });

  it('shows why the reviews cannot be read', async () => {
    const api = createApiDouble();
    api.on(adminConsoleApi.listReviews, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await show(<ReviewsSection />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

describe('publishing and hiding', () => {
  it('publishes at once and says so', async () => {
    const api = withReviews([fresh]);
    api.on(adminConsoleApi.moderateReview, { body: { ...fresh, status: 'published', is_published: true } });
    await openReviews(api);
    await user.click(within(card('Sofiia Bondar')).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('The review is published.')).toBeInTheDocument();
    const [sent] = api.callsTo(adminConsoleApi.moderateReview, { id: 'rev-1' });
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/admin/reviews/rev-1/moderate', body: { action: 'publish' } });
    await waitFor(() => expect(api.callsTo(adminConsoleApi.listReviews)).toHaveLength(2));
  });

  it('shows a refused publication on the review itself', async () => {
    const api = withReviews([fresh]);
    api.on(adminConsoleApi.moderateReview, { status: 404, error: { code: 'NOT_FOUND', message: 'Gone' } });
    await openReviews(api);
    await user.click(within(card('Sofiia Bondar')).getByRole('button', { name: 'Publish' }));
    expect(await within(card('Sofiia Bondar')).findByRole('alert')).toHaveTextContent('Not found');
  });

  it('hides with the trimmed reason the admin wrote', async () => {
    const api = withReviews([fresh]);
    api.on(adminConsoleApi.moderateReview, { body: { ...fresh, status: 'hidden' } });
    await openReviews(api);
    await user.click(within(card('Sofiia Bondar')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide the review' });
    expect(dialog).toHaveTextContent('Kept with the review, so anyone on the team can see why it was hidden.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Insults the doctor ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The review is hidden.')).toBeInTheDocument();
    expect(api.callsTo(adminConsoleApi.moderateReview)[0]!.body).toEqual({ action: 'hide', reason: 'Insults the doctor' });
  });

  it('starts from the earlier reason when a published review is hidden again', async () => {
    const again = { ...published, moderation_reason: 'Checked with the patient' };
    await openReviews(withReviews([again]));
    await user.click(within(card('Olena Hnatiuk')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Checked with the patient');
  });

  it('asks for a reason before hiding', async () => {
    const api = withReviews([fresh]);
    await openReviews(api);
    await user.click(within(card('Sofiia Bondar')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('Please write why the review is hidden.')).toBeInTheDocument();
    expect(api.callsTo(adminConsoleApi.moderateReview)).toEqual([]);
  });

  it('keeps the reason and shows the server’s field error when it refuses the text', async () => {
    const api = withReviews([fresh]);
    api.on(adminConsoleApi.moderateReview, fieldRefusal({ path: 'body.reason', code: 'MULTI_LINE_TEXT', message: 'Special characters' }));
    await openReviews(api);
    await user.click(within(card('Sofiia Bondar')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('Remove the special characters (line breaks and tabs are fine)')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Spam');
  });
});
