import { quizApi } from '@rozmova/contracts';
import { configure, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { DiagnosisPage } from './diagnosis-page.tsx';
import { levelRules, questions } from './test-fixtures.ts';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => localStorage.clear());

/** Answers the three questions as a person does: a tap on an answer moves on, the last one needs its button. */
async function answerAll(user: UserEvent, answers: [string, string, string], finish = 'See my result') {
  for (const answer of answers) await user.click(await screen.findByRole('radio', { name: answer }));
  await user.click(screen.getByRole('button', { name: finish }));
}

function visitorApi({ rulesFail = false } = {}) {
  const api = createApiDouble();
  api.on(quizApi.list, { body: questions });
  api.on(quizApi.levelRules, rulesFail ? { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } } : { body: levelRules });
  return api;
}

const crisisHelp = () => screen.queryByRole('region', { name: 'Get help now' });

describe('the self-check for a visitor', () => {
  it('goes one question at a time with its progress, and back keeps the answer', async () => {
    const user = userEvent.setup({ delay: null });
    await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis' });

    expect(await screen.findByText('3 short questions, one at a time')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the self-check' }));

    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText('0% done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Sometimes' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'How often do you think of hurting yourself?' })).toBeInTheDocument();
    expect(screen.getByText('34% done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Self-check progress' })).toHaveAttribute('aria-valuenow', '34');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sometimes' })).toBeChecked();
  });

  it('gives the level of the answers with its advice and next steps, without crisis help for calm answers', async () => {
    const user = userEvent.setup({ delay: null });
    const api = visitorApi();
    await show(<DiagnosisPage />, { api, at: '/diagnosis' });

    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    await answerAll(user, ['Rarely', 'Rarely', 'Sometimes']);

    expect(await screen.findByRole('heading', { name: 'Accept your emotions' })).toBeInTheDocument();
    expect(screen.getByText('Green')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a specialist' })).toHaveAttribute('href', '/our-specialists');
    expect(crisisHelp()).not.toBeInTheDocument();
    // Scored in the browser: the answers never left it.
    expect(api.callsTo(quizApi.levelRules)).toHaveLength(1);
    expect(api.unanswered).toEqual([]);
  });

  it('SAFETY: shows where to get help now after a crisis answer, even when every other answer is calm', async () => {
    const user = userEvent.setup({ delay: null });
    await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis' });

    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    // By these rules two calm answers alone would be green.
    await answerAll(user, ['Rarely', 'Almost every day', 'Rarely']);

    const help = await screen.findByRole('region', { name: 'Get help now' });
    expect(within(help).getByRole('link', { name: '7333' })).toHaveAttribute('href', 'tel:7333');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(within(help).getByRole('link', { name: 'Book a consultation with a psychotherapist' })).toHaveAttribute(
      'href',
      '/our-specialists?specialisation=psychotherapist',
    );
    expect(screen.getByRole('heading', { name: 'Do not be ashamed to seek help' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Accept your emotions' })).not.toBeInTheDocument();
  });

  it('SAFETY: shows the crisis help even when the level rules cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    await show(<DiagnosisPage />, { api: visitorApi({ rulesFail: true }), at: '/diagnosis' });

    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    await answerAll(user, ['Sometimes', 'Almost every day', 'Sometimes']);

    expect(await screen.findByText(/We could not work out your result just now/)).toBeInTheDocument();
    expect(crisisHelp()).toBeInTheDocument();
  });

  it('SAFETY: says in Ukrainian where to get help, with the docs/product.md red title', async () => {
    const user = userEvent.setup({ delay: null });
    await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis', locale: 'uk' });

    await user.click(await screen.findByRole('button', { name: 'Почати самоперевірку' }));
    expect(screen.getByRole('radiogroup', { name: 'Як часто ви погано спите?' })).toBeInTheDocument();
    await answerAll(user, ['Рідко', 'Майже щодня', 'Рідко'], 'Побачити результат');

    const help = await screen.findByRole('region', { name: 'Допомога просто зараз' });
    expect(help).toHaveTextContent('Lifeline Ukraine, емоційна підтримка: 7333');
    expect(help).toHaveTextContent('112');
    expect(screen.getByRole('heading', { name: 'Не соромтеся звернутися по допомогу' })).toBeInTheDocument();
  });

  it('keeps the answers on the device: a reload shows the result again, and changing answers reopens the last question', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis' });
    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    await answerAll(user, ['Sometimes', 'Sometimes', 'Sometimes']);
    expect(await screen.findByRole('heading', { name: 'Take care of yourself' })).toBeInTheDocument();
    first.unmount();

    await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis' });
    expect(await screen.findByRole('heading', { name: 'Take care of yourself' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect(await screen.findByRole('heading', { name: 'Question 3 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sometimes' })).toBeChecked();
  });

  it('starts again from an empty self-check on retake', async () => {
    const user = userEvent.setup({ delay: null });
    await show(<DiagnosisPage />, { api: visitorApi(), at: '/diagnosis' });
    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    await answerAll(user, ['Rarely', 'Rarely', 'Rarely']);

    await user.click(await screen.findByRole('button', { name: 'Retake the self-check' }));
    await user.click(await screen.findByRole('button', { name: 'Start the self-check' }));
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rarely' })).not.toBeChecked();
  });
});
