import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAccountRemoval, keepAccountRemoval, readAccountRemoval } from './account-removal.ts';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the notice after an account removal', () => {
  it.each(['none', 'cancelled', 'refund', 'noRefund'] as const)('carries "%s" to the landing page once', (outcome) => {
    keepAccountRemoval(outcome);
    expect(readAccountRemoval()).toBe(outcome);
    forgetAccountRemoval();
    expect(readAccountRemoval()).toBeUndefined();
  });

  it('is nothing when nothing was kept, or something it does not know', () => {
    expect(readAccountRemoval()).toBeUndefined();
    sessionStorage.setItem('rozmova-account-removed', 'partial-refund');
    expect(readAccountRemoval()).toBeUndefined();
  });

  it('is lost quietly where the browser keeps nothing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => keepAccountRemoval('refund')).not.toThrow();
    expect(readAccountRemoval()).toBeUndefined();
    expect(() => forgetAccountRemoval()).not.toThrow();
  });
});
