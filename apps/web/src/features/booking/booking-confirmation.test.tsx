import { appointmentsApi, paymentsApi, type Appointment, type AppointmentPayment } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appointmentDateText, timeText } from '../../lib/appointment-dates.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { answerBookingReads, appointment, bookingTestSetup, NOW, openBooking, patient } from './test-fixtures.tsx';

bookingTestSetup();

const paid = (changes: Partial<Appointment> = {}) =>
  appointment({ appointment_paymentType: 'Patient', appointment_paymentStatus: 'paid', appointment_price: 50_000, ...changes });

/** An appointment starting `minutes` after NOW, lasting 50 minutes. */
const startingIn = (minutes: number, changes: Partial<Appointment> = {}) =>
  paid({
    appointment_date: new Date(NOW.getTime() + minutes * 60_000).toISOString(),
    appointment_endDate: new Date(NOW.getTime() + (minutes + 50) * 60_000).toISOString(),
    ...changes,
  });

describe('step 5: the booked consultation', () => {
  it('shows what was booked, the countdown and a join button that opens 10 minutes before', async () => {
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid({ appointment_reason: 'Panic attacks' })] });
    await openBooking('appointment-step5', { api, user: patient() });

    expect(await screen.findByRole('heading', { name: 'Your consultation is booked' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Payment/ })).toHaveTextContent(/Paid \(UAH\s500\)/);
    expect(screen.getByRole('row', { name: /Length/ })).toHaveTextContent('50');
    expect(screen.getByText('Starts in 2 d 2 h')).toBeInTheDocument();
    expect(screen.getByText('You can join from 10 minutes before the start.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the consultation' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  });

  it('lets the patient into the room once it is open', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    const soon = startingIn(5);
    answerBookingReads(api, { appointments: [soon] });
    api.on(appointmentsApi.joinMeeting, { body: { ...soon, appointment_status: 'running' } });
    const { router } = await openBooking('appointment-step5', { api, user: patient() });

    expect(await screen.findByText('The consultation room is open')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the consultation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet/room-1'));
    expect(api.callsTo(appointmentsApi.joinMeeting, { id: 'appointment-1' }).map((call) => call.method)).toEqual(['POST']);
  });

  it('asks for the payment before the room while the time is held', async () => {
    const api = createApiDouble();
    const held = startingIn(5, { appointment_paymentStatus: 'pending', appointment_holdExpiresAt: '2026-03-10T08:15:00Z' });
    answerBookingReads(api, { appointments: [held] });
    await openBooking('appointment-step5', { api, user: patient(), locale: 'uk' });

    expect(await screen.findByRole('heading', { name: 'Ваша консультація очікує на оплату' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Оплатити/ })).toBeEnabled();
    expect(screen.getByRole('status', { name: 'Очікує на оплату' })).toHaveTextContent(
      `Ваш час заброньовано до ${timeText('2026-03-10T08:15:00Z')}.`,
    );
    expect(screen.getByRole('button', { name: 'Приєднатися до консультації' })).toBeDisabled();
  });

  it('cancels after the patient confirms, telling the refund terms first', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid()] });
    api.on(appointmentsApi.change, { body: paid({ appointment_status: 'canceled', appointment_cancelledBy: 'patient' }) });
    const { router } = await openBooking('appointment-step5', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: 'Cancel the consultation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the consultation' });
    expect(dialog).toHaveTextContent('The consultation is more than 24 hours away, so its payment will be refunded to your card.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the consultation' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'));
    expect(api.callsTo(appointmentsApi.change, { id: 'appointment-1' }).map((call) => [call.method, call.body])).toEqual([
      ['PUT', { appointment_status: 'canceled' }],
    ]);
  });

  it('keeps the consultation when the patient changes their mind, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid()] });
    api.on(appointmentsApi.change, {
      status: 409,
      error: { code: 'APPOINTMENT_CHANGE_TOO_LATE', message: 'Too late' },
    });
    await openBooking('appointment-step5', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: 'Cancel the consultation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(appointmentsApi.change)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the consultation' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the consultation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Less than 2 hours are left before the consultation. Please write to us in the chat to change it',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('reschedules with the same specialist from step 2, which says what is being moved', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid()] });
    const { router } = await openBooking('appointment-step5', { api, user: patient() });

    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(/You are moving your consultation of/)).toHaveTextContent(
      `You are moving your consultation of ${appointmentDateText(paid().appointment_date, 'en')}.`,
    );
    expect(router.state.location.pathname).toBe('/user/appointment-step2');
  });

  it('no longer offers changes less than 2 hours before the start', async () => {
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [startingIn(90)] });
    await openBooking('appointment-step5', { api, user: patient() });

    expect(await screen.findByText(/Less than 2 hours are left before the start/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/contacts');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.getByText('Starts in 1 h 30 min')).toBeInTheDocument();
  });
});

const payment = (changes: Partial<AppointmentPayment> = {}): AppointmentPayment => ({
  appointment_id: 'appointment-1',
  appointment_status: 'scheduled',
  appointment_paymentType: 'Patient',
  appointment_paymentStatus: 'paid',
  amount: 50_000,
  provider: 'liqpay',
  hold_expires_at: null,
  ...changes,
});

describe('the payment result page', () => {
  it('reads the result from the server, not from the address, and confirms a paid booking', async () => {
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid()] });
    api.on(paymentsApi.ofAppointment, { body: payment() });
    await openBooking('payment-success?appointment=appointment-1&status=failed', { api, user: patient() });

    expect(await screen.findByRole('status', { name: 'Payment received' })).toHaveTextContent(/Thank you! UAH\s500 has been paid/);
    expect(screen.getByRole('link', { name: 'See my consultation' })).toHaveAttribute('href', '/user/appointment-step5');
    expect(api.callsTo(paymentsApi.ofAppointment, { id: 'appointment-1' })).toHaveLength(1);
  });

  it('offers to pay again while a failed payment’s time is still held', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api, { appointments: [paid({ appointment_paymentStatus: 'failed' })] });
    api.on(paymentsApi.ofAppointment, { body: payment({ appointment_paymentStatus: 'failed', hold_expires_at: '2026-03-10T08:15:00Z' }) });
    api.on(paymentsApi.checkout, { status: 409, error: { code: 'PAYMENT_NOT_PAYABLE', message: 'Not payable' } });
    await openBooking('payment-success?appointment=appointment-1', { api, user: patient(), locale: 'uk' });

    expect(await screen.findByRole('status', { name: 'Оплата не пройшла' })).toHaveTextContent(
      `Кошти з картки не списано. Ваш час заброньовано до ${timeText('2026-03-10T08:15:00Z')}: можна спробувати ще раз.`,
    );
    await user.click(screen.getByRole('button', { name: 'Спробувати ще раз' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('За цю консультацію нічого сплачувати');
    expect(api.callsTo(paymentsApi.checkout).map((call) => call.body)).toEqual([{ appointment_id: 'appointment-1' }]);
  });

  it('says the time was released and offers to book again', async () => {
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(paymentsApi.ofAppointment, { body: payment({ appointment_status: 'canceled', appointment_paymentStatus: 'failed' }) });
    await openBooking('payment-success?appointment=appointment-1', { api, user: patient() });

    expect(await screen.findByRole('status', { name: 'The time was released' })).toHaveTextContent('Please book again.');
    expect(screen.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/user/appointment-step1');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
