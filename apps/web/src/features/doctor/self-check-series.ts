import type { QuizLevel, QuizRecommendation } from '@rozmova/contracts';

/** The levels a chart shows, lowest concern at the bottom; `unknown` results stay in the table only. */
export const chartLevels = ['green', 'yellow', 'red'] as const satisfies readonly QuizLevel[];

interface ChartPoint {
  x: number;
  y: number;
  result: QuizRecommendation;
}

export interface ChartGeometry {
  width: number;
  height: number;
  padding: { left: number; right: number; top: number; bottom: number };
}

/** Completions oldest first. */
export const inOrder = (results: readonly QuizRecommendation[]): QuizRecommendation[] =>
  [...results].sort((a, b) => a.quiz_recommendation_date.localeCompare(b.quiz_recommendation_date));

/** The y of a level's row: green at the bottom, red at the top. */
export function levelY(level: (typeof chartLevels)[number], g: ChartGeometry): number {
  const rows = chartLevels.length - 1;
  const inner = g.height - g.padding.top - g.padding.bottom;
  return g.padding.top + inner - (chartLevels.indexOf(level) / rows) * inner;
}

/** One point per completion with a known level, spread evenly from left to right (one in the middle). */
export function chartPoints(results: readonly QuizRecommendation[], g: ChartGeometry): ChartPoint[] {
  const known = inOrder(results).filter((result) => result.quiz_recommendation_level !== 'unknown');
  const inner = g.width - g.padding.left - g.padding.right;
  return known.map((result, index) => ({
    x: g.padding.left + (known.length === 1 ? inner / 2 : (index / (known.length - 1)) * inner),
    y: levelY(result.quiz_recommendation_level as (typeof chartLevels)[number], g),
    result,
  }));
}

/** A step line through the points: across at the old level, then up or down at the next completion. */
export function stepPath(points: readonly Pick<ChartPoint, 'x' | 'y'>[]): string {
  return points.map((point, index) => (index === 0 ? `M${point.x} ${point.y}` : `H${point.x} V${point.y}`)).join(' ');
}
