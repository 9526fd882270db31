import { appointmentsApi, authApi, doctorsApi } from '@rozmova/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { timeText } from '../../lib/appointment-dates.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { updateDraft } from './draft.ts';
import { answerBookingReads, appointment, bookingTestSetup, card, doctor, openBooking, patient, SLOTS } from './test-fixtures.tsx';

bookingTestSetup();

describe('booking a consultation in five steps', () => {
  it('takes a patient with a free consultation from the specialist to the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    const reads = answerBookingReads(api, { patientCard: card({ patient_available_free_consultations: 2 }) });
    const booked = appointment({
      appointment_reason: 'Trouble sleeping',
      appointment_date: SLOTS[1],
      appointment_endDate: '2026-03-12T11:50:00Z',
    });
    api.on(appointmentsApi.book, () => {
      reads.appointments = [booked];
      return { status: 201, body: booked };
    });
    const { router } = await openBooking('appointment-step1', { api, user: patient() });

    // 1. The specialist.
    expect(await screen.findByRole('heading', { name: 'Choose a specialist' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Choose Ірина Бондар' }));

    // 2. The time: the first day with free times is open, "Next" waits for a choice.
    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment-step2');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: timeText(SLOTS[1]) }));
    expect(next).toBeEnabled();
    await user.click(next);

    // 3. The details: the profile's phone is there already.
    expect(await screen.findByRole('heading', { name: 'Tell us about your visit' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveValue('+380671234567');
    await user.type(screen.getByRole('textbox', { name: /Reason for the visit/ }), 'Trouble sleeping');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 4. Free, thanks to the card's free consultations.
    expect(await screen.findByText(/This consultation is free for you/)).toHaveTextContent('Free consultations left: 2.');
    const summary = screen.getByRole('table');
    expect(within(summary).getByRole('row', { name: /Specialist/ })).toHaveTextContent('Ірина Бондар (Psychologist)');
    expect(within(summary).getByRole('row', { name: /Price/ })).toHaveTextContent('Free');
    await user.click(screen.getByRole('button', { name: 'Book for free' }));

    // 5. Booked.
    expect(await screen.findByRole('heading', { name: 'Your consultation is booked' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment-step5');
    expect(screen.getByRole('row', { name: /Payment/ })).toHaveTextContent('Free (ADRA)');
    expect(screen.getByRole('row', { name: /Reason for the visit/ })).toHaveTextContent('Trouble sleeping');
    expect(api.callsTo(appointmentsApi.book).map((call) => call.body)).toEqual([
      {
        appointment_doctorId: 'doctor-1',
        appointment_date: SLOTS[1],
        appointment_reason: 'Trouble sleeping',
        appointment_phone: '+380671234567',
        appointment_patientId: 'patient-1',
      },
    ]);
    // The profile already had a phone: it is not changed on the way.
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
    expect(api.unanswered).toEqual([]);
  });

  it('keeps the chosen time and the typed reason when the patient goes back a step and forward again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    updateDraft('user-1', { doctorId: 'doctor-1', slot: SLOTS[2] });
    await openBooking('appointment-step3', { api, user: patient() });

    await user.type(await screen.findByRole('textbox', { name: /Reason for the visit/ }), 'Anxiety at work');
    await user.click(screen.getByRole('link', { name: 'Back' }));

    expect(await screen.findByRole('heading', { name: 'Choose a date and time' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: timeText(SLOTS[2]) })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('textbox', { name: /Reason for the visit/ })).toHaveValue('Anxiety at work');
    // Earlier steps are links in the list of steps; the current one is marked.
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    expect(within(steps).getByRole('link', { name: '1. Specialist' })).toBeInTheDocument();
    expect(within(steps).getByText('3. Details').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('opens step 2 with the specialist chosen on /our-specialists, and forgets a time chosen with another one', async () => {
    const api = createApiDouble();
    answerBookingReads(api, { doctors: [doctor(), doctor({ id: 'doctor-2', user_name: 'Олег Савчук', doctor_name_en: 'Oleh Savchuk' })] });
    updateDraft('user-1', { doctorId: 'doctor-1', slot: SLOTS[0] });
    const { router } = await openBooking('appointment-step2?doctor=doctor-2', { api, user: patient() });

    expect(await screen.findByRole('heading', { name: 'Oleh Savchuk' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('radio', { name: timeText(SLOTS[0]) })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo(doctorsApi.availableSlots).at(-1)?.params).toEqual({ id: 'doctor-2' });
  });

  it('sends a patient who opens a later step without a specialist back to step 1', async () => {
    const api = createApiDouble();
    answerBookingReads(api);
    const { router } = await openBooking('appointment-step3', { api, user: patient() });
    expect(await screen.findByRole('heading', { name: 'Choose a specialist' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment-step1');
  });

  it('asks for a valid phone before going on, and keeps a first phone in the profile', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    const withoutPhone = patient({ phone: null });
    api.on(authApi.updateProfile, { body: { ...withoutPhone, phone: '+380501112233' } });
    updateDraft('user-1', { doctorId: 'doctor-1', slot: SLOTS[0] });
    const { router } = await openBooking('appointment-step3', { api, user: withoutPhone });

    const phone = await screen.findByRole('textbox', { name: /Phone/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a phone number: we call it only if the video connection fails.')).toBeInTheDocument();

    await user.type(phone, '12ab');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Enter a Ukrainian number, e.g. 067 123 45 67/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment-step3');

    await user.clear(phone);
    await user.type(phone, '050 111 22 33');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Payment', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ phone: '050 111 22 33' }]);
  });

  it('refuses control characters in the reason before going on, as the server would', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    updateDraft('user-1', { doctorId: 'doctor-1', slot: SLOTS[0] });
    const { router } = await openBooking('appointment-step3', { api, user: patient(), locale: 'uk' });

    const reason = await screen.findByRole('textbox', { name: /Причина звернення/ });
    await user.click(reason);
    await user.paste('Погано сплю\u0007\nі тривожуся');
    await user.click(screen.getByRole('button', { name: 'Далі' }));

    expect(await screen.findByText('Приберіть спеціальні символи (переноси рядків і табуляції можна)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/appointment-step3');
    await user.clear(reason);
    await user.paste('Погано сплю\n\tі тривожуся');
    await user.click(screen.getByRole('button', { name: 'Далі' }));
    expect(await screen.findByRole('heading', { name: 'Оплата', level: 1 })).toBeInTheDocument();
  });

  it('shows step 1 in Ukrainian with the self-check suggestion for a red result', async () => {
    const api = createApiDouble();
    const red = {
      quiz_recommendation_date: '2026-03-01T10:00:00Z',
      quiz_recommendation_title: 'Не соромтеся звернутися по допомогу',
      quiz_recommendation_text: '…',
      quiz_recommendation_level: 'red' as const,
      quiz_recommendation_score: 'A: 2, B: 20, C: 3',
    };
    answerBookingReads(api, { patientCard: card({ patient_quizz_recommendations: [red] }) });
    await openBooking('appointment-step1', { api, user: patient(), locale: 'uk' });
    expect(await screen.findByRole('heading', { name: 'Оберіть фахівця' })).toBeInTheDocument();
    expect(await screen.findByText('Порада за результатом самоперевірки')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Показати лише: психотерапевт/i })).toBeInTheDocument();
  });

  it('searches the specialists by the typed words and offers the whole list when none matches', async () => {
    const user = userEvent.setup({ delay: null });
    const api = createApiDouble();
    answerBookingReads(api);
    api.on(doctorsApi.search, { body: [] });
    const { router } = await openBooking('appointment-step1', { api, user: patient() });

    await user.type(await screen.findByRole('searchbox', { name: 'Search by name, specialisation or topic' }), 'insomnia');
    expect(await screen.findByText('No specialists match your search.')).toBeInTheDocument();
    expect(api.callsTo(doctorsApi.search).at(-1)?.query).toEqual({ query: 'insomnia' });
    expect(router.state.location.search).toBe('?q=insomnia');

    await user.click(screen.getByRole('button', { name: 'Show all specialists' }));
    expect(await screen.findByText('Specialists found: 1')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
