import { Table } from '@mantine/core';
import { parseQuizScore, type QuizRecommendation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../lib/format.ts';
import { QuizLevelMark } from './quiz-level.tsx';

/**
 * Self-check results as a table, in the order given: the date, the level and the answers' counts in the reader's
 * language (a stored score is the same in both, but is read back from its counts).
 */
export function QuizResultsTable({ results, caption }: { results: readonly QuizRecommendation[]; caption?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const scoreText = (score: string) => {
    const counts = parseQuizScore(score);
    return counts ? t('quiz.counts', { a: counts.A, b: counts.B, c: counts.C }) : score;
  };
  return (
    <Table>
      {caption && <caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</caption>}
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('card.date')}</Table.Th>
          <Table.Th scope="col">{t('card.level')}</Table.Th>
          <Table.Th scope="col">{t('card.score')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.map((result) => (
          <Table.Tr key={result.quiz_recommendation_date}>
            <Table.Td>{dateTimeText(result.quiz_recommendation_date, locale)}</Table.Td>
            <Table.Td>
              <QuizLevelMark level={result.quiz_recommendation_level} />
            </Table.Td>
            <Table.Td>{scoreText(result.quiz_recommendation_score)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
