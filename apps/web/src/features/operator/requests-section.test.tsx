import { notifications } from '@mantine/notifications';
import { supportDeskApi, type StaffSupportRequest } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { RequestsSection } from './requests-section.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const request = (overrides: Partial<StaffSupportRequest> = {}): StaffSupportRequest => ({
  id: 'req-1',
  source: 'desk',
  topic: 'payment',
  status: 'open',
  message: 'I was charged twice.',
  locale: 'uk',
  hasAttachment: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  closedAt: null,
  replies: [],
  email: 'sofiia@rozmova.test',
  userId: 'user-1',
  patientId: 'pat-1',
  requesterName: 'Sofiia Bondar',
  appointmentId: null,
  details: {},
  attachmentContentType: null,
  attachmentSize: null,
  operatorId: null,
  operatorName: null,
  ...overrides,
});

const payment = request();
const fromCall = request({
  id: 'req-2',
  source: 'call',
  topic: 'technical',
  requesterName: null,
  email: 'visitor@example.test',
  patientId: null,
  locale: 'en',
  message: 'No sound.',
  details: { browser: 'Chrome 140', roundTripMs: 42 },
});

function desk(queue: StaffSupportRequest[], one: StaffSupportRequest = payment): ApiDouble {
  const api = createApiDouble();
  api.on(supportDeskApi.queue, { body: { requests: queue } });
  api.on(supportDeskApi.get, { body: one });
  return api;
}

async function openDesk(api: ApiDouble, at = '/operator/requests', locale: 'en' | 'uk' = 'en') {
  const view = await show(
    <>
      <RequestsSection />
      <Toasts />
    </>,
    { api, at, locale },
  );
  return view.router;
}

const queueList = () => screen.getByRole('list', { name: 'Requests' });

