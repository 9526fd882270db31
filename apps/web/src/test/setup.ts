import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { endUnansweredCalls } from './api-double.ts';

// What jsdom lacks and Mantine reads: the colour scheme query, element sizes and font loading. A test that runs in
// Node (`@vitest-environment node`) has no window at all.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }) as unknown as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}

// Files of a worker share one page (vitest.config.ts): each starts with nothing stored, as a new visitor.
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
}

// A query waits up to 5 s for what the person would see (a lazy page, a slow machine): only a failing test waits that long.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  endUnansweredCalls();
  vi.unstubAllGlobals();
});
