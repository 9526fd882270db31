import { Notifications } from '@mantine/notifications';
import { contactApi } from '@rozmova/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { createApiDouble, fieldRefusal } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ContactsPage } from './contacts-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

/** The page with the app's toasts, where "sent" is told. */
const page = (
  <>
    <Notifications />
    <ContactsPage />
  </>
);

afterEach(() => notifications.clean());

async function fill(user: UserEvent, { name = 'Olena', email = 'olena@example.com', message = 'When do you answer?' } = {}) {
  if (name) await user.type(screen.getByRole('textbox', { name: /Name/ }), name);
  if (email) await user.type(screen.getByRole('textbox', { name: /E-mail/ }), email);
  if (message) await user.type(screen.getByRole('textbox', { name: /Message/ }), message);
}

describe('the contact form', () => {
  it('sends the message, says it was sent and empties the form', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(contactApi.send, { status: 204 });
    await show(page, { api, at: '/contacts' });

    expect(screen.getByRole('heading', { name: 'Contacts', level: 1 })).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByText('Thank you! We will reply to your e-mail soon.')).toBeInTheDocument();
    expect(api.callsTo(contactApi.send).map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', contactApi.send.path, { name: 'Olena', email: 'olena@example.com', message: 'When do you answer?' }],
    ]);
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it('names every missing field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    await show(page, { api, at: '/contacts' });

    await fill(user, { name: '   ', email: 'olena@', message: '' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Write your message')).toBeInTheDocument();
    expect(api.callsTo(contactApi.send)).toEqual([]);
  });

  it('refuses a message over 5000 characters before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    await show(page, { api, at: '/contacts' });

    await fill(user, { message: '' });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'a'.repeat(5001) } });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('The message is too long (at most 5000 characters)')).toBeInTheDocument();
    expect(api.callsTo(contactApi.send)).toEqual([]);
  });

  it('shows the server’s refusal of a field on that field and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(contactApi.send, fieldRefusal({ path: 'body.name', code: 'ONE_LINE_TEXT', message: 'Control characters are not allowed' }));
    await show(page, { api, at: '/contacts' });

    await fill(user, { name: 'Olena\u0007' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Use one line of text, without tabs or special characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Use one line of text, without tabs or special characters',
    );
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveValue('When do you answer?');
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });

  it('in Ukrainian: keeps the input, shows the docs/product.md §8 text for too many tries, and is busy while sending', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    let answer: (value: { status: 429; error: { code: string; message: string } }) => void = () => {};
    api.on(contactApi.send, () => new Promise((resolve) => (answer = resolve)));
    await show(page, { api, at: '/contacts', locale: 'uk' });

    await user.type(screen.getByRole('textbox', { name: /Ім'я/ }), 'Олена');
    await user.type(screen.getByRole('textbox', { name: /Ел. пошта/ }), 'olena@example.com');
    await user.type(screen.getByRole('textbox', { name: /Повідомлення/ }), 'Добрий день');
    const send = screen.getByRole('button', { name: 'Надіслати повідомлення' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());

    answer({ status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    const refusal = await screen.findByText('Забагато спроб. Зачекайте хвилину і спробуйте знову');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(send).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Повідомлення/ })).toHaveValue('Добрий день');
  });

  it('tells where to get urgent help', async () => {
    await show(page, { api: createApiDouble(), at: '/contacts' });
    expect(
      screen.getByText('If you are in danger, call 112. The Lifeline Ukraine line for emotional support is 7333.'),
    ).toBeInTheDocument();
  });
});
