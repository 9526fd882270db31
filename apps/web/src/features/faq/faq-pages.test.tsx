import { faqApi, type FaqQuestion, type FaqTopic } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { FaqPage, FaqQuestionPage, FaqTopicPage } from './faq-pages.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const topic: FaqTopic = {
  id: 'payments',
  title: { en: 'Payments', uk: 'Оплата' },
  position: 1,
  isPublished: true,
  questionCount: 2,
};

const question = (id: string, en: string, uk: string, answer: { en: string; uk: string }): FaqQuestion => ({
  id,
  topicId: 'payments',
  question: { en, uk },
  answer,
  position: 1,
  isPublished: true,
  helpfulYes: 3,
  helpfulNo: 0,
});

const refund = question('refund', 'How do I get a refund?', 'Як повернути кошти?', {
  en: 'Cancel more than 24 hours ahead.\nThe money returns to your card.',
  uk: 'Скасуйте більш ніж за 24 години.\nКошти повернуться на картку.',
});
const invoice = question('invoice', 'Can my company pay?', 'Чи може заплатити компанія?', {
  en: 'Yes, by invoice.',
  uk: 'Так, за рахунком.',
});

/** The three FAQ pages under /faq, as the router mounts them, so links lead from one to the next. */
const pages = (
  <Routes>
    <Route index element={<FaqPage />} />
    <Route path=":topicId" element={<FaqTopicPage />} />
    <Route path=":topicId/:questionId" element={<FaqQuestionPage />} />
  </Routes>
);

function faqDouble() {
  const api = createApiDouble();
  api.on(faqApi.topics, { body: { topics: [topic] } });
  api.on(faqApi.topic, { body: { topic, questions: [refund, invoice] } });
  api.on(faqApi.question, (call) =>
    call.params.id === 'refund'
      ? { body: { topic, question: refund } }
      : { status: 404, error: { code: 'NOT_FOUND', message: 'No such question' } },
  );
  return api;
}

beforeEach(() => localStorage.clear());

describe('the FAQ', () => {
  it('leads from a topic to its questions and opens an answer', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await show(pages, { api: faqDouble(), at: '/faq', route: '/faq/*' });

    expect(await screen.findByText('Questions: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Payments' }));

    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'How do I get a refund?' }));

    expect(await screen.findByRole('heading', { name: 'How do I get a refund?', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faq/payments/refund');
    expect(screen.getByText(/Cancel more than 24 hours ahead\.\s+The money returns to your card\./)).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    expect(within(trail).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/faq/payments');
    expect(screen.getByRole('link', { name: 'Write to support' })).toHaveAttribute(
      'href',
      `/support?${new URLSearchParams({ question: 'How do I get a refund?' }).toString()}`,
    );
  });

  it('searches as the person types, keeps the words in the address, and leads to the answers found', async () => {
    const user = userEvent.setup({ delay: null });
    const api = faqDouble();
    api.on(faqApi.search, { body: { questions: [refund] } });
    const { router } = await show(pages, { api, at: '/faq', route: '/faq/*' });

    const search = await screen.findByRole('searchbox', { name: 'Search the answers' });
    await user.type(search, 'r');
    // One letter is not searched: the topics stay.
    expect(screen.getByRole('heading', { name: 'Topics' })).toBeInTheDocument();
    await user.type(search, 'efund');

    expect(await screen.findByRole('heading', { name: 'Answers found: 1' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Topics' })).not.toBeInTheDocument();
    expect(api.callsTo(faqApi.search).map((call) => call.query)).toEqual([{ query: 'refund' }]);
    expect(router.state.location.search).toBe('?q=refund');
    expect(screen.getByRole('link', { name: 'How do I get a refund?' })).toHaveAttribute('href', '/faq/payments/refund');
  });

  it('offers to write to support when the search finds nothing, in Ukrainian', async () => {
    const user = userEvent.setup({ delay: null });
    const api = faqDouble();
    api.on(faqApi.search, { body: { questions: [] } });
    await show(pages, { api, at: '/faq', route: '/faq/*', locale: 'uk' });

    await user.type(await screen.findByRole('searchbox', { name: 'Пошук у відповідях' }), 'камера');
    expect(await screen.findByText('На це ми не знайшли відповіді. Спробуйте інші слова або напишіть нам.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Написати в підтримку' })).toHaveAttribute('href', '/support');
  });

  it('refuses a pasted tab or control character before searching, as the server would', async () => {
    const user = userEvent.setup({ delay: null });
    const api = faqDouble();
    api.on(faqApi.search, { body: { questions: [refund] } });
    await show(pages, { api, at: '/faq', route: '/faq/*' });

    const search = await screen.findByRole('searchbox', { name: 'Search the answers' });
    await user.click(search);
    await user.paste('refund\tpolicy');
    expect(await screen.findByText('Use one line of text, without tabs or special characters')).toBeInTheDocument();
    expect(search).toHaveAccessibleDescription('Use one line of text, without tabs or special characters');
    expect(screen.getByRole('heading', { name: 'Topics' })).toBeInTheDocument();

    await user.clear(search);
    await user.paste('refund policy');
    expect(await screen.findByRole('heading', { name: 'Answers found: 1' })).toBeInTheDocument();
    expect(api.callsTo(faqApi.search).map((call) => call.query)).toEqual([{ query: 'refund policy' }]);
  });

  it('starts from the search kept in the address and shows a failed search', async () => {
    const api = faqDouble();
    api.on(faqApi.search, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await show(pages, { api, at: '/faq?q=password', route: '/faq/*' });

    expect(await screen.findByRole('searchbox')).toHaveValue('password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again later');
  });

  it('counts a helpful vote once and remembers it in this browser', async () => {
    const user = userEvent.setup({ delay: null });
    const api = faqDouble();
    let answer: (value: { body: { helpfulYes: number; helpfulNo: number } }) => void = () => {};
    api.on(faqApi.vote, () => new Promise((resolve) => (answer = resolve)));
    const first = await show(pages, { api, at: '/faq/payments/refund', route: '/faq/*' });

    const yes = await screen.findByRole('button', { name: 'Yes' });
    await user.click(yes);
    await waitFor(() => expect(yes).toHaveAttribute('data-loading', 'true'));
    answer({ body: { helpfulYes: 4, helpfulNo: 0 } });

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your feedback.');
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
    expect(api.callsTo(faqApi.vote, { id: 'refund' }).map((call) => [call.method, call.body])).toEqual([['POST', { helpful: true }]]);
    first.unmount();

    await show(pages, { api, at: '/faq/payments/refund', route: '/faq/*' });
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
  });

  it('keeps the vote buttons and shows why when the vote is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const api = faqDouble();
    api.on(faqApi.vote, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    await show(pages, { api, at: '/faq/payments/refund', route: '/faq/*', locale: 'uk' });

    await user.click(await screen.findByRole('button', { name: 'Ні' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Забагато спроб. Зачекайте хвилину і спробуйте знову');
    expect(screen.getByRole('button', { name: 'Так' })).toBeEnabled();
    expect(screen.queryByText('Дякуємо за відгук.')).not.toBeInTheDocument();
  });

  it('says an answer that is gone is not available and leads back to all topics', async () => {
    await show(pages, { api: faqDouble(), at: '/faq/payments/removed', route: '/faq/*' });
    expect(await screen.findByText('This answer is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All topics' })).toHaveAttribute('href', '/faq');
  });
});
