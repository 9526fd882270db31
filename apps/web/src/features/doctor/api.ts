import { appointmentsApi, doctorsApi, meetingsApi, type UpdateAppointmentBody, type UpdateDoctorBody } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

/** The list's largest page; a week of consultations stays well below it. */
const AGENDA_LIMIT = 500;

export function useDoctor(id: string) {
  return useQuery({
    queryKey: queryKeys.doctors.one(id),
    queryFn: ({ signal }) => call(doctorsApi.get, { params: { id }, signal }),
    enabled: id !== '',
  });
}

/** For an admin's doctor picker: unpublished and incomplete profiles too. */
export function useDoctorList(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.doctors.listAll,
    queryFn: ({ signal }) => call(doctorsApi.list, { query: { unlisted: 'true' }, signal }),
    enabled,
  });
}

export function useUpdateDoctor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDoctorBody) => call(doctorsApi.update, { params: { id }, body }),
    onSuccess: (doctor) => {
      putFresh(client, queryKeys.doctors.one(id), doctor);
      // New hours change the free slots anyone sees; lists show the name, price and specialisations.
      void client.invalidateQueries({
        queryKey: queryKeys.doctors.all,
        predicate: (query) => query.queryKey[1] !== 'one' || query.queryKey[2] !== id,
      });
    },
  });
}

/** The doctor's appointments from `from` on; the key holds `appointments`, so realtime appointment events refresh it. */
export function useDoctorAppointments(doctorId: string, from: string) {
  return useQuery({
    queryKey: queryKeys.appointments.ofDoctor(doctorId, from),
    queryFn: ({ signal }) => call(appointmentsApi.list, { query: { doctorId, from, limit: 200 }, signal }),
    enabled: doctorId !== '',
  });
}

/**
 * The doctor's consultations starting in a range (the agenda's week). Each answer is an audited list of patients, so
 * weeks already seen are not asked for again while the reader moves back and forth; appointment events refresh them.
 */
export function useDoctorAgenda(doctorId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: queryKeys.appointments.agenda(doctorId, range.from, range.to),
    queryFn: ({ signal }) => call(appointmentsApi.list, { query: { doctorId, ...range, limit: AGENDA_LIMIT }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Opens the meeting (the appointment becomes `running`); the caller then goes to /meet/{roomId}. */
export function useJoinMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(appointmentsApi.joinMeeting, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.all }),
  });
}

export function useUpdateAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAppointmentBody }) => call(appointmentsApi.change, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.appointments.all }),
  });
}

/** Patients waiting in the rooms of the doctor's consultations (refetched on `meeting-waiting`). */
export function useWaitingPatients(doctorId: string) {
  return useQuery({
    queryKey: queryKeys.meetings.waiting(doctorId),
    queryFn: ({ signal }) => call(meetingsApi.waiting, { query: { doctorId }, signal }).then((list) => list.waiting),
    enabled: doctorId !== '',
  });
}

/** Joins, leaves, reconnects, duration and end reason of one consultation's call. */
export function useCallRecord(appointmentId: string) {
  return useQuery({
    queryKey: queryKeys.meetings.callRecord(appointmentId),
    queryFn: ({ signal }) => call(meetingsApi.callRecord, { params: { id: appointmentId }, signal }),
  });
}
