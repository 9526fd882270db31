import { bookingPages, webPages } from '@rozmova/contracts';
import type { RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import enTexts from '../locales/en.json';
import ukTexts from '../locales/uk.json';
import { routes } from './router.tsx';

function pagePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...pagePaths(route.children ?? []),
  ]);
}

test('the router declares exactly the pages of contracts (the list the server answers 404 outside of)', () => {
  expect(pagePaths(routes).sort()).toEqual(Object.values(webPages).sort());
});

test('every page has a title in both languages', () => {
  const keys = [...Object.keys(webPages).filter((page) => page !== 'booking'), ...bookingPages, 'notFound', 'internal'];
  for (const texts of [enTexts, ukTexts]) {
    const titles = texts.pageTitle as Record<string, string>;
    for (const key of keys) expect(titles[key], key).toMatch(/\S/);
  }
});
