import { feedbackApi, type PublicFeedback } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAccountRemoval } from '../../lib/account-removal.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const review = (id: string, rating: number, name: string | null, comment: string): PublicFeedback => ({
  id,
  type: 'doctor',
  feedback_type: 'doctor',
  feedback_rating: rating,
  feedback_user_name: name,
  feedback_clinic_name: 'Rozmova',
  feedback_comment: comment,
  doctor_id: 'doctor-1',
  is_anonymous: name === null,
  is_published: true,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
});

beforeEach(() => sessionStorage.clear());

describe('the landing page', () => {
  it('shows the published reviews with their rating, by first name or anonymously', async () => {
    const api = createApiDouble();
    api.on(feedbackApi.published, {
      body: { feedback: [review('r1', 5, 'Oksana', 'I felt heard.'), review('r2', 4, null, 'Calm and clear.')], count: 2 },
    });
    await show(<HomePage />, { api });

    const reviews = await screen.findByRole('region', { name: 'What people say after a consultation' });
    const [first, second] = within(reviews).getAllByRole('figure');
    expect(within(first!).getByRole('img', { name: 'Rated 5 out of 5' })).toHaveTextContent('★★★★★');
    expect(first).toHaveTextContent('I felt heard.Oksana');
    expect(within(second!).getByRole('img', { name: 'Rated 4 out of 5' })).toHaveTextContent('★★★★☆');
    expect(second).toHaveTextContent('Anonymous');
    expect(api.callsTo(feedbackApi.published).map((call) => call.query)).toEqual([{ limit: '6' }]);
  });

  it('leaves the reviews out while there are none, and offers sign-up', async () => {
    const api = createApiDouble();
    api.on(feedbackApi.published, { body: { feedback: [], count: 0 } });
    await show(<HomePage />, { api, locale: 'uk' });

    await waitFor(() => expect(api.callsTo(feedbackApi.published)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Що кажуть люди після консультації' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Записатися на консультацію' })[0]).toHaveAttribute('href', '/?auth=signup');
  });

  it('tells once, after an account removal, that a paid consultation is refunded', async () => {
    const user = userEvent.setup({ delay: null });
    keepAccountRemoval('refund');
    const api = createApiDouble();
    api.on(feedbackApi.published, { body: { feedback: [], count: 0 } });
    const first = await show(<HomePage />, { api, locale: 'uk' });

    const notice = await screen.findByRole('status', { name: 'Ваш обліковий запис видалено' });
    expect(notice).toHaveTextContent('Вашу оплачену консультацію скасовано, а кошти повернуться на вашу картку.');
    await user.click(within(notice).getByRole('button', { name: 'Закрити' }));
    expect(screen.queryByRole('status', { name: 'Ваш обліковий запис видалено' })).not.toBeInTheDocument();
    first.unmount();

    await show(<HomePage />, { api });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('status', { name: 'Your account has been deleted' })).not.toBeInTheDocument();
  });
});
