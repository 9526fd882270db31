import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { PatientCard, QuizQuestion } from '@rozmova/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { CrisisHelp } from '../../components/quiz-level.tsx';
import { QuizIntro, QuizQuestionStep } from '../../components/quiz-steps.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { cardIdOf, latestRecommendation, updatePatientCard, usePatientCard, useQuizQuestions } from '../../lib/patient-card.ts';
import {
  allAnswered,
  clearDraft,
  countAnswers,
  fromResults,
  patientQuizKey,
  readDraft,
  resumeIndex,
  toResults,
  VISITOR_QUIZ_KEY,
  writeDraft,
  type QuizDraft,
} from '../../lib/quiz.ts';
import { useCompleteQuiz } from './api.ts';
import { QuizResult } from './quiz-result.tsx';
import { useQuizRun, type SaveState } from './use-quiz-run.ts';

const RECOMMEND = 'recommend';

function Loading() {
  const { t } = useTranslation();
  return <Loader role="status" aria-label={t('common.loading')} />;
}

/** The patient's quiz at /user/quizz: intro → questions → `?stage=recommend` with the server's recommendation. */
export function QuizPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const cardId = cardIdOf(user);
  const [params, setParams] = useSearchParams();
  const questions = useQuizQuestions();
  const card = usePatientCard(cardId);
  const recommendation = latestRecommendation(card.data);
  const showResult = params.get('stage') === RECOMMEND && recommendation !== undefined;

  const setStage = (stage: typeof RECOMMEND | null) => {
    const next = new URLSearchParams(params);
    if (stage) next.set('stage', stage);
    else next.delete('stage');
    setParams(next);
  };

  let content;
  if (!user || !cardId) content = <Alert color="gray">{t('quiz.patientsOnly')}</Alert>;
  else if (questions.error || card.error) content = <FormError error={questions.error ?? card.error} />;
  else if (!questions.data || !card.data) content = <Loading />;
  else if (showResult) {
    content = (
      <QuizResult
        recommendation={recommendation}
        userId={user.id}
        onRetake={() => {
          clearDraft(patientQuizKey(cardId));
          setStage(null);
        }}
      />
    );
  } else {
    content = (
      <PatientQuiz
        // A new run after each completion: the answers start empty again.
        key={card.data.patient_quizz_recommendations.length}
        cardId={cardId}
        card={card.data}
        questions={questions.data}
        onCompleted={() => setStage(RECOMMEND)}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{showResult ? t('quiz.resultTitle') : t('quiz.title')}</Title>
      {content}
    </Stack>
  );
}

/** The answers to resume with: the card's unfinished answers, this device's draft, then a visitor's answers from /diagnosis. */
function initialDraft(cardId: string, card: PatientCard, questions: QuizQuestion[]) {
  const server = card.patient_quizz_is_completed ? {} : fromResults(card.patient_quizz_results);
  const local = readDraft(patientQuizKey(cardId));
  const visitor = readDraft(VISITOR_QUIZ_KEY);
  const answers = { ...server, ...local?.answers, ...visitor?.answers };
  const index = visitor ? resumeIndex(questions, answers) : (local?.index ?? resumeIndex(questions, answers));
  const draft: QuizDraft = { answers, index };
  const unsynced = toResults(questions, answers).some((result) => server[result.question_id] !== result.answer_id);
  return { draft, unsynced, visitorFinished: visitor?.finished === true && allAnswered(questions, answers) };
}

interface PatientQuizProps {
  cardId: string;
  card: PatientCard;
  questions: QuizQuestion[];
  onCompleted: () => void;
}

function PatientQuiz({ cardId, card, questions, onCompleted }: PatientQuizProps) {
  const { t } = useTranslation();
  const [start] = useState(() => initialDraft(cardId, card, questions));
  const [step, setStep] = useState<'intro' | 'questions'>(start.visitorFinished ? 'questions' : 'intro');
  const run = useQuizRun({
    storageKey: patientQuizKey(cardId),
    questions,
    initial: start.draft,
    unsynced: start.unsynced,
    save: (results) => updatePatientCard(cardId, { patient_quizz_results: results, patient_quizz_is_completed: false }),
  });
  const complete = useCompleteQuiz(cardId);

  const finish = async () => {
    await run.settle();
    complete.mutate(toResults(questions, run.answers), { onSuccess: onCompleted });
  };

  // The visitor's answers from /diagnosis are now this patient's: they are scored at once.
  const carried = useRef(false);
  useEffect(() => {
    if (carried.current) return;
    carried.current = true;
    writeDraft(patientQuizKey(cardId), start.draft);
    clearDraft(VISITOR_QUIZ_KEY);
    if (start.visitorFinished) void finish();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the answers of the first render
  }, []);

  if (step === 'intro') {
    return <QuizIntro questionCount={questions.length} answered={run.answered} onStart={() => setStep('questions')} />;
  }

  return (
    <QuizQuestionStep
      questions={questions}
      run={run}
      onFinish={() => void finish()}
      finishing={complete.isPending}
      footer={
        <>
          <SaveStatus state={run.saveState} />
          {/* No result without the server, but a crisis answer needs none to show where to get help now. */}
          {complete.error && countAnswers(questions, run.answers).crisis > 0 && <CrisisHelp />}
          {complete.error instanceof ApiError && complete.error.status === undefined ? (
            <Alert color="danger" role="alert">
              {t('quiz.offlineFinish')}
            </Alert>
          ) : (
            <FormError error={complete.error} />
          )}
        </>
      }
    />
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" role="status">
      {state === 'idle' ? '' : t(`quiz.save.${state}`)}
    </Text>
  );
}
