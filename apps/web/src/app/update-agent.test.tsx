import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../components/toasts.tsx';
import { show } from '../test/render.tsx';
import UpdateAgent, { type UpdateAgentProps } from './update-agent.tsx';

afterEach(() => notifications.clean());

/** The server's build manifest: it names `serverBuild`. */
function serverWith(serverBuild: string) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ build_id: serverBuild }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

interface Options {
  build?: string;
  unsaved?: boolean;
  reloadIntoUpdate?: UpdateAgentProps['guard']['reloadIntoUpdate'];
  routes?: RouteObject[];
  locale?: 'en' | 'uk';
}

async function openPage({ build = 'build-1', unsaved = false, reloadIntoUpdate = () => false, routes = [], locale }: Options = {}) {
  const guard = { hasUnsavedInput: () => unsaved, isReloading: () => false, reloadIntoUpdate: vi.fn(reloadIntoUpdate) };
  const view = await show(
    <>
      <Toasts />
      <UpdateAgent build={{ id: build, manifestUrl: '/api/version' }} guard={guard} routes={routes} />
      <Link to="/faq">Questions and answers</Link>
    </>,
    { at: '/user', locale },
  );
  return { ...view, guard };
}

describe('a new version of the app', () => {
  it('is announced as a polite status with a reload button when the server has another build', async () => {
    const fetch = serverWith('build-2');
    await openPage();
    const title = await screen.findByText('A new version of Rozmova is ready');
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('Reload the page to use it. It also loads when you go to another page.');
    expect(within(notice).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/version', expect.objectContaining({ cache: 'no-store' }));
  });

  it('is announced in Ukrainian', async () => {
    serverWith('build-2');
    await openPage({ locale: 'uk' });
    expect(await screen.findByText('Доступна нова версія Rozmova')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перезавантажити' })).toBeInTheDocument();
  });

  it('is not announced while the server has this build', async () => {
    const fetch = serverWith('build-1');
    await openPage();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(screen.queryByText('A new version of Rozmova is ready')).not.toBeInTheDocument();
  });

  it('is asked for again when the tab is back in view', async () => {
    const fetch = serverWith('build-1');
    await openPage();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    serverWith('build-2');
    act(() => window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('A new version of Rozmova is ready')).toBeInTheDocument();
  });

  it('is never asked for by a development build', async () => {
    const fetch = serverWith('build-2');
    await openPage({ build: 'development' });
    act(() => window.dispatchEvent(new Event('focus')));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads at the next change of page', async () => {
    serverWith('build-2');
    const { guard, router } = await openPage({ reloadIntoUpdate: () => true });
    await screen.findByText('A new version of Rozmova is ready');
    await userEvent.click(screen.getByRole('link', { name: 'Questions and answers' }));
    await waitFor(() => expect(guard.reloadIntoUpdate).toHaveBeenCalledWith('/user', '/faq', '/faq', false));
    // The full page load takes over: the app itself stays where it was.
    expect(router.state.location.pathname).toBe('/user');
  });

  it('moves on as usual when a reload is not allowed now (a call, unsent text, a reload a moment ago)', async () => {
    serverWith('build-2');
    const { guard } = await openPage({ reloadIntoUpdate: () => false });
    await screen.findByText('A new version of Rozmova is ready');
    await userEvent.click(screen.getByRole('link', { name: 'Questions and answers' }));
    expect(await screen.findByText('Left to another page')).toBeInTheDocument();
    expect(guard.reloadIntoUpdate).toHaveBeenCalled();
  });
});

describe('leaving unsent text', () => {
  it('asks first, starting on "Stay on the page", and staying keeps the page', async () => {
    serverWith('build-1');
    const user = userEvent.setup();
    const { router } = await openPage({ unsaved: true });
    await user.click(screen.getByRole('link', { name: 'Questions and answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('What you have written here is not sent yet. If you leave the page, it will be lost.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay on the page' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/user');
  });

  it('leaves when the person says so', async () => {
    serverWith('build-1');
    const user = userEvent.setup();
    await openPage({ unsaved: true });
    await user.click(screen.getByRole('link', { name: 'Questions and answers' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Left to another page')).toBeInTheDocument();
  });

  it('lets the browser ask before the tab is closed or reloaded', async () => {
    serverWith('build-1');
    await openPage({ unsaved: true });
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
  });

  it('asks nothing when there is no unsent text', async () => {
    serverWith('build-1');
    await openPage();
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Questions and answers' }));
    expect(await screen.findByText('Left to another page')).toBeInTheDocument();
  });
});

describe('preloading', () => {
  it('fetches the page a link leads to when the pointer is over it', async () => {
    serverWith('build-1');
    const load = vi.fn(async () => ({ Component: () => null }));
    await openPage({ routes: [{ path: '/faq', lazy: load }] });
    await userEvent.hover(screen.getByRole('link', { name: 'Questions and answers' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });
});
