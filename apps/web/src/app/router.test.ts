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

test('the meeting room takes a UUID room id; anything else is the 404 page', () => {
  const find = (list: RouteObject[]): RouteObject | undefined =>
    list.map((route) => (route.path === webPages.meeting ? route : find(route.children ?? []))).find(Boolean);
  const validate = (find(routes)?.handle as { validate?: (params: Record<string, string>) => boolean } | undefined)?.validate;
  expect(validate?.({ roomId: '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f' })).toBe(true);
  expect(validate?.({ roomId: '6F1C2D4E-8A9B-4C3D-9E2F-1A2B3C4D5E6F' })).toBe(true);
  expect(validate?.({ roomId: 'room-1' })).toBe(false);
  expect(validate?.({ roomId: '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6' })).toBe(false);
});
