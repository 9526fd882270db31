import { Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { QuizRecommendation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { QuizResultsTable } from '../../components/quiz-results-table.tsx';
import { spacedLabelIndexes } from '../../lib/chart-labels.ts';
import { dateLabel } from '../../lib/dates.ts';
import { chartLevels, chartPoints, inOrder, levelY, stepPath, type ChartGeometry } from './self-check-series.ts';

const MAX_WIDTH = 600;
/** A date label ("dd.mm.yy" at 12 px) with room beside it; the right padding lets the last one end inside the chart. */
const DATE_LABEL_WIDTH = 56;
const padding = { left: 80, right: DATE_LABEL_WIDTH / 2 + 8, top: 20, bottom: 36 };
const levelColor = { green: 'var(--mantine-color-green-7)', yellow: 'var(--mantine-color-yellow-6)', red: 'var(--mantine-color-red-7)' };

/**
 * The patient's self-check results over time: a step line of the level per completion (a picture for sighted readers,
 * hidden from screen readers) and the same results as a table with the date, level and answers, which everyone reads.
 */
export function SelfCheckChart({ results }: { results: readonly QuizRecommendation[] }) {
  const { t } = useTranslation();
  // Drawn at the width it has (one unit a pixel), so the texts keep their size on a phone.
  const { ref, width: measured } = useElementSize();
  if (results.length === 0) return <Text>{t('doctorPatients.card.noResults')}</Text>;
  const width = Math.min(MAX_WIDTH, measured || MAX_WIDTH);
  const geometry: ChartGeometry = { width, height: 180, padding };
  const { height } = geometry;
  const points = chartPoints(results, geometry);
  const pointGap = points.length > 1 ? points[1]!.x - points[0]!.x : 0;
  const labelled = new Set(spacedLabelIndexes(points.length, pointGap, DATE_LABEL_WIDTH));
  const latest = inOrder(results).at(-1)!;
  return (
    <Stack gap="sm">
      {points.length > 0 && (
        <div ref={ref} style={{ maxWidth: MAX_WIDTH }}>
          <svg
            viewBox={`0 0 ${width} ${height}`}
            width={width}
            height={height}
            role="presentation"
            aria-hidden="true"
            data-testid="self-check-chart"
            style={{ display: 'block', maxWidth: '100%' }}
          >
            {chartLevels.map((level) => (
              <g key={level}>
                <line
                  x1={padding.left}
                  x2={width - padding.right}
                  y1={levelY(level, geometry)}
                  y2={levelY(level, geometry)}
                  stroke="var(--mantine-color-default-border)"
                  strokeDasharray="4 4"
                />
                <text x={padding.left - 8} y={levelY(level, geometry) + 4} textAnchor="end" fontSize="13" fill="var(--mantine-color-text)">
                  {t(`quiz.levels.${level}`)}
                </text>
              </g>
            ))}
            <path d={stepPath(points)} fill="none" stroke="var(--mantine-color-brand-6, #008465)" strokeWidth="2.5" />
            {points.map((point, index) => (
              <g key={point.result.quiz_recommendation_date}>
                <circle
                  cx={point.x}
                  cy={point.y}
                  r="6"
                  fill={levelColor[point.result.quiz_recommendation_level as keyof typeof levelColor]}
                />
                {labelled.has(index) && (
                  <text x={point.x} y={height - 10} textAnchor="middle" fontSize="12" fill="var(--mantine-color-dimmed)">
                    {dateLabel(point.result.quiz_recommendation_date)}
                  </text>
                )}
              </g>
            ))}
          </svg>
        </div>
      )}
      <QuizResultsTable results={inOrder(results)} caption={t('doctorPatients.card.tableCaption')} />
      <div>
        <Title order={3} fz="md">
          {t('doctorPatients.card.latestAdvice', { title: latest.quiz_recommendation_title })}
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{latest.quiz_recommendation_text}</Text>
      </div>
    </Stack>
  );
}
