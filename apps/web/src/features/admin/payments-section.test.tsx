import { notifications } from '@mantine/notifications';
import { adminConsoleApi, doctorsApi, type AdminPayment, type Doctor } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { PaymentsSection } from './payments-section.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const payment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'pay-1',
  appointment_id: 'appt-1',
  appointment_status: 'scheduled',
  starts_at: '2026-12-01T10:00:00.000Z',
  doctor_id: 'doc-1',
  doctor_name: 'Taras Melnyk',
  patient_name: 'Sofiia Bondar',
  provider: 'liqpay',
  order_id: 'order-771',
  amount: 120000,
  received_amount: 120000,
  status: 'success',
  paid_at: '2026-11-20T12:05:00.000Z',
  refunded_at: null,
  refund_reason: null,
  refunded_by_name: null,
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

const doctor = (id: string, name: string) => ({ id, user_name: name }) as Doctor;

const paid = payment();
const awaited = payment({ id: 'pay-2', patient_name: 'Andrii Kravets', status: 'pending', provider: 'sandbox', received_amount: null });
const refunded = payment({
  id: 'pay-3',
  patient_name: 'Olena Hnatiuk',
  status: 'refunded',
  refund_reason: 'The doctor was ill',
  refunded_by_name: 'Olha Admin',
});

function console_(payments: AdminPayment[], total = payments.length): ApiDouble {
  const api = createApiDouble();
  api.on(adminConsoleApi.listPayments, { body: { payments, total } });
  api.on(doctorsApi.list, { body: [doctor('doc-1', 'Taras Melnyk'), doctor('doc-2', 'Maryna Koval')] });
  return api;
}

