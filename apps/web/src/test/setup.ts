import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
