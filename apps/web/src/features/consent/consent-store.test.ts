import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  grantsOf,
  parseConsent,
  readConsent,
  saveConsent,
  subscribeConsent,
} from './consent-store.ts';

const both = ['analytics', 'advertising'] as const;
const stored = (value: unknown) => JSON.stringify(value);
const at = '2025-03-01T10:00:00.000Z';

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('parseConsent: a stored choice counts only under the current policy and when it answers what is offered', () => {
  test('nothing stored: ask', () => {
    expect(parseConsent(null, both)).toBeNull();
  });

  test('a full answer under this policy is the choice', () => {
    const record = { version: CONSENT_POLICY_VERSION, decidedAt: at, analytics: true, advertising: false };
    expect(parseConsent(stored(record), both)).toEqual(record);
    expect(grantsOf(parseConsent(stored(record), both))).toEqual({ analytics: true, advertising: false });
  });

  test('a choice made under another policy version asks again', () => {
    const record = { version: CONSENT_POLICY_VERSION - 1, decidedAt: at, analytics: true, advertising: true };
    expect(parseConsent(stored(record), both)).toBeNull();
  });

  test('a category configured since the choice (the pixel added) asks again', () => {
    const record = { version: CONSENT_POLICY_VERSION, decidedAt: at, analytics: true };
    expect(parseConsent(stored(record), ['analytics'])).toEqual(record);
    expect(parseConsent(stored(record), both)).toBeNull();
  });

  test.each([
    'not json',
    'null',
    '"yes"',
    stored({ version: CONSENT_POLICY_VERSION, analytics: true, advertising: true }),
    stored({ version: CONSENT_POLICY_VERSION, decidedAt: 'yesterday', analytics: true, advertising: true }),
    stored({ version: CONSENT_POLICY_VERSION, decidedAt: at, analytics: 'yes', advertising: true }),
    stored({ version: String(CONSENT_POLICY_VERSION), decidedAt: at, analytics: true, advertising: true }),
  ])('%s is no choice: ask (never read as a yes)', (raw) => {
    expect(parseConsent(raw, both)).toBeNull();
    expect(grantsOf(parseConsent(raw, both))).toEqual({ analytics: false, advertising: false });
  });
});

describe('saveConsent', () => {
  test('keeps the answers to what was offered, dated and versioned, and tells the subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    const record = saveConsent({ analytics: true, advertising: true }, ['analytics'], new Date(at));
    unsubscribe();
    expect(record).toEqual({ version: CONSENT_POLICY_VERSION, decidedAt: at, analytics: true });
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual(record);
    expect(readConsent(['analytics'])).toEqual(record);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('a category left unticked is a no', () => {
    saveConsent({ analytics: true }, both, new Date(at));
    expect(grantsOf(readConsent(both))).toEqual({ analytics: true, advertising: false });
  });

  test('a choice changed in another tab reaches this one', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'rozmova-language' }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('without localStorage the choice holds for the page', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    saveConsent({ analytics: false, advertising: false }, both, new Date(at));
    expect(readConsent(both)).toEqual({ version: CONSENT_POLICY_VERSION, decidedAt: at, analytics: false, advertising: false });
  });
});
