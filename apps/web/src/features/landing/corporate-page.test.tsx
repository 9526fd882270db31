import { corporateApi } from '@rozmova/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { CorporatePage } from './corporate-page.tsx';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('the corporate request form', () => {
  it('sends only what was filled in, with the reader’s language, and confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(corporateApi.submit, { status: 201, body: { id: 'lead-1' } });
    await show(<CorporatePage />, { api, at: '/corporate-clients' });

    await user.type(field(/Company/), 'Nova Logistics');
    await user.type(field(/Your name/), 'Taras Melnyk');
    await user.type(field(/E-mail/), 'taras@nova.example');
    await user.type(field(/How many employees/), '120');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Thank you, we have your request');
    expect(sent).toHaveTextContent('We will write to you within two working days.');
    expect(api.callsTo(corporateApi.submit).map((call) => [call.method, call.body])).toEqual([
      ['POST', { company: 'Nova Logistics', contact_name: 'Taras Melnyk', email: 'taras@nova.example', employees: 120, locale: 'en' }],
    ]);
    expect(field(/Company/)).toHaveValue('');
  });

  it('names the missing fields and a wrong phone before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    await show(<CorporatePage />, { api, at: '/corporate-clients' });

    await user.type(field(/E-mail/), 'not an address');
    await user.type(field(/Phone/), '12-ab');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByText("Enter the company's name")).toBeInTheDocument();
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(field(/Phone/)).toHaveAccessibleDescription(/Enter a Ukrainian number, e.g. 067 123 45 67/);
    expect(api.callsTo(corporateApi.submit)).toEqual([]);
  });

  it('in Ukrainian: sends the phone and message too, and says the request arrived', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    api.on(corporateApi.submit, { status: 201, body: { id: 'lead-2' } });
    await show(<CorporatePage />, { api, at: '/corporate-clients', locale: 'uk' });

    await user.type(field(/Компанія/), 'Нова');
    await user.type(field(/Ваше ім'я/), 'Тарас');
    await user.type(field(/Ел. пошта/), 'taras@nova.example');
    await user.type(field(/Телефон/), '067 123 45 67');
    await user.type(field(/Що ви хотіли б обговорити/), 'Консультації для 40 людей');
    await user.click(screen.getByRole('button', { name: 'Надіслати запит' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Дякуємо, ми отримали ваш запит');
    expect(api.callsTo(corporateApi.submit)[0]?.body).toEqual({
      company: 'Нова',
      contact_name: 'Тарас',
      email: 'taras@nova.example',
      phone: '067 123 45 67',
      message: 'Консультації для 40 людей',
      locale: 'uk',
    });
  });

  it('keeps every typed field and shows the docs/product.md §8 text when no answer came', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    let fail: (error: Error) => void = () => {};
    api.on(corporateApi.submit, () => new Promise((_resolve, reject) => (fail = reject)));
    await show(<CorporatePage />, { api, at: '/corporate-clients', locale: 'uk' });

    await user.type(field(/Компанія/), 'Нова');
    await user.type(field(/Ваше ім'я/), 'Тарас');
    await user.type(field(/Ел. пошта/), 'taras@nova.example');
    const send = screen.getByRole('button', { name: 'Надіслати запит' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());

    fail(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Невідома помилка');
    expect(field(/Компанія/)).toHaveValue('Нова');
    expect(field(/Ел. пошта/)).toHaveValue('taras@nova.example');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });
});
