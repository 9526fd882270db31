import type { QuizQuestion } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { nextIndex, previousIndex, type QuizAnswers } from '../lib/quiz.ts';
import { show } from '../test/render.tsx';
import { QuizIntro, QuizQuestionStep } from './quiz-steps.tsx';

const question = (id: string, en: string, uk: string): QuizQuestion => ({
  id,
  question_order: Number(id.slice(1)),
  question_text: { en, uk },
  question_is_crisis: false,
  question_answers: [
    { id: `${id}a`, value: 'A', text: { en: 'Rarely', uk: 'Рідко' } },
    { id: `${id}b`, value: 'B', text: { en: 'Sometimes', uk: 'Іноді' } },
    { id: `${id}c`, value: 'C', text: { en: 'Often', uk: 'Часто' } },
  ],
});

const questions = [
  question('q1', 'How often do you sleep badly?', 'Як часто ви погано спите?'),
  question('q2', 'How often do you feel tense?', 'Як часто ви відчуваєте напруження?'),
  question('q3', 'How often do you feel alone?', 'Як часто ви почуваєтеся самотніми?'),
];

/** A quiz run as the quiz pages keep it. */
function Quiz({ onFinish = () => {}, finishing = false }: { onFinish?: (answers: QuizAnswers) => void; finishing?: boolean }) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  return (
    <QuizQuestionStep
      questions={questions}
      finishing={finishing}
      onFinish={() => onFinish(answers)}
      run={{
        index,
        answers,
        answer: (questionId, answerId) => setAnswers((current) => ({ ...current, [questionId]: answerId })),
        back: () => setIndex(previousIndex),
        next: () => setIndex((current) => nextIndex(current, questions.length)),
      }}
    />
  );
}

const heading = () => screen.getByRole('heading', { level: 2 });

describe('the self-check’s introduction', () => {
  it('says what it is and starts', async () => {
    const onStart = vi.fn();
    await show(<QuizIntro questionCount={12} answered={0} onStart={onStart} />);
    const intro = screen.getByRole('region', { name: 'Before you start' });
    expect(intro).toHaveTextContent('12 short questions, one at a time');
    await userEvent.click(within(intro).getByRole('button', { name: 'Start the self-check' }));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('continues where the person stopped, in Ukrainian too', async () => {
    await show(<QuizIntro questionCount={12} answered={5} onStart={() => {}} />, { locale: 'uk' });
    expect(screen.getByRole('region', { name: 'Перед початком' })).toHaveTextContent('12 коротких запитань, по одному');
    expect(screen.getByRole('button', { name: 'Продовжити (відповідей: 5 з 12)' })).toBeInTheDocument();
  });
});

describe('a self-check question', () => {
  it('shows where the person is, the question and its answers; Next waits for an answer', async () => {
    await show(<Quiz />);
    expect(heading()).toHaveTextContent('Question 1 of 3');
    expect(screen.getByText('0% done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Self-check progress' })).toHaveAttribute('aria-valuenow', '0');
    const answers = screen.getByRole('radiogroup', { name: 'How often do you sleep badly?' });
    expect(
      within(answers)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['q1a', 'q1b', 'q1c']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('moves on at once when an answer is tapped, and its heading takes the focus', async () => {
    const user = userEvent.setup();
    await show(<Quiz />);
    await user.click(screen.getByRole('radio', { name: 'Sometimes' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 2 of 3'));
    expect(screen.getByText('34% done')).toBeInTheDocument();
    await waitFor(() => expect(heading()).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toHaveTextContent('Question 1 of 3');
    // The answer given is kept.
    expect(screen.getByRole('radio', { name: 'Sometimes' })).toBeChecked();
  });

  it('with the keyboard, arrows only choose; Enter moves on', async () => {
    const user = userEvent.setup();
    await show(<Quiz />);
    await waitFor(() => expect(heading()).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Rarely' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Rarely' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Sometimes' })).toBeChecked();
    expect(heading()).toHaveTextContent('Question 1 of 3');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heading()).toHaveTextContent('Question 2 of 3'));
  });

  it('ends on the last question with "See my result", never by a tap alone', async () => {
    const onFinish = vi.fn();
    const user = userEvent.setup();
    await show(<Quiz onFinish={onFinish} />);
    await user.click(screen.getByRole('radio', { name: 'Often' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 2 of 3'));
    await user.click(screen.getByRole('radio', { name: 'Rarely' }));
    await waitFor(() => expect(heading()).toHaveTextContent('Question 3 of 3'));
    expect(screen.getByText('67% done')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Sometimes' }));
    expect(heading()).toHaveTextContent('Question 3 of 3');
    expect(onFinish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(onFinish).toHaveBeenCalledWith({ q1: 'q1c', q2: 'q2a', q3: 'q3b' });
  });

  it('holds the buttons while the result is being saved', async () => {
    function Finishing() {
      const [index, setIndex] = useState(2);
      return (
        <QuizQuestionStep
          questions={questions}
          finishing
          onFinish={() => {}}
          run={{ index, answers: { q3: 'q3a' }, answer: () => {}, back: () => setIndex(1), next: () => {} }}
        />
      );
    }
    await show(<Finishing />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'See my result' })).toHaveAttribute('data-loading', 'true');
  });

  it('reads the questions and answers in the interface language', async () => {
    await show(<Quiz />, { locale: 'uk' });
    expect(heading()).toHaveTextContent('Запитання 1 з 3');
    expect(screen.getByRole('radiogroup', { name: 'Як часто ви погано спите?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Іноді' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Далі' })).toBeDisabled();
  });
});
