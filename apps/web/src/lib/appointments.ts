import { appointmentsApi, pendingAppointmentStatuses, type Appointment, type User } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const patientIdOf = (user: User | null): string | undefined => user?.role_specific_data.patient?.patientId;

/** docs/product.md §4: the current appointment is the first that is scheduled or running. */
export const currentAppointmentOf = (appointments: readonly Appointment[] | undefined): Appointment | undefined =>
  appointments?.find((item) => (pendingAppointmentStatuses as readonly string[]).includes(item.appointment_status));

/** GET /v1/appointments/patient/:patientId, with the current appointment picked out. */
export function usePatientAppointments(patientId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.appointments.ofPatient(patientId),
    queryFn: ({ signal }) => call(appointmentsApi.ofPatient, { params: { id: patientId! }, signal }),
    enabled: Boolean(patientId),
  });
}

export function useCurrentAppointment(patientId: string | undefined) {
  const appointments = usePatientAppointments(patientId);
  return { ...appointments, current: currentAppointmentOf(appointments.data) };
}

/**
 * The doctor completes a consultation: a note for the record (required) and optional advice the patient reads.
 * Every appointment query is refreshed (the doctor console's lists, the room's consultation).
 */
export function useCompleteAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note, advice }: { id: string; note: string; advice: string }) =>
      call(appointmentsApi.change, {
        params: { id },
        body: { appointment_status: 'completed', appointment_note: note, ...(advice ? { appointment_advice: advice } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.all }),
  });
}