async function openPayments(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <PaymentsSection />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('table', { name: locale === 'en' ? 'Payments' : 'Оплати' });
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
const lastQuery = (api: ApiDouble) => api.callsTo(adminConsoleApi.listPayments).at(-1)!.query;

describe('the payments table', () => {
  it('shows each payment’s patient, doctor, amount, provider and state', async () => {
    const table = await openPayments(console_([paid, awaited]));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Created', 'Patient', 'Doctor', 'Amount', 'Provider', 'Status', 'Actions']);
    expect(rowOf('Sofiia Bondar')).toHaveTextContent('Taras Melnyk');
    expect(rowOf('Sofiia Bondar')).toHaveTextContent(/UAH\s1,200/);
    expect(rowOf('Sofiia Bondar')).toHaveTextContent('LiqPay');
    expect(rowOf('Sofiia Bondar')).toHaveTextContent('Paid');
    expect(rowOf('Andrii Kravets')).toHaveTextContent('Sandbox');
    expect(rowOf('Andrii Kravets')).toHaveTextContent('Awaiting');
    expect(screen.getByRole('status')).toHaveTextContent('Found: 2');
  });

  it('offers a refund only for a paid payment not refunded yet, and the history for each', async () => {
    await openPayments(console_([paid, awaited, refunded]));
    expect(within(rowOf('Sofiia Bondar')).getByRole('button', { name: 'Refund the payment of Sofiia Bondar' })).toBeEnabled();
    expect(within(rowOf('Andrii Kravets')).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(within(rowOf('Olena Hnatiuk')).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    for (const name of ['Sofiia Bondar', 'Andrii Kravets', 'Olena Hnatiuk']) {
      expect(within(rowOf(name)).getByRole('button', { name: `Payment history of ${name}` })).toBeEnabled();
    }
  });

  it('reads in Ukrainian, the amount in hryvnias', async () => {
    const table = await openPayments(console_([paid]), 'uk');
    expect(within(table).getByRole('columnheader', { name: 'Платіжний сервіс' })).toBeInTheDocument();
    expect(rowOf('Sofiia Bondar')).toHaveTextContent('Оплачено');
    expect(rowOf('Sofiia Bondar')).toHaveTextContent(/1\s200\s₴/);
    expect(screen.getByText('Знайдено: 1')).toBeInTheDocument();
  });

  it('shows why the payments cannot be read', async () => {
    const api = console_([]);
    api.on(adminConsoleApi.listPayments, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await show(<PaymentsSection />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('filtering payments', () => {
  it('asks for the first 20 of any kind at first', async () => {
    const api = console_([paid]);
    await openPayments(api);
    expect(lastQuery(api)).toEqual({ limit: '20', offset: '0' });
  });

  it('sends the chosen status, provider, doctor and days, and starts again at the first page', async () => {
    const api = console_([paid], 60);
    await openPayments(api);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api).offset).toBe('20'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Declined');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'LiqPay');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Doctor' })).toHaveTextContent('Maryna Koval'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Doctor' }), 'Maryna Koval');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        status: 'failure',
        provider: 'liqpay',
        doctorId: 'doc-2',
        from: '2026-11-01',
        to: '2026-11-30',
        limit: '20',
        offset: '0',
      }),
    );
  });

  it('leaves a filter out again when set back to All', async () => {
    const api = console_([paid]);
    await openPayments(api);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Refunded');
    await waitFor(() => expect(lastQuery(api).status).toBe('refunded'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(lastQuery(api)).toEqual({ limit: '20', offset: '0' }));
  });
});

describe('a payment’s history', () => {
  it('lists what the provider reported, in its own words made ours', async () => {
    const api = console_([paid]);
    api.on(adminConsoleApi.listPaymentCallbacks, {
      body: {
        callbacks: [
          { id: 'cb-1', provider: 'liqpay', provider_status: 'wait_accept', created_at: '2026-11-20T12:01:00.000Z' },
          { id: 'cb-2', provider: 'liqpay', provider_status: 'success', created_at: '2026-11-20T12:05:00.000Z' },
          { id: 'cb-3', provider: 'liqpay', provider_status: 'hold_wait', created_at: '2026-11-20T12:06:00.000Z' },
        ],
      },
    });
    await openPayments(api);
    await user.click(screen.getByRole('button', { name: 'Payment history of Sofiia Bondar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment order-771' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('LiqPay reported “Awaiting”');
    expect(items[1]).toHaveTextContent('LiqPay reported “Paid”');
    expect(items[2]).toHaveTextContent('LiqPay reported “hold_wait”');
    expect(api.callsTo(adminConsoleApi.listPaymentCallbacks, { id: 'pay-1' })).toHaveLength(1);
  });

  it('says when the provider has reported nothing, and who refunded it and why', async () => {
    const api = console_([refunded]);
    api.on(adminConsoleApi.listPaymentCallbacks, { body: { callbacks: [] } });
    await openPayments(api);
    await user.click(screen.getByRole('button', { name: 'Payment history of Olena Hnatiuk' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('The provider has not reported anything yet.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Refunded by Olha Admin. Reason: The doctor was ill');
  });

  it('shows why the history cannot be read', async () => {
    const api = console_([paid]);
    api.on(adminConsoleApi.listPaymentCallbacks, { status: 404, error: { code: 'NOT_FOUND', message: 'No payment' } });
    await openPayments(api);
    await user.click(screen.getByRole('button', { name: 'Payment history of Sofiia Bondar' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('Not found');
  });
});

async function openRefund(api: ApiDouble) {
  await openPayments(api);
  await user.click(screen.getByRole('button', { name: 'Refund the payment of Sofiia Bondar' }));
  return screen.findByRole('dialog', { name: 'Refund the payment' });
}

describe('refunding a payment', () => {
  it('says what goes back to whom, then sends the trimmed reason', async () => {
    const api = console_([paid]);
    api.on(adminConsoleApi.refundPayment, { body: { ...paid, status: 'refunded', refund_reason: 'Cancelled by the clinic' } });
    const dialog = await openRefund(api);
    expect(dialog).toHaveTextContent(/UAH\s1,200 goes back to Sofiia Bondar \(consultation with Taras Melnyk\)/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Cancelled by the clinic  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('The refund has been sent to the provider.')).toBeInTheDocument();
    const [sent] = api.callsTo(adminConsoleApi.refundPayment, { id: 'pay-1' });
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/admin/payments/pay-1/refund', body: { reason: 'Cancelled by the clinic' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(adminConsoleApi.listPayments)).toHaveLength(2));
  });

  it('asks for a reason before sending', async () => {
    const api = console_([paid]);
    const dialog = await openRefund(api);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Please write why the money is returned.')).toBeInTheDocument();
    expect(api.callsTo(adminConsoleApi.refundPayment)).toEqual([]);
  });

  it('takes no more than 1000 characters of a reason', async () => {
    const dialog = await openRefund(console_([paid]));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.click(reason);
    await user.paste('r'.repeat(1200));
    expect(reason).toHaveValue('r'.repeat(1000));
  });

  it('keeps the reason and shows the refusal when the server will not refund', async () => {
    const api = console_([paid]);
    api.on(adminConsoleApi.refundPayment, { status: 409, error: { code: 'PAYMENT_NOT_REFUNDABLE', message: 'Not refundable' } });
    const dialog = await openRefund(api);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Duplicate');
    expect(screen.getByRole('dialog', { name: 'Refund the payment' })).toBeInTheDocument();
  });

  it('cannot be sent twice while the refund is on its way', async () => {
    const api = console_([paid]);
    let answer: (value: { body: AdminPayment }) => void = () => {};
    api.on(adminConsoleApi.refundPayment, () => new Promise((resolve) => (answer = resolve)));
    const dialog = await openRefund(api);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    const submit = within(dialog).getByRole('button', { name: 'Refund' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    answer({ body: { ...paid, status: 'refunded' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(adminConsoleApi.refundPayment)).toHaveLength(1);
  });
});
