import { expect, test } from 'vitest';
import { waitingSpan } from './waiting.ts';

const since = '2025-03-12T10:00:00.000Z';
const at = (ms: number) => new Date(since).getTime() + ms;

test('a wait reads in the largest whole unit', () => {
  expect(waitingSpan(since, at(59_999))).toEqual({ unit: 'moment' });
  expect(waitingSpan(since, at(60_000))).toEqual({ unit: 'minutes', n: 1 });
  expect(waitingSpan(since, at(4 * 60_000 + 59_000))).toEqual({ unit: 'minutes', n: 4 });
  expect(waitingSpan(since, at(60 * 60_000))).toEqual({ unit: 'hours', n: 1 });
  expect(waitingSpan(since, at(25 * 60 * 60_000))).toEqual({ unit: 'days', n: 1 });
});

test('a time ahead of the clock or unreadable is a moment, never a negative wait', () => {
  expect(waitingSpan(since, at(-5 * 60_000))).toEqual({ unit: 'moment' });
  expect(waitingSpan('not a date', at(0))).toEqual({ unit: 'moment' });
});
