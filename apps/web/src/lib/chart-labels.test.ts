import { describe, expect, test } from 'vitest';
import { spacedLabelIndexes } from './chart-labels.ts';

describe('labels along a chart axis', () => {
  test('every point has its label when they fit', () => {
    expect(spacedLabelIndexes(5, 100, 60)).toEqual([0, 1, 2, 3, 4]);
    expect(spacedLabelIndexes(1, 0, 60)).toEqual([0]);
    expect(spacedLabelIndexes(0, 0, 60)).toEqual([]);
  });

  test('on a narrow chart: the first, the last and every n-th, never two closer than a label', () => {
    const count = 20;
    const gap = 12;
    const width = 56;
    const indexes = spacedLabelIndexes(count, gap, width);
    expect(indexes[0]).toBe(0);
    expect(indexes.at(-1)).toBe(count - 1);
    expect(indexes).toEqual([0, 5, 10, 19]);
    for (let i = 1; i < indexes.length; i += 1) expect((indexes[i]! - indexes[i - 1]!) * gap).toBeGreaterThanOrEqual(width);
  });

  test('when even the first and the last would overlap, only the newest is labelled', () => {
    expect(spacedLabelIndexes(3, 10, 56)).toEqual([2]);
  });
});
