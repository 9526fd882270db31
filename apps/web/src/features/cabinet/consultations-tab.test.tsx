import { appointmentsApi, paymentsApi, type Appointment } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, anAppointment, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { AppointmentCard } from './appointment-card.tsx';
import { ConsultationsTab } from './consultations-tab.tsx';

const days = (count: number) => new Date(Date.now() + count * 86_400_000).toISOString();

async function openList(api: ApiDouble, appointments: Appointment[] | { status: number; code: string }) {
  if (Array.isArray(appointments)) api.on(appointmentsApi.ofPatient, { body: appointments });
  else api.on(appointmentsApi.ofPatient, { status: appointments.status, error: { code: appointments.code, message: appointments.code } });
  await show(<ConsultationsTab patientId="patient-1" />, { api, user: anAccount() });
  return userEvent.setup({ delay: null });
}

const section = (name: string) => screen.getByRole('region', { name });
const items = (name: string) =>
  within(section(name))
    .queryAllByRole('article')
    .map((item) => item.getAttribute('aria-labelledby'));

describe('my consultations', formFlow, () => {
  it('puts upcoming ones soonest first and past ones newest first, with their status', async () => {
    const api = createApiDouble();
    await openList(api, [
      anAppointment({ id: 'later', appointment_date: days(9) }),
      anAppointment({ id: 'old', appointment_date: days(-40), appointment_status: 'completed' }),
      anAppointment({ id: 'soon', appointment_date: days(2) }),
      anAppointment({ id: 'recent', appointment_date: days(-3), appointment_status: 'canceled' }),
    ]);
    await screen.findByRole('heading', { name: 'Upcoming' });
    expect(items('Upcoming')).toEqual(['consultation-soon', 'consultation-later']);
    expect(items('Past')).toEqual(['consultation-recent', 'consultation-old']);
    expect(within(section('Past')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(section('Past')).getByText('Completed')).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.ofPatient, { id: 'patient-1' })).toHaveLength(1);
  });

  it('says when there are none', async () => {
    const api = createApiDouble();
    await openList(api, []);
    expect(await screen.findByText('No upcoming consultations.')).toBeInTheDocument();
    expect(screen.getByText('No past consultations yet.')).toBeInTheDocument();
  });

  it("shows the doctor's advice and offers to book the same doctor again, for past ones only", async () => {
    const api = createApiDouble();
    await openList(api, [
      anAppointment({
        id: 'done',
        appointment_date: days(-7),
        appointment_status: 'completed',
        appointment_advice: 'Walk daily.\nSleep 8 h.',
      }),
      anAppointment({ id: 'next', appointment_date: days(3) }),
    ]);
    await screen.findByRole('heading', { name: 'Past' });
    expect(within(section('Past')).getByText("The doctor's advice")).toBeInTheDocument();
    expect(within(section('Upcoming')).queryByText("The doctor's advice")).not.toBeInTheDocument();
    expect(within(section('Past')).getByText(/Walk daily\./)).toBeInTheDocument();
    expect(within(section('Past')).getByRole('link', { name: 'Book again with this doctor' })).toHaveAttribute(
      'href',
      expect.stringContaining('doctor=doctor-1'),
    );
    expect(within(section('Upcoming')).queryByRole('link', { name: 'Book again with this doctor' })).not.toBeInTheDocument();
  });

  it('offers a receipt only for a consultation the patient paid by card', async () => {
    const api = createApiDouble();
    await openList(api, [
      anAppointment({ id: 'paid', appointment_date: days(-5), appointment_status: 'completed' }),
      anAppointment({ id: 'adra', appointment_date: days(-6), appointment_status: 'completed', appointment_paymentType: 'ADRA' }),
      anAppointment({ id: 'free', appointment_date: days(-8), appointment_status: 'completed', appointment_paymentStatus: 'not_required' }),
    ]);
    await screen.findByRole('heading', { name: 'Past' });
    expect(screen.getAllByRole('button', { name: 'Receipt' })).toHaveLength(1);
  });

  it('opens the receipt of the consultation chosen, with its details', async () => {
    const api = createApiDouble();
    api.on(paymentsApi.receipt, {
      body: {
        payment_id: 'pay-777',
        appointment_id: 'paid',
        amount: 120_000,
        currency: 'UAH',
        provider: 'liqpay',
        paid_at: '2026-11-01T10:00:00.000Z',
        appointment_date: '2026-11-05T12:00:00.000Z',
        doctor_name: 'Dr Ivan Ivanenko',
        patient_name: 'Olena Kovalenko',
      },
    });
    const user = await openList(api, [anAppointment({ id: 'paid', appointment_date: days(-5), appointment_status: 'completed' })]);
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment receipt' });
    expect(await within(dialog).findByText('Payment number')).toBeInTheDocument();
    const value = (label: string) => within(dialog).getByText(label, { selector: 'th' }).nextElementSibling;
    expect(value('Payment number')).toHaveTextContent('pay-777');
    expect(value('Amount')).toHaveTextContent(/1,200/);
    expect(value('Paid through')).toHaveTextContent('LiqPay');
    expect(value('Patient')).toHaveTextContent('Olena Kovalenko');
    expect(api.callsTo(paymentsApi.receipt, { id: 'paid' })).toHaveLength(1);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why the receipt could not be read', async () => {
    const api = createApiDouble();
    api.on(paymentsApi.receipt, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    const user = await openList(api, [anAppointment({ id: 'paid', appointment_date: days(-5), appointment_status: 'completed' })]);
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('Not found');
  });

  it('shows why the list could not be read', async () => {
    const api = createApiDouble();
    await openList(api, { status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again later');
  });
});

describe("the cabinet's consultation card", formFlow, () => {
  async function openCard(api: ApiDouble, appointments: Appointment[], locale: 'en' | 'uk' = 'en') {
    api.on(appointmentsApi.ofPatient, { body: appointments });
    await show(<AppointmentCard patientId="patient-1" />, { api, user: anAccount(), locale });
  }

  it('offers to book when there is no current consultation', async () => {
    const api = createApiDouble();
    await openCard(api, [anAppointment({ appointment_status: 'completed', appointment_date: days(-2) })]);
    expect(await screen.findByText('You have no upcoming consultation.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', expect.stringContaining('appointment-step1'));
  });

  it('names the doctor of the current consultation and opens it', async () => {
    const api = createApiDouble();
    await openCard(api, [anAppointment()]);
    expect(await screen.findByText(/^Your consultation with Dr Ivan Ivanenko: /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my consultation' })).toHaveAttribute(
      'href',
      expect.stringContaining('appointment-step5'),
    );
    expect(screen.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('asks to pay a booking that waits for payment, by when', async () => {
    const api = createApiDouble();
    await openCard(api, [anAppointment({ appointment_paymentStatus: 'pending', appointment_holdExpiresAt: days(1) })]);
    expect(await screen.findByText(/Pay by .* to keep it; otherwise the time is released\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Pay UAH\s?1,200/ })).toHaveAttribute('href', expect.stringContaining('appointment-step5'));
  });
});
