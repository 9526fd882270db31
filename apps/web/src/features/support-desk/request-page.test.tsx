import { Notifications, notifications } from '@mantine/notifications';
import { supportDeskApi, type SupportRequest } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SupportRequestPage } from './request-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const request = (changes: Partial<SupportRequest> = {}): SupportRequest => ({
  id: 'request-1',
  source: 'desk',
  topic: 'payment',
  status: 'in_progress',
  message: 'My card was charged twice',
  locale: 'en',
  hasAttachment: true,
  createdAt: '2026-03-10T08:00:00Z',
  closedAt: null,
  replies: [
    {
      id: 'reply-1',
      channel: 'email',
      text: 'We are checking it with the bank.',
      authorName: 'Maria',
      fromRequester: false,
      createdAt: '2026-03-10T09:00:00Z',
    },
  ],
  ...changes,
});

const page = (
  <>
    <Notifications />
    <SupportRequestPage />
  </>
);
const open = (api: ReturnType<typeof createApiDouble>, locale: 'en' | 'uk' = 'en') =>
  show(page, { api, at: '/support/requests/request-1?token=secret-token', route: '/support/requests/:requestId', locale });

afterEach(() => notifications.clean());

describe("a support request's page", () => {
  it('shows the request, its status and the answers to the holder of its link', async () => {
    const api = createApiDouble();
    api.on(supportDeskApi.get, { body: request() });
    await open(api);

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: /^Payment · / })).toBeInTheDocument();
    expect(article).toHaveTextContent('In progress');
    expect(article).toHaveTextContent('My card was charged twice');
    expect(article).toHaveTextContent('A file is attached.');
    expect(article).toHaveTextContent(/Maria · .* · by e-mail/);
    expect(article).toHaveTextContent('We are checking it with the bank.');
    expect(api.callsTo(supportDeskApi.get, { id: 'request-1' }).map((call) => call.query)).toEqual([{ token: 'secret-token' }]);
  });

  it('sends a written-back message with the link’s token and shows it at once', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(supportDeskApi.get, { body: request() });
    const mine = {
      id: 'reply-2',
      channel: 'email' as const,
      text: 'It was on 8 March.',
      authorName: null,
      fromRequester: true,
      createdAt: '2026-03-10T10:00:00Z',
    };
    api.on(supportDeskApi.followUp, { body: request({ replies: [...request().replies, mine] }) });
    await open(api);

    const field = await screen.findByRole('textbox', { name: 'Write back' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write your message')).toBeInTheDocument();
    expect(api.callsTo(supportDeskApi.followUp)).toEqual([]);

    await user.type(field, '  It was on 8 March.  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Sent. The operator sees it with your request.')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent(/You · .*It was on 8 March\./);
    expect(field).toHaveValue('');
    expect(api.callsTo(supportDeskApi.followUp, { id: 'request-1' }).map((call) => [call.method, call.query, call.body])).toEqual([
      ['POST', { token: 'secret-token' }, { text: 'It was on 8 March.' }],
    ]);
  });

  it('in Ukrainian: keeps the written words and shows the refusal while the button waits', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(supportDeskApi.get, { body: request({ status: 'closed', replies: [] }) });
    let answer: (value: { status: 429; error: { code: string; message: string } }) => void = () => {};
    api.on(supportDeskApi.followUp, () => new Promise((resolve) => (answer = resolve)));
    await open(api, 'uk');

    expect(await screen.findByText('Звернення закрито.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Ваша відповідь' }), 'Проблема повернулася');
    const send = screen.getByRole('button', { name: 'Надіслати' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());

    answer({ status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Забагато спроб. Зачекайте хвилину і спробуйте знову');
    expect(screen.getByRole('textbox', { name: 'Ваша відповідь' })).toHaveValue('Проблема повернулася');
  });

  it('says a broken link cannot be opened and offers a new request', async () => {
    const api = createApiDouble();
    api.on(supportDeskApi.get, { status: 404, error: { code: 'NOT_FOUND', message: 'No such request' } });
    await open(api);

    expect(await screen.findByText("We can't open this request")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute('href', '/support');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
