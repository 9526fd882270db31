import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { useAfterHydration, useHydrated } from './use-hydrated.ts';

function Year() {
  const year = useAfterHydration(2026, () => 2031);
  const hydrated = useHydrated();
  return (
    <p>
      {year} {hydrated ? 'ready' : 'waiting'}
    </p>
  );
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.innerHTML = '';
});

test('the HTML holds the hydration value; the browser hydrates it without a mismatch, then shows the current one', async () => {
  const html = renderToString(<Year />);
  expect(html).toContain('2026');
  expect(html).toContain('waiting');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    hydrateRoot(container, <Year />, { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors.mock.calls).toEqual([]);
  expect(container.textContent).toBe('2031 ready');
  errors.mockRestore();
});
