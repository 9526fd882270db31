import { appointmentsApi, doctorsApi, paymentsApi, type Appointment } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentDateText, timeText } from '../../lib/appointment-dates.ts';
import { createApiDouble, fieldRefusal } from '../../test/api-double.ts';
import { readDraft, updateDraft } from './draft.ts';
import { answerBookingReads, appointment, bookingTestSetup, openBooking, patient, SLOTS } from './test-fixtures.tsx';

bookingTestSetup();

const held = (changes: Partial<Appointment> = {}) =>
  appointment({
    appointment_paymentType: 'Patient',
    appointment_paymentStatus: 'pending',
    appointment_price: 50_000,
    appointment_holdExpiresAt: '2026-03-10T08:15:00Z',
    ...changes,
  });

const checkout = {
  payment_id: 'payment-1',
  provider: 'liqpay' as const,
  amount: 50_000,
  currency: 'UAH' as const,
  checkout: { url: 'https://pay.example/checkout', method: 'POST' as const, fields: { data: 'ZGF0YQ==', signature: 'c2ln' } },
};

beforeEach(() => {
  updateDraft('user-1', { doctorId: 'doctor-1', slot: SLOTS[0], reason: 'Panic attacks', phone: '+380671234567' });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll('form[action]').forEach((form) => form.remove());
});

