import { Button, Group, List, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import type { QuizQuestion } from '@rozmova/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canGoBack, isLastQuestion, progressPercent, type QuizAnswers } from '../lib/quiz.ts';
import { SectionCard } from './section-card.tsx';

/** The language of the question texts: the interface language. */
function useTextLanguage(): 'uk' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'uk' ? 'uk' : 'en';
}

interface IntroProps {
  questionCount: number;
  /** Answers already given: the button continues instead of starting. */
  answered: number;
  onStart: () => void;
  children?: ReactNode;
}

/** Step 1: what the self-check is (and is not) and how long it takes. */
export function QuizIntro({ questionCount, answered, onStart, children }: IntroProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('quiz.introTitle')} titleId="quiz-intro-title" gap="md">
      <Text>{t('quiz.introText')}</Text>
      <List spacing="xs">
        <List.Item>{t('quiz.introQuestions', { number: questionCount })}</List.Item>
        <List.Item>{t('quiz.introAnswers')}</List.Item>
        <List.Item>{t('quiz.introSaved')}</List.Item>
      </List>
      <Text fw={600}>{t('quiz.notDiagnosis')}</Text>
      {children}
      <Group>
        <Button onClick={onStart}>{answered > 0 ? t('quiz.continue', { answered, count: questionCount }) : t('quiz.start')}</Button>
      </Group>
    </SectionCard>
  );
}

/** Where the patient is in the quiz and how to move (the quiz run both quiz pages keep). */
export interface QuizStepRun {
  index: number;
  answers: QuizAnswers;
  answer: (questionId: string, answerId: string) => void;
  back: () => void;
  next: () => void;
}

interface QuestionProps {
  questions: QuizQuestion[];
  run: QuizStepRun;
  /** Next on the last question: the end of the quiz. */
  onFinish: () => void;
  finishing?: boolean;
  /** Under the buttons: whether the answers are saved, or an error. */
  footer?: ReactNode;
}

/** How long a question fades in after a tap moved to it, taking no taps meanwhile (longer than a double tap's gap). */
const SETTLE_MS = 350;

/** Step 2: one question at a time, its answers as a radio group, Back / Next and the docs/product.md §4 progress. */
export function QuizQuestionStep({ questions, run, onFinish, finishing = false, footer }: QuestionProps) {
  const { index, answers } = run;
  const { t } = useTranslation();
  const language = useTextLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  // When a pointer (mouse, finger) last pressed an answer: such a choice moves on at once. A keyboard's arrows only
  // select, so keyboard users move on with Enter or Next and never skip a question by looking through the answers.
  const pressedAt = useRef(0);
  // After a pointer moved on, the next question takes no pointer input until it has faded in: the second tap of a
  // double tap would otherwise answer a question nobody saw.
  const [settling, setSettling] = useState(false);
  const question = questions[index];
  const count = questions.length;
  const percent = progressPercent(index, count);

  // A new question (or the first, after the intro's button is gone): screen readers and keyboards start at its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [index]);
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling, index]);

  if (!question) return null;
  const selected = answers[question.id] ?? null;
  const last = isLastQuestion(index, count);
  const onNext = last ? onFinish : run.next;

  return (
    <SectionCard titleId="quiz-question-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (selected) onNext();
        }}
      >
        <Stack gap="lg">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Title order={2} fz="md" id="quiz-question-title" ref={heading} tabIndex={-1}>
                {t('quiz.questionOf', { number: index + 1, count })}
              </Title>
              <Text size="sm">{t('quiz.percentDone', { percent })}</Text>
            </Group>
            <Progress value={percent} aria-label={t('quiz.progress')} size="md" />
          </Stack>
          <Radio.Group
            key={question.id}
            label={question.question_text[language]}
            value={selected}
            onChange={(answerId) => run.answer(question.id, answerId)}
            styles={{ label: { fontSize: 'var(--mantine-font-size-lg)', marginBottom: 'var(--mantine-spacing-sm)' } }}
          >
            <Stack
              gap="sm"
              className={settling ? 'quiz-answers-settling' : undefined}
              onPointerDown={() => (pressedAt.current = Date.now())}
              onClick={(event) => {
                // The radio's own click (a click on its label clicks it too), also on the answer already chosen.
                const input = event.target;
                if (!(input instanceof HTMLInputElement) || input.type !== 'radio') return;
                // A keyboard's click (Space) has no click count: only a pointer's press moves on.
                if (last || event.detail === 0 || Date.now() - pressedAt.current > 1000) return;
                pressedAt.current = 0;
                run.answer(question.id, input.value);
                setSettling(true);
                run.next();
              }}
            >
              {question.question_answers.map((answer) => (
                <Radio key={answer.id} value={answer.id} label={answer.text[language]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="space-between" gap="sm">
            {canGoBack(index) ? (
              <Button variant="default" onClick={run.back} disabled={finishing}>
                {t('common.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={!selected} loading={finishing}>
              {last ? t('quiz.finish') : t('quiz.next')}
            </Button>
          </Group>
          {footer}
        </Stack>
      </form>
    </SectionCard>
  );
}
