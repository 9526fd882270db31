import { Button, Group, Stack, Text } from '@mantine/core';
import type { QuizRecommendation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisHelp, QuizAdvice, QuizNextSteps } from '../../components/quiz-level.tsx';

import { parseQuizScore } from '@rozmova/contracts';
import { QuizFeedback } from './quiz-feedback.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { dateTimeText } from '../../lib/format.ts';

interface Props {
  recommendation: QuizRecommendation;
  userId: string;
  onRetake: () => void;
}

/**
 * Step 3 (`?stage=recommend`): the level the server gave with its advice in the reader's language, for red where to get
 * help now, and next steps for every level.
 */
export function QuizResult({ recommendation, userId, onRetake }: Props) {
  const { t, i18n } = useTranslation();
  const level = recommendation.quiz_recommendation_level;
  const counts = parseQuizScore(recommendation.quiz_recommendation_score);
  return (
    <Stack gap="lg">
      {level === 'red' && <CrisisHelp />}
      <SectionCard titleId="quiz-result-title">
        <Text size="sm">{dateTimeText(recommendation.quiz_recommendation_date, i18n.resolvedLanguage ?? 'en')}</Text>
        <QuizAdvice level={level} titleId="quiz-result-title" />
        <Text size="sm">
          {t('quiz.score', {
            score: counts ? t('quiz.counts', { a: counts.A, b: counts.B, c: counts.C }) : recommendation.quiz_recommendation_score,
          })}
        </Text>
        <Text size="sm">{t('quiz.notDiagnosis')}</Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={appPaths.cabinet('card')} variant="default">
            {t('quiz.openCard')}
          </Button>
        </Group>
      </SectionCard>
      <QuizNextSteps level={level} onRetake={onRetake} />
      <QuizFeedback userId={userId} />
    </Stack>
  );
}