describe('the support desk queue', () => {
  it('shows the waiting requests by topic, requester and source', async () => {
    const api = desk([payment, fromCall]);
    await openDesk(api);
    const items = await within(queueList()).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Payment');
    expect(items[0]).toHaveTextContent('Sofiia Bondar');
    expect(items[0]).toHaveTextContent('Waiting');
    expect(items[1]).toHaveTextContent('Technical problem');
    expect(items[1]).toHaveTextContent('From a call');
    expect(items[1]).toHaveTextContent('visitor@example.test');
    expect(api.callsTo(supportDeskApi.queue).map((call) => call.query)).toEqual([{ status: 'open' }]);
    expect(screen.getByText('Choose a request to see it.')).toBeInTheDocument();
  });

  it('filters by status through the address, and All asks for every status', async () => {
    const api = desk([payment]);
    const router = await openDesk(api);
    await within(queueList()).findByRole('listitem');
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(api.callsTo(supportDeskApi.queue).at(-1)!.query).toEqual({ status: 'closed' }));
    expect(router.state.location.search).toBe('?status=closed');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(api.callsTo(supportDeskApi.queue).at(-1)!.query).toEqual({}));
  });

  it('starts from the status in the address, and ignores one it does not know', async () => {
    const api = desk([payment]);
    await openDesk(api, '/operator/requests?status=in_progress');
    await waitFor(() => expect(api.callsTo(supportDeskApi.queue)[0]!.query).toEqual({ status: 'in_progress' }));
    expect(screen.getByRole('radio', { name: 'In progress' })).toBeChecked();
  });

  it('falls back to the waiting ones for an unknown status', async () => {
    const api = desk([payment]);
    await openDesk(api, '/operator/requests?status=lost');
    await waitFor(() => expect(api.callsTo(supportDeskApi.queue)[0]!.query).toEqual({ status: 'open' }));
  });

  it('says when there are none, in Ukrainian too', async () => {
    await openDesk(desk([]), '/operator/requests', 'uk');
    expect(await screen.findByText('Тут звернень немає.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Звернення до підтримки' })).toBeInTheDocument();
  });

  it('shows why the queue cannot be read', async () => {
    const api = createApiDouble();
    api.on(supportDeskApi.queue, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openDesk(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

describe('one request', () => {
  it('opens from the queue, marked as the current one, with its message and requester', async () => {
    const api = desk([payment, fromCall]);
    const router = await openDesk(api);
    const [first] = await within(queueList()).findAllByRole('listitem');
    await user.click(within(first!).getByRole('button'));
    const details = await screen.findByRole('region', { name: 'Payment' });
    expect(details).toHaveTextContent('I was charged twice.');
    expect(within(details).getByRole('link', { name: 'sofiia@rozmova.test' })).toHaveAttribute('href', 'mailto:sofiia@rozmova.test');
    expect(within(first!).getByRole('button')).toHaveAttribute('aria-current', 'true');
    expect(router.state.location.search).toBe('?request=req-1');
  });

  it('shows a call’s technical details and the replies so far', async () => {
    const answered = request({
      ...fromCall,
      status: 'in_progress',
      operatorName: 'Iryna Shevchuk',
      replies: [
        {
          id: 'r1',
          channel: 'email',
          text: 'Try another browser.',
          authorName: 'Iryna Shevchuk',
          fromRequester: false,
          createdAt: '2026-11-20T12:10:00.000Z',
        },
        {
          id: 'r2',
          channel: 'email',
          text: 'Still nothing.',
          authorName: null,
          fromRequester: true,
          createdAt: '2026-11-20T12:20:00.000Z',
        },
      ],
    });
    await openDesk(desk([answered], answered), '/operator/requests?request=req-2');
    const details = await screen.findByRole('region', { name: 'Technical problem' });
    expect(details).toHaveTextContent('Visitor ·');
    expect(details).toHaveTextContent('Taken by Iryna Shevchuk');
    expect(details).toHaveTextContent('browser: Chrome 140');
    expect(details).toHaveTextContent('roundTripMs: 42');
    expect(details).toHaveTextContent(/Iryna Shevchuk · .* · by e-mail/);
    expect(details).toHaveTextContent('Try another browser.');
    expect(details).toHaveTextContent(/The requester wrote · /);
    expect(within(details).queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
  });

  it('offers neither the actions nor the answer once the request is closed', async () => {
    const closed = request({ status: 'closed', closedAt: '2026-11-21T10:00:00.000Z' });
    await openDesk(desk([closed], closed), '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    expect(within(details).queryByRole('button')).not.toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('takes the request and shows it as in progress', async () => {
    const api = desk([payment]);
    const taken = { ...payment, status: 'in_progress' as const, operatorName: 'Iryna Shevchuk' };
    api.on(supportDeskApi.take, () => {
      // The server's request is taken from now on: the list and the request read again show it so.
      api.on(supportDeskApi.get, { body: taken });
      return { body: taken };
    });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(details).getByRole('button', { name: 'Take' }));
    expect(await within(details).findByText('Taken by Iryna Shevchuk')).toBeInTheDocument();
    expect(api.callsTo(supportDeskApi.take, { id: 'req-1' })[0]!.method).toBe('POST');
    expect(within(details).queryByRole('button', { name: 'Take' })).not.toBeInTheDocument();
  });

  it('says so when another operator took it first', async () => {
    const api = desk([payment]);
    api.on(supportDeskApi.take, { status: 409, error: { code: 'SUPPORT_REQUEST_TAKEN', message: 'Taken' } });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(details).getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Another operator has already taken this request, or it is closed.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(supportDeskApi.queue).length).toBeGreaterThan(1));
  });

  it('closes the request', async () => {
    const api = desk([payment]);
    const closed = { ...payment, status: 'closed' as const };
    api.on(supportDeskApi.close, () => {
      api.on(supportDeskApi.get, { body: closed });
      return { body: closed };
    });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(details).getByRole('button', { name: 'Close request' }));
    await waitFor(() => expect(within(details).queryByRole('button', { name: 'Close request' })).not.toBeInTheDocument());
    expect(details).toHaveTextContent('Closed');
    expect(api.callsTo(supportDeskApi.close, { id: 'req-1' })).toHaveLength(1);
  });
});

describe('answering a request', () => {
  it('answers by e-mail by default and empties the box after', async () => {
    const api = desk([payment]);
    api.on(supportDeskApi.reply, { body: { ...payment, status: 'in_progress' } });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    expect(within(details).getByRole('combobox', { name: 'Answer' })).toHaveValue('email');
    expect(within(details).getByText('The requester wrote in Ukrainian.')).toBeInTheDocument();
    await user.type(within(details).getByRole('textbox', { name: 'Your answer' }), 'We have refunded the second charge.');
    await user.click(within(details).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer sent.')).toBeInTheDocument();
    const [sent] = api.callsTo(supportDeskApi.reply, { id: 'req-1' });
    expect(sent).toMatchObject({ method: 'POST', body: { channel: 'email', text: 'We have refunded the second charge.' } });
    await waitFor(() => expect(within(details).getByRole('textbox', { name: 'Your answer' })).toHaveValue(''));
  });

  it('offers the patient’s chat only when the requester is a patient', async () => {
    const api = desk([payment]);
    api.on(supportDeskApi.reply, { body: payment });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    const channel = within(details).getByRole('combobox', { name: 'Answer' });
    expect(
      within(channel)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['By e-mail to sofiia@rozmova.test', "In the patient's support chat"]);
    await user.selectOptions(channel, 'chat');
    await user.type(within(details).getByRole('textbox', { name: 'Your answer' }), 'Answered in the chat.');
    await user.click(within(details).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.callsTo(supportDeskApi.reply)[0]!.body).toEqual({ channel: 'chat', text: 'Answered in the chat.' }));
  });

  it('has only e-mail for a visitor', async () => {
    await openDesk(desk([fromCall], fromCall), '/operator/requests?request=req-2');
    const details = await screen.findByRole('region', { name: 'Technical problem' });
    const channel = within(details).getByRole('combobox', { name: 'Answer' });
    expect(within(channel).getAllByRole('option')).toHaveLength(1);
    expect(within(details).getByText('The requester wrote in English.')).toBeInTheDocument();
  });

  it('refuses an empty answer before sending', async () => {
    const api = desk([payment]);
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    await user.type(within(details).getByRole('textbox', { name: 'Your answer' }), '   ');
    await user.click(within(details).getByRole('button', { name: 'Send answer' }));
    expect(await within(details).findByText('Write your message')).toBeInTheDocument();
    expect(api.callsTo(supportDeskApi.reply)).toEqual([]);
  });

  it('keeps the answer and shows the refusal when the server will not send it', async () => {
    const api = desk([payment]);
    api.on(supportDeskApi.reply, { status: 409, error: { code: 'SUPPORT_REQUEST_TAKEN', message: 'Taken' } });
    await openDesk(api, '/operator/requests?request=req-1');
    const details = await screen.findByRole('region', { name: 'Payment' });
    await user.type(within(details).getByRole('textbox', { name: 'Your answer' }), 'Refunded.');
    await user.click(within(details).getByRole('button', { name: 'Send answer' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent('Another operator has already taken this request');
    expect(within(details).getByRole('textbox', { name: 'Your answer' })).toHaveValue('Refunded.');
  });

  it('takes no more than 5000 characters', async () => {
    await openDesk(desk([payment]), '/operator/requests?request=req-1');
    const answer = within(await screen.findByRole('region', { name: 'Payment' })).getByRole('textbox', { name: 'Your answer' });
    await user.click(answer);
    await user.paste('a'.repeat(5100));
    expect(answer).toHaveValue('a'.repeat(5000));
  });
});
