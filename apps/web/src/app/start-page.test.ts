import { describe, expect, it } from 'vitest';
import { showsPatientCalls } from '../lib/runtime-config.ts';
import enTexts from '../locales/en.json';
import ukTexts from '../locales/uk.json';
import { startPageOf } from './start-page.ts';

const diagnosis = () => Promise.resolve({});
const text = (texts: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);

describe('APP_MODE: what / is', () => {
  it('landing: the landing page', async () => {
    const start = startPageOf('landing', diagnosis);
    expect(start.title).toBe('home');
    const { HomePage } = await import('../features/landing/home-page.tsx');
    expect(await start.lazy()).toEqual({ Component: HomePage });
  });

  it('quizz: the self-check, the page /diagnosis shows', () => {
    const start = startPageOf('quizz', diagnosis);
    expect(start.title).toBe('diagnosis');
    expect(start.lazy).toBe(diagnosis);
  });

  it('doctor: the staff sign-in, titled in both languages', async () => {
    const start = startPageOf('doctor', diagnosis);
    const { StaffSignInPage } = await import('../features/auth/staff-sign-in-page.tsx');
    expect(await start.lazy()).toEqual({ Component: StaffSignInPage });
    for (const texts of [enTexts, ukTexts]) expect(text(texts, start.title)).toMatch(/\S/);
    expect(text(ukTexts, start.title)).not.toBe(text(enTexts, start.title));
  });

  it("the patient pages' calls to action are hidden only in doctor mode", () => {
    expect(showsPatientCalls('landing')).toBe(true);
    expect(showsPatientCalls('quizz')).toBe(true);
    expect(showsPatientCalls('doctor')).toBe(false);
  });
});
