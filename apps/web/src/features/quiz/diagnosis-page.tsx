import { Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { QuizQuestion } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { QuizIntro, QuizQuestionStep } from '../../components/quiz-steps.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { cardIdOf, useQuizQuestions } from '../../lib/patient-card.ts';
import { allAnswered, readDraft, resumeIndex, toResults, VISITOR_QUIZ_KEY } from '../../lib/quiz.ts';
import { useQuizRun } from './use-quiz-run.ts';

/**
 * /diagnosis: the self-check for a visitor. The answers stay on this device; the server scores them once they are
 * in a patient card, so the end asks the visitor to sign up (or log in) and the quiz page of the cabinet shows the result.
 */
export function DiagnosisPage() {
  const { t } = useTranslation();
  const questions = useQuizQuestions();
  let content;
  if (questions.error) content = <FormError error={questions.error} />;
  else if (!questions.data) content = <Loader aria-label={t('common.loading')} />;
  else content = <VisitorQuiz questions={questions.data} />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('quiz.title')}</Title>
        {content}
      </Stack>
    </Container>
  );
}

function VisitorQuiz({ questions }: { questions: QuizQuestion[] }) {
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
    return (
      <QuizIntro
        questionCount={questions.length}
        answered={toResults(questions, run.answers).length}
        onStart={() => setStep('questions')}
      />
    );
  }

  if (step === 'done') {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="diagnosis-done-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="diagnosis-done-title">
            {t('quiz.doneTitle')}
          </Title>
          <Text>{patient ? t('quiz.doneSignedIn') : t('quiz.doneText')}</Text>
          <Group gap="sm">
            {patient ? (
              <Button component={Link} to="/user/quizz">
                {t('quiz.seeResult')}
              </Button>
            ) : (
              <>
                <Button component={Link} to="?auth=signup">
                  {t('quiz.createAccount')}
                </Button>
                <Button component={Link} to="?auth=login" variant="default">
                  {t('quiz.haveAccount')}
                </Button>
              </>
            )}
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
        </Stack>
      </Card>
    );
  }

  return (
    <QuizQuestionStep
      questions={questions}
      run={run}
      onFinish={() => {
        run.setFinished(true);
        if (patient) void navigate('/user/quizz');
        else setStep('done');
      }}
    />
  );
}
