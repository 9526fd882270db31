import { appointmentPaths, pendingAppointmentStatuses, type Appointment, type User } from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { withId } from './paths.ts';

export const patientIdOf = (user: User | null): string | undefined => user?.role_specific_data.patient?.patientId;

/** SPEC.md §4: the current appointment is the first that is scheduled or running. */
export const currentAppointmentOf = (appointments: readonly Appointment[] | undefined): Appointment | undefined =>
  appointments?.find((item) => (pendingAppointmentStatuses as readonly string[]).includes(item.appointment_status));

/** GET /v1/appointments/patient/:patientId, with the current appointment picked out. */
export function usePatientAppointments(patientId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.appointments.ofPatient(patientId),
    queryFn: ({ signal }) => apiRequest<Appointment[]>(withId(appointmentPaths.byPatient, patientId!), { signal }),
    enabled: Boolean(patientId),
  });
}

export function useCurrentAppointment(patientId: string | undefined) {
  const appointments = usePatientAppointments(patientId);
  return { ...appointments, current: currentAppointmentOf(appointments.data) };
}
