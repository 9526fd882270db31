import { appointmentsApi, patientsApi, type CreateAppointmentBody, type UpdateAppointmentBody } from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A search text shorter than this is not sent: it would match most patients. */
export const LOOKUP_MIN_LENGTH = 2;

/** Patients whose e-mail, name or phone contains the text (the API audits each one shown). */
export function usePatientLookup(criteria: string) {
  const text = criteria.trim();
  return useQuery({
    queryKey: queryKeys.patients.lookup(text),
    queryFn: ({ signal }) => call(patientsApi.lookup, { query: { findCriteria: text }, signal }),
    enabled: text.length >= LOOKUP_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** After a booking or a change: every appointment list and every doctor's free times are read again. */
function useRefreshBookings() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.appointments.all }),
      client.invalidateQueries({ queryKey: queryKeys.doctors.slotsOfAll }),
    ]);
}

/** POST /v1/appointments for a patient (with `appointment_urgent` at any free minute from now). */
export function useBookForPatient() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: (body: CreateAppointmentBody) => call(appointmentsApi.book, { body }),
    onSuccess: refresh,
  });
}

/** PUT /v1/appointments/:id: another time (rescheduling) or `canceled`. */
export function useChangeAppointment() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAppointmentBody }) => call(appointmentsApi.change, { params: { id }, body }),
    onSettled: refresh,
  });
}
