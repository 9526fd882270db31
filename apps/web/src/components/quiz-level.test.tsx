import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { CrisisHelp, QuizAdvice, QuizLevelMark, QuizNextSteps } from './quiz-level.tsx';

afterEach(() => authStore.forgetSession());

describe('a self-check level', () => {
  it.each([
    ['red', 'Red', 'Червоний'],
    ['yellow', 'Yellow', 'Жовтий'],
    ['green', 'Green', 'Зелений'],
    ['unknown', 'Not determined', 'Не визначено'],
  ] as const)('%s is named in words, not by colour alone', async (level, english, ukrainian) => {
    const { unmount } = await show(<QuizLevelMark level={level} />);
    expect(screen.getByText(english)).toBeInTheDocument();
    unmount();
    await show(<QuizLevelMark level={level} />, { locale: 'uk' });
    expect(screen.getByText(ukrainian)).toBeInTheDocument();
  });

  it('gives the advice of the level in the reader’s language', async () => {
    await show(<QuizAdvice level="red" titleId="result-title" />, { locale: 'uk' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Не соромтеся звернутися по допомогу');
    expect(screen.getByRole('heading', { level: 2 })).toHaveAttribute('id', 'result-title');
    expect(screen.getByText('Рівень:')).toBeInTheDocument();
    expect(screen.getByText('Червоний')).toBeInTheDocument();
    expect(screen.getByText(/Lifeline Ukraine 7333\.$/)).toBeInTheDocument();
  });
});

describe('help at once (a red result)', () => {
  it('gives the crisis line and the emergency number as calls, and sends a visitor to the psychotherapists', async () => {
    await show(<CrisisHelp />);
    const help = screen.getByRole('region', { name: 'Get help now' });
    expect(within(help).getByRole('link', { name: '7333' })).toHaveAttribute('href', 'tel:7333');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(within(help).getByRole('link', { name: 'Book a consultation with a psychotherapist' })).toHaveAttribute(
      'href',
      '/our-specialists?specialisation=psychotherapist',
    );
    expect(within(help).getByRole('link', { name: 'Write to us and ask for help' })).toHaveAttribute('href', '/contacts');
  });

  it('sends a signed-in patient straight to booking, in Ukrainian', async () => {
    const api = createApiDouble();
    await show(<CrisisHelp />, { api, user: aUser('patient'), locale: 'uk' });
    const help = screen.getByRole('region', { name: 'Допомога просто зараз' });
    expect(within(help).getByRole('link', { name: 'Записатися до психотерапевта' }).getAttribute('href')).toMatch(
      /^\/user\/appointment-step1\?specialisation=psychotherapist$/,
    );
  });
});

describe('what to do after a result', () => {
  it('offers a visitor the specialists and a retake', async () => {
    const onRetake = vi.fn();
    await show(<QuizNextSteps level="yellow" onRetake={onRetake} />);
    const next = screen.getByRole('region', { name: 'What you can do next' });
    expect(next).toHaveTextContent('Talking to a specialist can help you find what eases the strain.');
    expect(within(next).getByRole('link', { name: 'Book a specialist' })).toHaveAttribute('href', '/our-specialists');
    await userEvent.click(within(next).getByRole('button', { name: 'Retake the self-check' }));
    expect(onRetake).toHaveBeenCalledTimes(1);
  });

  it('offers a patient with a red result the psychotherapists at booking step 1', async () => {
    const api = createApiDouble();
    await show(<QuizNextSteps level="red" onRetake={() => {}} />, { api, user: aUser('patient') });
    expect(screen.getByRole('link', { name: 'Book a specialist' })).toHaveAttribute(
      'href',
      '/user/appointment-step1?specialisation=psychotherapist',
    );
  });

  it('a green result is never a dead end either', async () => {
    await show(<QuizNextSteps level="green" onRetake={() => {}} />, { locale: 'uk' });
    expect(screen.getByRole('region', { name: 'Що можна зробити далі' })).toHaveTextContent('Продовжуйте робити те, що вам допомагає.');
    expect(screen.getByRole('link', { name: 'Записатися до фахівця' })).toHaveAttribute('href', '/our-specialists');
    expect(screen.getByRole('button', { name: 'Пройти самоперевірку ще раз' })).toBeInTheDocument();
  });
});
