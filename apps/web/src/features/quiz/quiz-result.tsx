import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { QuizRecommendation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrisisHelp, QuizLevelMark } from '../../components/quiz-level.tsx';
import { dateTimeText } from '../../lib/dates.ts';
import { QuizFeedback } from './quiz-feedback.tsx';

interface Props {
  recommendation: QuizRecommendation;
  userId: string;
  onRetake: () => void;
}

/** Step 3 (`?stage=recommend`): the level the server gave, its advice, and for red where to get help now. */
export function QuizResult({ recommendation, userId, onRetake }: Props) {
  const { t, i18n } = useTranslation();
  const level = recommendation.quiz_recommendation_level;
  return (
    <Stack gap="lg">
      {level === 'red' && <CrisisHelp />}
      <Card withBorder padding="lg" component="section" aria-labelledby="quiz-result-title">
        <Stack gap="sm">
          <Text size="sm">{dateTimeText(recommendation.quiz_recommendation_date, i18n.resolvedLanguage ?? 'en')}</Text>
          <Title order={2} fz="xl" id="quiz-result-title">
            {recommendation.quiz_recommendation_title}
          </Title>
          <Group gap="xs">
            <Text>{t('quiz.level')}</Text>
            <QuizLevelMark level={level} />
          </Group>
          <Text>{recommendation.quiz_recommendation_text}</Text>
          <Text size="sm">{t('quiz.score', { score: recommendation.quiz_recommendation_score })}</Text>
          <Text size="sm">{t('quiz.notDiagnosis')}</Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to="/user?tab=card">
              {t('quiz.openCard')}
            </Button>
            <Button variant="default" onClick={onRetake}>
              {t('quiz.retake')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <QuizFeedback userId={userId} />
    </Stack>
  );
}
