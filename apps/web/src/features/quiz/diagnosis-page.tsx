import { Alert, Button, Container, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { quizLevelOf, type QuizQuestion } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { CrisisHelp, QuizAdvice, QuizNextSteps } from '../../components/quiz-level.tsx';
import { QuizIntro, QuizQuestionStep } from '../../components/quiz-steps.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { cardIdOf, useQuizQuestions } from '../../lib/patient-card.ts';
import { allAnswered, clearDraft, countAnswers, readDraft, resumeIndex, VISITOR_QUIZ_KEY, type QuizAnswers } from '../../lib/quiz.ts';
import { useQuizLevelRules } from './api.ts';
import { useQuizRun } from './use-quiz-run.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';

/**
 * /diagnosis: the self-check for a visitor. The answers stay on this device and the browser scores them with the
 * public level rules, so the result (and for red, where to get help) shows at once; signing up keeps it in a card,
 * where the server scores the same answers again.
 */
export function DiagnosisPage() {
  const { t } = useTranslation();
  const questions = useQuizQuestions();
  // A retake starts a new run: the quiz is drawn again from an empty draft.
  const [run, setRun] = useState(0);
  let content;
  if (questions.error) content = <FormError error={questions.error} />;
  else if (!questions.data) content = <IntroSkeleton />;
  else content = <VisitorQuiz key={run} questions={questions.data} onRetake={() => setRun((value) => value + 1)} />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('quiz.title')}</Title>
        {content}
      </Stack>
    </Container>
  );
}

/** The intro while the questions load, at its size (its text is there, under the skeleton and inert): nothing below moves. */
function IntroSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <Skeleton inert aria-hidden="true">
        <QuizIntro questionCount={0} answered={0} onStart={() => undefined} />
      </Skeleton>
    </div>
  );
}

function VisitorQuiz({ questions, onRetake }: { questions: QuizQuestion[]; onRetake: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [stored] = useState(() => readDraft(VISITOR_QUIZ_KEY));
  const initial = stored ?? { answers: {}, index: 0 };
  const finished = stored?.finished === true && allAnswered(questions, initial.answers);
  const [step, setStep] = useState<'intro' | 'questions' | 'done'>(finished ? 'done' : 'intro');
  const run = useQuizRun({
    storageKey: VISITOR_QUIZ_KEY,
    questions,
    // Finished before, but the questions have changed since: back to the first one without an answer.
    initial: finished || !stored?.finished ? initial : { answers: initial.answers, index: resumeIndex(questions, initial.answers) },
  });
  // A signed-in patient gets the result in the cabinet, where the answers are scored.
  const patient = cardIdOf(user) !== undefined;

  if (step === 'intro') {
    return <QuizIntro questionCount={questions.length} answered={run.answered} onStart={() => setStep('questions')} />;
  }

  if (step === 'done' && !patient) {
    return (
      <VisitorResult
        questions={questions}
        answers={run.answers}
        onRetake={() => {
          clearDraft(VISITOR_QUIZ_KEY);
          onRetake();
        }}
        onChangeAnswers={() => {
          run.setFinished(false);
          setStep('questions');
        }}
      />
    );
  }

  if (step === 'done') {
    return (
      <SectionCard title={t('quiz.doneTitle')} titleId="diagnosis-done-title" gap="md">
        <Text>{t('quiz.doneSignedIn')}</Text>
        <Group gap="sm">
          <Button component={Link} to={appPaths.quiz}>
            {t('quiz.seeResult')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              run.setFinished(false);
              setStep('questions');
            }}
          >
            {t('quiz.changeAnswers')}
          </Button>
        </Group>
      </SectionCard>
    );
  }

  return (
    <QuizQuestionStep
      questions={questions}
      run={run}
      onFinish={() => {
        run.setFinished(true);
        if (patient) void navigate(appPaths.quiz);
        else setStep('done');
      }}
    />
  );
}

interface VisitorResultProps {
  questions: QuizQuestion[];
  answers: QuizAnswers;
  onRetake: () => void;
  onChangeAnswers: () => void;
}

/**
 * A visitor's result, scored in this browser with the server's level rules: red shows where to get help first; every
 * level gets next steps; signing up keeps the result in a card.
 */
function VisitorResult({ questions, answers, onRetake, onChangeAnswers }: VisitorResultProps) {
  const { t } = useTranslation();
  const rules = useQuizLevelRules(true);
  const tally = countAnswers(questions, answers);
  const level = rules.data ? quizLevelOf(rules.data.rules, tally) : undefined;
  // A crisis answer needs no rules to be red: where to get help shows even while the rules load or fail to.
  const crisis = level === 'red' || tally.crisis > 0;
  let result;
  if (rules.error) {
    result = (
      <Alert color="gray" role="status">
        {t('quiz.rulesError')}
      </Alert>
    );
  } else if (!level) result = <Loader role="status" aria-label={t('common.loading')} />;
  else result = <QuizAdvice level={level} titleId="diagnosis-result-title" />;

  return (
    <Stack gap="lg">
      {crisis && <CrisisHelp />}
      <SectionCard titleId={level ? 'diagnosis-result-title' : undefined}>
        {result}
        <Text size="sm">{t('quiz.notDiagnosis')}</Text>
      </SectionCard>
      {level && <QuizNextSteps level={level} onRetake={onRetake} />}
      <SectionCard title={t('quiz.keepTitle')} titleId="diagnosis-keep-title" gap="md">
        <Text>{t('quiz.keepText')}</Text>
        <Group gap="sm">
          <Button component={Link} to="?auth=signup" className="button-wraps">
            {t('quiz.createAccount')}
          </Button>
          <Button component={Link} to="?auth=login" variant="default" className="button-wraps">
            {t('quiz.haveAccount')}
          </Button>
          <Button variant="subtle" onClick={onChangeAnswers}>
            {t('quiz.changeAnswers')}
          </Button>
        </Group>
      </SectionCard>
    </Stack>
  );
}
