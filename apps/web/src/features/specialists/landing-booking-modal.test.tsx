import { appointmentsApi, authApi, doctorsApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, anAppointment, formFlow } from '../../test/fixtures.ts';
import { aDoctor } from '../../test/people.ts';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { LandingBookingModal } from './landing-booking-modal.tsx';

/** The first free time the double offers: a day after the start of the range asked for, on the hour. */
function answerSlots(api: ApiDouble) {
  const offered: string[] = [];
  api.on(doctorsApi.availableSlots, (call) => {
    const slot = new Date(Date.parse(call.query.startDate!) + 86_400_000);
    slot.setUTCMinutes(0, 0, 0);
    offered.push(slot.toISOString());
    return { body: [slot.toISOString()] };
  });
  return offered;
}

const en = { name: /^Name/, email: /^E-mail/, phone: /^Phone/, consent: /I agree to the terms of use/, submit: 'Book the consultation' };
const uk = { name: /^Ім'я/, email: /^Ел\. пошта/, phone: /^Телефон/, consent: /Я погоджуюся/, submit: 'Записатися на консультацію' };

async function open(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const offered = answerSlots(api);
  const onClose = vi.fn();
  const view = await show(<LandingBookingModal doctor={aDoctor()} onClose={onClose} />, { api, locale, at: '/our-specialists' });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('radio'));
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Continue' : 'Продовжити' }));
  return { ...view, onClose, user, slot: () => offered.at(-1)! };
}

type Person = ReturnType<typeof userEvent.setup>;

async function fillDetails(
  user: Person,
  labels = en,
  values = { name: '  Olena Kovalenko ', email: 'olena@example.com', phone: ' 067 123 45 67 ' },
) {
  for (const [label, value] of [
    [labels.name, values.name],
    [labels.email, values.email],
    [labels.phone, values.phone],
  ] as const) {
    if (!value) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('checkbox', { name: labels.consent }));
}

describe("booking from the specialists' page", formFlow, () => {
  it('offers Continue only once a time is chosen', async () => {
    const api = createApiDouble();
    answerSlots(api);
    await show(<LandingBookingModal doctor={aDoctor()} onClose={() => {}} />, { api, at: '/our-specialists' });
    expect(screen.getByRole('dialog', { name: 'Book a consultation with Ірина Шевченко' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.setup({ delay: null }).click(await screen.findByRole('radio'));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('asks for the name, a valid e-mail, a phone and the consent before booking', async () => {
    const api = createApiDouble();
    const { user } = await open(api);
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number: we call it only if the video connection fails.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms of use and the privacy policy')).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.bookFromLanding)).toEqual([]);
  });

  it('refuses a phone that is not one, in Ukrainian', async () => {
    const api = createApiDouble();
    const { user } = await open(api, 'uk');
    await fillDetails(user, uk, { name: 'Олена', email: 'olena@example.com', phone: '12345' });
    await user.click(screen.getByRole('button', { name: uk.submit }));
    expect(await screen.findByText(/^Вкажіть український номер, наприклад 067 123 45 67/)).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.bookFromLanding)).toEqual([]);
  });

  it('books the chosen time with the trimmed details, signs in and opens the payment', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, {
      status: 201,
      body: { token: 'landing-session', appointment: anAppointment({ appointment_paymentStatus: 'pending' }) },
    });
    api.on(authApi.profile, { body: anAccount({ email_verified: false, has_password: false }) });
    const { user, onClose, router, slot } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    await waitFor(() => expect(router.state.location.pathname).toContain('appointment-step4'));
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(appointmentsApi.bookFromLanding).map((call) => call.body)).toEqual([
      {
        appointmentDto: { appointment_doctorId: 'doctor-1', appointment_date: slot(), appointment_phone: '067 123 45 67' },
        email: 'olena@example.com',
        user_name: 'Olena Kovalenko',
        phone: '067 123 45 67',
        locale: 'en',
        accept_terms: true,
      },
    ]);
  });

  it('opens the consultation itself when nothing is to be paid', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, {
      status: 201,
      body: { token: 'landing-session', appointment: anAppointment({ appointment_paymentStatus: 'not_required' }) },
    });
    api.on(authApi.profile, { body: anAccount({ email_verified: false }) });
    const { user, router } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    await waitFor(() => expect(router.state.location.pathname).toContain('appointment-step5'));
  });

  it('offers to log in when the e-mail has an account, keeping the details', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, { status: 409, error: { code: 'EMAIL_TAKEN', message: 'Email taken' } });
    const { user, onClose, router } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An account with this e-mail already exists\./);
    expect(screen.getByLabelText(en.email)).toHaveValue('olena@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in to book' }));
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.search).toBe('?auth=login');
  });

  it('shows the product text in Ukrainian when the booking fails without a reason', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, { status: 502, error: { code: 'BAD_GATEWAY', message: '' } });
    const { user } = await open(api, 'uk');
    await fillDetails(user, uk);
    await user.click(screen.getByRole('button', { name: uk.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не вдалося створити зустріч');
    expect(screen.queryByRole('button', { name: 'Увійдіть, щоб записатися' })).not.toBeInTheDocument();
  });

  it('says a taken time is taken', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, { status: 409, error: { code: 'APPOINTMENT_SLOT_TAKEN', message: 'Slot taken' } });
    const { user } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This time has just been booked by someone else. Please choose another time',
    );
  });

  it("puts the server's phone refusal under the phone field", async () => {
    const api = createApiDouble();
    api.on(
      appointmentsApi.bookFromLanding,
      fieldRefusal({ path: 'body.appointmentDto.appointment_phone', code: 'PHONE_FORMAT', message: 'Phone format' }),
    );
    const { user } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    await waitFor(() => expect(screen.getByLabelText(en.phone)).toHaveAccessibleDescription(/Enter a Ukrainian number/));
  });

  it('goes back to the times when the server refuses the chosen one', async () => {
    const api = createApiDouble();
    api.on(
      appointmentsApi.bookFromLanding,
      fieldRefusal({ path: 'body.appointmentDto.appointment_date', code: 'INVALID_VALUE', message: 'Not a free time' }),
    );
    const { user } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('radio')).toBeInTheDocument();
  });

  it('keeps the button busy while booking', async () => {
    const api = createApiDouble();
    api.on(appointmentsApi.bookFromLanding, () => new Promise(() => {}));
    const { user } = await open(api);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: en.submit }));
    await waitFor(() => expect(screen.getByRole('button', { name: en.submit })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(api.callsTo(appointmentsApi.bookFromLanding)).toHaveLength(1);
  });
});
