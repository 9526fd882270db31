import type { QuizRecommendation } from '@rozmova/contracts';
import { describe, expect, test } from 'vitest';
import { chartPoints, stepPath } from './self-check-series.ts';

const result = (date: string, level: QuizRecommendation['quiz_recommendation_level']): QuizRecommendation => ({
  quiz_recommendation_date: date,
  quiz_recommendation_title: 'Title',
  quiz_recommendation_text: 'Text',
  quiz_recommendation_level: level,
  quiz_recommendation_score: 'A: 1, B: 2, C: 3',
});
const g = { width: 100, height: 60, padding: { left: 10, right: 10, top: 10, bottom: 10 } };

describe('the self-check chart', () => {
  test('points go oldest to newest, red at the top and green at the bottom; unknown levels are left out', () => {
    const points = chartPoints(
      [result('2027-03-01T10:00:00Z', 'green'), result('2027-01-01T10:00:00Z', 'red'), result('2027-02-01T10:00:00Z', 'unknown')],
      g,
    );
    expect(points.map(({ x, y }) => [x, y])).toEqual([
      [10, 10],
      [90, 50],
    ]);
    expect(stepPath(points)).toBe('M10 10 H90 V50');
  });

  test('one completion is a point in the middle; none is no line', () => {
    expect(chartPoints([result('2027-01-01T10:00:00Z', 'yellow')], g).map(({ x, y }) => [x, y])).toEqual([[50, 30]]);
    expect(stepPath([])).toBe('');
  });
});
