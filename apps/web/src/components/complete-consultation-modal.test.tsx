import { notifications } from '@mantine/notifications';
import { appointmentsApi, type Appointment } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { createApiDouble } from '../test/api-double.ts';
import { show } from '../test/render.tsx';
import { CompleteConsultationModal } from './complete-consultation-modal.tsx';
import Toasts from './toasts.tsx';

afterEach(() => notifications.clean());

const appointment = { id: 'appointment-1', patient: { user_name: 'Олена Коваль' } };

/** The server's answer: the consultation completed as asked. */
function completedAs(body: { appointment_note?: string | null; appointment_advice?: string | null }): Appointment {
  return {
    id: 'appointment-1',
    appointment_status: 'completed',
    appointment_paymentType: 'Patient',
    appointment_paymentStatus: 'paid',
    appointment_price: 80_000,
    appointment_doctorId: 'doctor-1',
    appointment_patientId: 'patient-1',
    appointment_date: '2026-11-27T10:00:00+02:00',
    appointment_endDate: '2026-11-27T10:50:00+02:00',
    appointment_roomId: 'room-1',
    appointment_reason: null,
    appointment_phone: null,
    appointment_note: body.appointment_note ?? null,
    appointment_advice: body.appointment_advice ?? null,
    appointment_urgent: false,
    appointment_holdExpiresAt: null,
    appointment_cancelledBy: null,
    doctor: { user_name: 'Ірина Шевченко', photo_url: null, specialisations: ['psychologist'] },
    patient: { user_name: 'Олена Коваль' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-27T10:50:00.000Z',
  };
}

function consultationsApi() {
  const api = createApiDouble();
  api.on(appointmentsApi.change, ({ body }) => ({ body: completedAs(body as Parameters<typeof completedAs>[0]) }));
  return api;
}

async function openDialog(locale: 'en' | 'uk' = 'en') {
  const api = consultationsApi();
  const onClose = vi.fn();
  const onCompleted = vi.fn();
  const view = await show(
    <>
      <Toasts />
      <CompleteConsultationModal appointment={appointment} onClose={onClose} onCompleted={onCompleted} />
    </>,
    { api, locale },
  );
  const dialog = await screen.findByRole('dialog');
  return { api, onClose, onCompleted, dialog, ...view };
}

describe('completing a consultation', () => {
  it('names the patient and starts in the note', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Complete the consultation');
    expect(dialog).toHaveTextContent('Write a note about the consultation with Олена Коваль. It is kept with the appointment.');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveFocus());
  });

  it('asks for a note before anything is sent', async () => {
    const { api, dialog, onClose } = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('Write a note')).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.change)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the trimmed note and advice, says it is done and closes', async () => {
    const user = userEvent.setup();
    const { api, dialog, onClose, onCompleted, queryClient } = await openDialog();
    queryClient.setQueryData(queryKeys.appointments.ofPatient('patient-1'), []);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '  Anxiety, sleep improving.  ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Advice for the patient (optional)' }), ' Walk daily. ');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('The consultation with Олена Коваль is completed.')).toBeInTheDocument();
    expect(api.callsTo(appointmentsApi.change, { id: 'appointment-1' }).map((call) => call.body)).toEqual([
      { appointment_status: 'completed', appointment_note: 'Anxiety, sleep improving.', appointment_advice: 'Walk daily.' },
    ]);
    expect(onCompleted).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    // Every consultation list is read again.
    expect(queryClient.getQueryState(queryKeys.appointments.ofPatient('patient-1'))?.isInvalidated).toBe(true);
  });

  it('sends no advice when none is written', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Follow-up in a month.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(api.callsTo(appointmentsApi.change)).toHaveLength(1));
    expect(api.callsTo(appointmentsApi.change)[0]!.body).toEqual({
      appointment_status: 'completed',
      appointment_note: 'Follow-up in a month.',
    });
  });

  it('stays open with the reason when the server refuses, keeping the note', async () => {
    const user = userEvent.setup();
    const { api, dialog, onClose } = await openDialog();
    api.on(appointmentsApi.change, { status: 409, error: { code: 'APPOINTMENT_CLOSED', message: 'Already closed' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Done.');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('Done.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels without sending, in Ukrainian', async () => {
    const { api, dialog, onClose } = await openDialog('uk');
    expect(dialog).toHaveAccessibleName('Завершення консультації');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Скасувати' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(appointmentsApi.change)).toEqual([]);
  });
});
