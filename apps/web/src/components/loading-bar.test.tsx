import { authApi } from '@rozmova/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { call } from '../lib/api-client.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { LoadingBar } from './loading-bar.tsx';

describe('the loading bar', () => {
  it('shows while any request is in flight, and goes when the last one ends', async () => {
    const api = createApiDouble();
    const answers: (() => void)[] = [];
    api.on(authApi.profile, () => new Promise((resolve) => answers.push(() => resolve({ body: aUser('patient') }))));
    await show(<LoadingBar />, { api });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    let requests: Promise<unknown>[] = [];
    act(() => {
      requests = [call(authApi.profile), call(authApi.profile)];
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => {
      answers[0]!();
      await requests[0];
    });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await act(async () => {
      answers[1]!();
      await requests[1];
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('goes also when a request fails', async () => {
    const api = createApiDouble();
    api.on(authApi.profile, { status: 500, error: { code: 'INTERNAL_ERROR', message: 'Boom' } });
    await show(<LoadingBar />, { api, locale: 'uk' });
    let request: Promise<unknown> = Promise.resolve();
    act(() => {
      request = call(authApi.profile).catch(() => undefined);
    });
    expect(screen.getByRole('progressbar', { name: 'Завантаження' })).toBeInTheDocument();
    await act(async () => {
      await request;
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
