import {
  appointmentsApi,
  paymentsApi,
  type Appointment,
  type AppointmentPayment,
  type Checkout,
  type CreateAppointmentBody,
  type UpdateAppointmentBody,
} from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { downloadBlob, openBlob } from '../../lib/files.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Puts the changed appointment into the patient's list at once, so the next step sees it before the list is read again. */
function useRememberAppointment() {
  const client = useQueryClient();
  return (appointment: Appointment) =>
    client.setQueryData<Appointment[]>(queryKeys.appointments.ofPatient(appointment.appointment_patientId), (list) =>
      appointment.appointment_status === 'canceled' || appointment.appointment_status === 'completed'
        ? list?.map((item) => (item.id === appointment.id ? appointment : item))
        : [appointment, ...(list ?? []).filter((item) => item.id !== appointment.id)],
    );
}

/** After any change the patient's appointments and every doctor's free times are read again. */
function useRefreshBooking() {
  const client = useQueryClient();
  return (patientId: string | undefined) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.appointments.ofPatient(patientId) }),
      client.invalidateQueries({ queryKey: queryKeys.doctors.slotsOfAll }),
      client.invalidateQueries({ queryKey: queryKeys.patientCards.all }),
    ]);
}

export interface BookInput {
  patientId: string;
  /** The current appointment to move (docs/product.md §4: modify it if one exists, else create). */
  currentId?: string;
  body: Required<Pick<CreateAppointmentBody, 'appointment_doctorId' | 'appointment_date'>> &
    Pick<CreateAppointmentBody, 'appointment_reason' | 'appointment_phone'>;
}

/** POST /v1/appointments, or PUT /v1/appointments/:id when the patient already has a current appointment. */
export function useBook() {
  const refresh = useRefreshBooking();
  const remember = useRememberAppointment();
  return useMutation({
    mutationFn: ({ patientId, currentId, body }: BookInput) =>
      currentId
        ? call(appointmentsApi.change, { params: { id: currentId }, body: body satisfies UpdateAppointmentBody })
        : call(appointmentsApi.book, {
            body: { ...body, appointment_patientId: patientId } satisfies CreateAppointmentBody,
          }),
    onSuccess: remember,
    onSettled: (_data, _error, input) => refresh(input.patientId),
  });
}

/** Cancels (step 5 goes on showing the appointment, now cancelled, until the patient leaves). */
export function useCancelAppointment() {
  const refresh = useRefreshBooking();
  const remember = useRememberAppointment();
  return useMutation({
    mutationFn: (appointment: Appointment) =>
      call(appointmentsApi.change, {
        params: { id: appointment.id },
        body: { appointment_status: 'canceled' } satisfies UpdateAppointmentBody,
      }),
    onSuccess: remember,
    onSettled: (_data, _error, appointment) => refresh(appointment.appointment_patientId),
  });
}

/** POST /v1/appointments/join-meeting/:id: marks the appointment running; the room is the appointment's. */
export function useJoinMeeting() {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: (appointment: Appointment) => call(appointmentsApi.joinMeeting, { params: { id: appointment.id } }),
    onSuccess: (_data, appointment) => refresh(appointment.appointment_patientId),
  });
}

/** POST /v1/payments/checkout: where to send the browser to pay for the appointment. */
export const requestCheckout = (appointmentId: string) => call(paymentsApi.checkout, { body: { appointment_id: appointmentId } });

/** Asks for the payment page of a booking and sends the browser there (the mutation stays a success while it goes). */
export function useStartCheckout() {
  return useMutation({ mutationFn: requestCheckout, onSuccess: goToCheckout });
}

/** Sends the browser to the provider: a GET to the URL, or a form POST of its fields (LiqPay). */
export function goToCheckout({ checkout }: Checkout): void {
  if (checkout.method === 'GET') {
    const url = new URL(checkout.url, window.location.origin);
    for (const [name, value] of Object.entries(checkout.fields)) url.searchParams.set(name, value);
    window.location.assign(url.toString());
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.url;
  form.acceptCharset = 'utf-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** GET /v1/payments/appointment/:id; `poll` re-reads while the provider has not answered yet. */
export function useAppointmentPayment(
  appointmentId: string | undefined,
  poll: (payment: AppointmentPayment | undefined, reads: number) => number | false,
) {
  return useQuery({
    queryKey: queryKeys.payments.ofAppointment(appointmentId),
    queryFn: ({ signal }) => call(paymentsApi.ofAppointment, { params: { id: appointmentId! }, signal }),
    enabled: Boolean(appointmentId),
    refetchInterval: (query) => poll(query.state.data, query.state.dataUpdateCount),
  });
}

/** Downloads the .ics file with the session token (a plain link could not send it). */
export function useDownloadCalendar() {
  return useMutation({
    mutationFn: async (appointment: Appointment) => {
      const blob = await downloadBlob(appointmentsApi.calendar, { params: { id: appointment.id } });
      openBlob(blob, 'rozmova-consultation.ics', true);
    },
  });
}
