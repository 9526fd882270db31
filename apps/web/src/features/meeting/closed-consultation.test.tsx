import { feedbackApi, type FeedbackList } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appPaths } from '../../lib/paths.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ClosedConsultation } from './closed-consultation.tsx';
import { aReview, consultation, doctorUser, patientUser } from './test-data.ts';

const completed = consultation({ appointment_status: 'completed', appointment_advice: 'Walk every morning.\nSleep at 23:00.' });

const reviewsOf = (appointmentIds: string[]): FeedbackList => ({
  count: appointmentIds.length,
  feedback: appointmentIds.map((appointmentId, index) => aReview(appointmentId, { id: `f${index}` })),
});

function apiWithReviews(appointmentIds: string[]) {
  const api = createApiDouble();
  api.on(feedbackApi.ofUser, { body: reviewsOf(appointmentIds) });
  return api;
}

describe('the room of a consultation that is over', () => {
  it('shows the patient the doctor’s advice and asks for a rating by itself when it ended in the room', async () => {
    const api = apiWithReviews([]);
    await show(<ClosedConsultation appointment={completed} role="patient" userId={patientUser.id} askFeedback />, { api });
    expect(screen.getByRole('heading', { level: 1, name: 'This consultation is over' })).toBeVisible();
    expect(screen.getByText(/^Consultation with Iryna Koval, 27 November/)).toBeVisible();
    expect(screen.getByText('Thank you for coming. Take care of yourself.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Advice from Iryna Koval' })).toHaveTextContent('Walk every morning. Sleep at 23:00.');
    expect(await screen.findByRole('dialog', { name: 'How was your consultation with Iryna Koval?' })).toBeVisible();
    expect(api.callsTo(feedbackApi.ofUser, { id: patientUser.id })[0]!.query).toEqual({ type: 'doctor' });
  });

  it('waits for the patient’s button when the consultation had ended before the page opened', async () => {
    const user = userEvent.setup();
    await show(<ClosedConsultation appointment={completed} role="patient" userId={patientUser.id} askFeedback={false} />, {
      api: apiWithReviews(['another-appointment']),
    });
    const rate = await screen.findByRole('button', { name: 'Rate the consultation' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', appPaths.cabinet());
    await user.click(rate);
    const dialog = await screen.findByRole('dialog', { name: 'How was your consultation with Iryna Koval?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Closed by the patient: not opened again by itself, the button stays.
    expect(screen.getByRole('button', { name: 'Rate the consultation' })).toBeVisible();
  });

  it('thanks a patient who has rated it and offers no second rating', async () => {
    await show(<ClosedConsultation appointment={completed} role="patient" userId={patientUser.id} askFeedback />, {
      api: apiWithReviews([completed.id]),
    });
    expect(await screen.findByText('Thank you, you have rated this consultation.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rate the consultation' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells the patient a cancelled consultation will not take place, without asking for a rating', async () => {
    const api = createApiDouble();
    await show(
      <ClosedConsultation
        appointment={consultation({ appointment_status: 'canceled' })}
        role="patient"
        userId={patientUser.id}
        askFeedback
      />,
      { api },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This consultation was cancelled' })).toBeVisible();
    expect(screen.getByText(/It will not take place\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rate the consultation' })).toBeNull();
    expect(api.callsTo(feedbackApi.ofUser)).toEqual([]);
    expect(api.unanswered).toEqual([]);
  });

  it('sends the doctor to the console, with the patient’s name and no advice card or rating', async () => {
    const api = createApiDouble();
    await show(<ClosedConsultation appointment={completed} role="doctor" userId={doctorUser.id} askFeedback />, { api });
    expect(screen.getByText(/^Consultation with Olena Petrenko, 27 November/)).toBeVisible();
    expect(screen.getByText('The consultation is completed. Its note and call record are in the doctor console.')).toBeVisible();
    expect(screen.queryByRole('region', { name: /Advice from/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the doctor console' })).toHaveAttribute('href', appPaths.doctor);
    expect(api.callsTo(feedbackApi.ofUser)).toEqual([]);
  });

  it('marks the page as ended for the room’s styles and tests', async () => {
    await show(<ClosedConsultation appointment={completed} role="doctor" userId={doctorUser.id} askFeedback={false} />, {
      api: createApiDouble(),
    });
    expect(screen.getByTestId('meeting-room')).toHaveAttribute('data-call-state', 'ended');
  });

  it('speaks Ukrainian', async () => {
    await show(<ClosedConsultation appointment={completed} role="patient" userId={patientUser.id} askFeedback={false} />, {
      api: apiWithReviews([]),
      locale: 'uk',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Цю консультацію завершено' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Порада лікаря (Iryna Koval)' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Оцінити консультацію' })).toBeVisible();
  });
});