describe('step 4: paying for the booking', () => {
  it('books, holds the time and sends the browser to the payment page with the provider’s fields', async () => {
    const user = userEvent.setup({ delay: null });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, { status: 201, body: held() });
    api.on(paymentsApi.checkout, { body: checkout });
    await openBooking('appointment-step4', { api, user: patient() });

    expect(await screen.findByText(/The price is UAH\s500\. You pay by card on the payment page/)).toHaveTextContent(
      'the time is held for you for 15 minutes',
    );
    const pay = screen.getByRole('button', { name: /Book and pay UAH\s500/ });
    await user.click(pay);

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://pay.example/checkout');
    expect(Object.fromEntries(new FormData(form))).toEqual({ data: 'ZGF0YQ==', signature: 'c2ln' });
    expect(api.callsTo(paymentsApi.checkout).map((call) => call.body)).toEqual([{ appointment_id: 'appointment-1' }]);
    expect(api.callsTo(appointmentsApi.book)).toHaveLength(1);
    expect(readDraft('user-1')).toEqual({ userId: 'user-1' });
  });

  it('disables the button while the booking is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    const reads = answerBookingReads(api);
    let answer: (value: { status: 201; body: Appointment }) => void = () => {};
    api.on(appointmentsApi.book, () => new Promise((resolve) => (answer = resolve)));
    await openBooking('appointment-step4', { api, user: patient() });

    const pay = await screen.findByRole('button', { name: /Book and pay/ });
    await user.click(pay);
    await waitFor(() => expect(pay).toBeDisabled());
    expect(pay).toHaveAttribute('data-loading', 'true');
    reads.appointments = [appointment()];
    answer({ status: 201, body: appointment() });
    expect(await screen.findByRole('heading', { name: 'Your consultation is booked' })).toBeInTheDocument();
  });

  it('goes back to the time step and says why when the time was taken meanwhile, keeping the rest', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, () => {
      // Someone else booked it: the doctor's free times no longer have it.
      api.on(doctorsApi.availableSlots, { body: [SLOTS[1], SLOTS[2]] });
      return { status: 409, error: { code: 'APPOINTMENT_SLOT_TAKEN', message: 'The slot is taken' } };
    });
    const { router } = await openBooking('appointment-step4', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: /Book and pay/ }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This time is no longer free');
    expect(notice).toHaveTextContent('This time has just been booked by someone else. Please choose another time');
    expect(router.state.location.pathname).toBe('/user/appointment-step2');
    await waitFor(() => expect(screen.queryByRole('radio', { name: timeText(SLOTS[0]) })).not.toBeInTheDocument());

    await user.click(await screen.findByRole('radio', { name: timeText(SLOTS[1]) }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: /Reason for the visit/ })).toHaveValue('Panic attacks');
  });

  it('says in Ukrainian that the time is no longer available', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, { status: 409, error: { code: 'APPOINTMENT_SLOT_UNAVAILABLE', message: 'Unavailable' } });
    await openBooking('appointment-step4', { api, user: patient(), locale: 'uk' });

    await user.click(await screen.findByRole('button', { name: /Записатися й оплатити/ }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Цей час уже зайнятий');
    expect(notice).toHaveTextContent('Цей час недоступний. Будь ласка, оберіть інший час');
  });

  it('stays on the step with the server’s error and lets the patient try again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, { status: 500, error: { code: 'INTERNAL', message: 'Internal error' } });
    const { router } = await openBooking('appointment-step4', { api, user: patient() });

    const pay = await screen.findByRole('button', { name: /Book and pay/ });
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again later');
    expect(router.state.location.pathname).toBe('/user/appointment-step4');
    expect(pay).toBeEnabled();
    expect(readDraft('user-1')).toMatchObject({ doctorId: 'doctor-1', slot: SLOTS[0], reason: 'Panic attacks' });
  });

  it('tells a refusal of step 3’s details here, where there is no field to show it on', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, fieldRefusal({ path: 'body.appointment_phone', code: 'PHONE_FORMAT', message: 'Invalid phone' }));
    await openBooking('appointment-step4', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: /Book and pay/ }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Please check the form and try again');
    expect(refusal).toHaveTextContent('Enter a Ukrainian number, e.g. 067 123 45 67');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/appointment-step3');
  });

  it('shows the docs/product.md §8 text when no answer came at all', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(appointmentsApi.book, () => Promise.reject(new TypeError('Failed to fetch')));
    await openBooking('appointment-step4', { api, user: patient(), locale: 'uk' });

    await user.click(await screen.findByRole('button', { name: /Записатися й оплатити/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Невідома помилка');
  });

  it('keeps a booking whose payment page could not be opened, with its own Pay button', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    const reads = answerBookingReads(api);
    api.on(appointmentsApi.book, () => {
      reads.appointments = [held()];
      return { status: 201, body: held() };
    });
    api.on(paymentsApi.checkout, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Provider down' } });
    await openBooking('appointment-step4', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: /Book and pay/ }));
    const payNow = await screen.findByRole('button', { name: /^Pay UAH\s500$/ });
    expect(screen.getByText(/Your time is held until/)).toHaveTextContent(`held until ${timeText('2026-03-10T08:15:00Z')}`);

    await user.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again later');
    expect(api.callsTo(paymentsApi.checkout)).toHaveLength(2);
    expect(api.callsTo(appointmentsApi.book)).toHaveLength(1);
  });

  it('moves the current consultation instead of booking a second one', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    const current = appointment({
      id: 'appointment-7',
      appointment_date: '2026-03-20T12:00:00Z',
      appointment_endDate: '2026-03-20T12:50:00Z',
    });
    answerBookingReads(api, { appointments: [current] });
    api.on(appointmentsApi.change, { body: { ...current, appointment_date: SLOTS[0], appointment_endDate: '2026-03-12T10:50:00Z' } });
    await openBooking('appointment-step4', { api, user: patient() });

    expect(await screen.findByText(/Your consultation of .* will move to/)).toHaveTextContent(
      `Your consultation of ${appointmentDateText(current.appointment_date, 'en')} will move to ${appointmentDateText(SLOTS[0], 'en')}.`,
    );
    expect(screen.getByRole('row', { name: /Price/ })).toHaveTextContent('As already arranged');
    await user.click(screen.getByRole('button', { name: 'Move my consultation' }));

    expect(await screen.findByRole('heading', { name: 'Your consultation is booked' })).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.change, { id: 'appointment-7' }).map((call) => [call.method, call.body])).toEqual([
      [
        'PUT',
        {
          appointment_doctorId: 'doctor-1',
          appointment_date: SLOTS[0],
          appointment_reason: 'Panic attacks',
          appointment_phone: '+380671234567',
        },
      ],
    ]);
    expect(api.callsTo(appointmentsApi.book)).toEqual([]);
  });
});
