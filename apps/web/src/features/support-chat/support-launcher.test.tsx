import { messagesApi, supportApi, type Message, type SupportStatus } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { anAccount } from '../../test/fixtures.ts';
import { show } from '../../test/render.tsx';
import SupportLauncher from './support-launcher.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const patient = anAccount({ role_specific_data: {} });

const fromOperator = (seq: number, text: string): Message => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  message_patientId: 'patient-1',
  message_operatorId: 'operator-1',
  message_doctorId: null,
  message_appointmentId: null,
  message_recipientType: 'patient',
  message_senderType: 'operator',
  message_status: 'Delivered',
  message_text: text,
  message_documentId: null,
  message_documentName: null,
  message_senderName: 'Anna',
  client_message_id: `10000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  message_seq: seq,
  created_at: new Date(Date.UTC(2026, 2, 10, 8, seq)).toISOString(),
});

const online: SupportStatus = {
  availability: 'online',
  operator: { id: 'operator-1', user_name: 'Anna', availability: 'online' },
  chat_patient_status: 'active',
};

function chatDouble(messages: Message[], status: SupportStatus = online) {
  const api = createApiDouble();
  // Newest first, as the server pages them.
  api.on(messagesApi.list, { body: { messages: [...messages].reverse() } });
  api.on(supportApi.status, { body: status });
  api.on(messagesApi.markRead, { body: { updated: messages.length } });
  return api;
}

// The chat's outbox keeps unsent messages per user in this tab.
beforeEach(() => sessionStorage.clear());

describe('the support chat launcher', () => {
  it('counts the operator’s unread messages and marks them read once the chat is open', async () => {
    const user = userEvent.setup({ delay: null });
    const api = chatDouble([fromOperator(1, 'Hello! How can I help?'), fromOperator(2, 'Are you still there?')]);
    await show(<SupportLauncher userId="user-1" />, { api, user: patient });

    const launcher = await screen.findByRole('button', { name: 'Chat with us, unread messages: 2' });
    expect(api.callsTo(messagesApi.markRead)).toEqual([]);
    await user.click(launcher);

    const drawer = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(await within(drawer).findByText('Are you still there?')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('Online. An operator usually answers within a few minutes.');
    expect(drawer).toHaveTextContent('Your operator: Anna');
    await waitFor(() => expect(api.callsTo(messagesApi.markRead)).toHaveLength(1));
    expect(api.callsTo(messagesApi.markRead)[0]?.method).toBe('PATCH');
    await waitFor(() => expect(launcher).toHaveAccessibleName('Chat with us'));
  });

  it('sends what the patient writes to the operators', async () => {
    const user = userEvent.setup({ delay: null });
    const api = chatDouble([]);
    api.on(messagesApi.send, (call) => {
      const body = call.body as { message_text: string; client_message_id: string };
      const mine: Message = {
        ...fromOperator(1, body.message_text),
        message_senderType: 'patient',
        message_recipientType: 'operator',
        message_operatorId: null,
        message_senderName: null,
        message_status: 'Sent',
        client_message_id: body.client_message_id,
      };
      return { status: 201, body: mine };
    });
    await show(<SupportLauncher userId="user-1" />, { api, user: patient });

    await user.click(await screen.findByRole('button', { name: 'Chat with us' }));
    const drawer = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(await within(drawer).findByText(/Ask your question here/)).toBeInTheDocument();
    const send = within(drawer).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(within(drawer).getByRole('textbox', { name: 'Message' }), 'I cannot find my receipt');
    await user.click(send);

    expect(await within(drawer).findByText('I cannot find my receipt')).toBeInTheDocument();
    const [sent] = api.callsTo(messagesApi.send);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toMatchObject({ message_text: 'I cannot find my receipt', message_recipientType: 'operator' });
    expect((sent?.body as { client_message_id: string }).client_message_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(drawer).getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('in Ukrainian: says the operators are offline and that the conversation was closed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = chatDouble([], { availability: 'offline', operator: null, chat_patient_status: 'closed' });
    await show(<SupportLauncher userId="user-1" />, { api, user: patient, locale: 'uk' });

    await user.click(await screen.findByRole('button', { name: 'Напишіть нам' }));
    const drawer = await screen.findByRole('dialog', { name: 'Чат підтримки' });
    expect(await within(drawer).findByText(/Зараз операторів немає на зв’язку/)).toBeInTheDocument();
    expect(drawer).toHaveTextContent('Офлайн.');
    expect(drawer).toHaveTextContent('Цю розмову закрито. Напишіть ще раз, якщо потрібна допомога: оператор її підхопить.');
    expect(api.callsTo(messagesApi.markRead)).toEqual([]);
  });
});
