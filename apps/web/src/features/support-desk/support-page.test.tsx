import { supportDeskApi, type Role, type SupportRequest } from '@rozmova/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { anAccount } from '../../test/fixtures.ts';
import { show } from '../../test/render.tsx';
import { SupportPage } from './support-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const person = (role: Role) => anAccount({ role, role_specific_data: {} });

const created = (changes: Partial<SupportRequest> = {}): SupportRequest => ({
  id: 'request-1',
  source: 'desk',
  topic: 'payment',
  status: 'open',
  message: 'My card was charged twice',
  locale: 'en',
  hasAttachment: false,
  createdAt: '2026-03-10T08:00:00Z',
  closedAt: null,
  replies: [],
  ...changes,
});

const message = () => screen.getByRole('textbox', { name: /What happened\?/ });

describe('the support desk form', () => {
  it('sends a visitor’s request with the e-mail for the answer and says a private link was mailed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(supportDeskApi.create, { status: 201, body: created() });
    await show(<SupportPage />, { api, at: '/support' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'Payment');
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'visitor@example.com');
    await user.type(message(), 'My card was charged twice');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const sent = await screen.findByRole('status', { name: 'Request sent' });
    expect(sent).toHaveTextContent('We have e-mailed you a private link where you can follow its status and answers.');
    expect(api.callsTo(supportDeskApi.create).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/v1/support-requests',
        { topic: 'payment', message: 'My card was charged twice', email: 'visitor@example.com', locale: 'en' },
      ],
    ]);
    expect(message()).toHaveValue('');
  });

  it('asks a visitor for an e-mail and the words before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    await show(<SupportPage />, { api, at: '/support' });

    await user.type(message(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Write your message')).toBeInTheDocument();
    expect(api.callsTo(supportDeskApi.create)).toEqual([]);
  });

  it('refuses a message over 5000 characters and an attachment over 10 MB before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    await show(<SupportPage />, { api, at: '/support' });

    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'visitor@example.com');
    fireEvent.change(message(), { target: { value: 'x'.repeat(5001) } });
    const screenshot = new File(['png'], 'screen.png', { type: 'image/png' });
    Object.defineProperty(screenshot, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, screenshot);
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('The message is too long (at most 5000 characters)')).toBeInTheDocument();
    expect(screen.getByText('The file is larger than 10 MB.')).toBeInTheDocument();
    expect(api.callsTo(supportDeskApi.create)).toEqual([]);
  });

  it('starts from the FAQ question the person came from, with its topic', async () => {
    await show(<SupportPage />, { api: createApiDouble(), at: '/support?topic=payment&question=How%20do%20I%20get%20a%20refund%3F' });
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('payment');
    expect(message()).toHaveValue('About the question "How do I get a refund?":\n\n');
  });

  it('sends a signed-in patient’s request without asking for an e-mail, and points to their requests', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(supportDeskApi.create, { status: 201, body: created({ topic: 'other' }) });
    await show(<SupportPage />, { api, at: '/support', user: person('patient') });

    expect(screen.queryByRole('textbox', { name: /E-mail/ })).not.toBeInTheDocument();
    await user.type(message(), 'The camera does not start');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('status', { name: 'Request sent' })).toHaveTextContent('You can follow its status in your account.');
    expect(screen.getByRole('link', { name: 'My requests' })).toHaveAttribute('href', '/user?tab=requests');
    expect(api.callsTo(supportDeskApi.create)[0]?.body).toEqual({ topic: 'other', message: 'The camera does not start', locale: 'en' });
  });

  it('shows staff that they answer requests in the console, without a form', async () => {
    await show(<SupportPage />, { api: createApiDouble(), at: '/support', user: person('operator') });
    expect(screen.getByText('Staff accounts answer requests in the console; they do not send them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });

  it('in Ukrainian: is busy while sending, then keeps the words and shows the refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    let answer: (value: { status: 500; error: { code: string; message: string } }) => void = () => {};
    api.on(supportDeskApi.create, () => new Promise((resolve) => (answer = resolve)));
    await show(<SupportPage />, { api, at: '/support', locale: 'uk' });

    await user.type(screen.getByRole('textbox', { name: /Ел. пошта/ }), 'visitor@example.com');
    await user.type(screen.getByRole('textbox', { name: /Що сталося\?/ }), 'Не працює камера');
    const send = screen.getByRole('button', { name: 'Надіслати звернення' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());

    answer({ status: 500, error: { code: 'SOMETHING_NEW', message: 'Boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Сталася помилка');
    expect(screen.getByRole('textbox', { name: /Що сталося\?/ })).toHaveValue('Не працює камера');
    expect(screen.queryByRole('status', { name: 'Звернення надіслано' })).not.toBeInTheDocument();
  });
});
