import { monitoringApi } from '@rozmova/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SentryExamplePage } from './sentry-example-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

/** The monitor as the page finds it: configured or not (a DSN), and whether its SDK starts. */
const monitor = vi.hoisted(() => ({ configured: false, starts: true }));
vi.mock('../../lib/monitoring.ts', () => ({
  monitoringConfigured: () => monitor.configured,
  startMonitoring: () => Promise.resolve(monitor.starts),
}));

beforeEach(() => Object.assign(monitor, { configured: true, starts: true }));
afterEach(() => vi.restoreAllMocks());

const ON = 'Error monitoring is on. Release: development, environment: development.';

describe('the error monitoring check page', () => {
  it('says monitoring is off without a DSN and offers nothing to press', async () => {
    monitor.configured = false;
    await show(<SentryExamplePage />, { api: createApiDouble(), at: '/sentry-example-page' });

    expect(screen.getByText('Error monitoring is off')).toBeInTheDocument();
    expect(screen.getByText(/No DSN is set\. To send errors to Sentry or GlitchTip, set SENTRY_DSN/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('makes the API raise its test error and says it was reported', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    let answer: (value: { status: number; error: { code: string; message: string } }) => void = () => {};
    api.on(monitoringApi.exampleError, () => new Promise((resolve) => (answer = resolve)));
    await show(<SentryExamplePage />, { api, at: '/sentry-example-page' });

    expect(await screen.findByText(ON)).toBeInTheDocument();
    const raise = screen.getByRole('button', { name: 'Make the API raise an error' });
    await user.click(raise);
    await waitFor(() => expect(raise).toHaveAttribute('data-loading', 'true'));

    answer({ status: 500, error: { code: 'INTERNAL', message: 'Rozmova test error' } });
    expect(await screen.findByText('The API answered 500 and reported its test error under release development.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(monitoringApi.exampleError).map((call) => [call.method, call.path])).toEqual([
      ['GET', monitoringApi.exampleError.path],
    ]);
  });

  it('shows a refusal that is not the test error as an error', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(monitoringApi.exampleError, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    await show(<SentryExamplePage />, { api, at: '/sentry-example-page' });

    await user.click(await screen.findByRole('button', { name: 'Make the API raise an error' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
    expect(screen.queryByText(/The API answered 500/)).not.toBeInTheDocument();
  });

  it('throws the browser’s test error outside React and says so', async () => {
    const user = userEvent.setup({ delay: null });
    // The error is thrown from a timer, where the SDK's window handler would catch it: the test runs that timer itself.
    const later: (() => void)[] = [];
    const setTimer = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...rest: unknown[]) => {
      if (ms === undefined) return void later.push(callback);
      return setTimer(callback, ms, ...rest);
    }) as typeof setTimeout);
    await show(<SentryExamplePage />, { api: createApiDouble(), at: '/sentry-example-page' });

    await user.click(await screen.findByRole('button', { name: 'Raise an error in the browser' }));
    expect(
      screen.getByText('A test error was raised in the browser. Look for it in the monitor under release development.'),
    ).toBeInTheDocument();
    const thrown = later.map((callback) => {
      try {
        callback();
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(thrown).toContain('Rozmova test error: the browser raised it on purpose on /sentry-example-page');
  });

  it('in Ukrainian: says the monitor could not start and keeps the buttons off', async () => {
    monitor.starts = false;
    await show(<SentryExamplePage />, { api: createApiDouble(), at: '/sentry-example-page', locale: 'uk' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не вдалося запустити моніторинг помилок: його скрипт не завантажився. Оновіть сторінку, щоб спробувати ще раз.',
    );
    expect(screen.getByRole('button', { name: 'Викликати помилку в браузері' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Викликати помилку в API' })).toBeDisabled();
  });
});
