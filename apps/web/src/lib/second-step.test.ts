import { afterEach, describe, expect, it } from 'vitest';
import { forgetSecondStep, keepSecondStep, readSecondStep } from './second-step.ts';

const step = { second_step: 'enrol' as const, challenge: 'c'.repeat(43), expires_at: '2030-01-01T10:10:00.000Z' };
const before = Date.parse('2030-01-01T10:05:00Z');

describe('the half-signed-in challenge kept for the enrolment page', () => {
  afterEach(() => sessionStorage.clear());

  it('is read back while it lasts, for this tab only', () => {
    keepSecondStep(step);
    expect(readSecondStep(before)).toEqual(step);
    expect(localStorage.length).toBe(0);
  });

  it('is forgotten once expired, used or unreadable', () => {
    keepSecondStep(step);
    expect(readSecondStep(Date.parse(step.expires_at))).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    keepSecondStep(step);
    forgetSecondStep();
    expect(readSecondStep(before)).toBeUndefined();
    sessionStorage.setItem('rozmova-second-step', '{"second_step":"elsewhere"');
    expect(readSecondStep(before)).toBeUndefined();
  });
});
