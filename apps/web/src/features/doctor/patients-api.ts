import {
  doctorPatientPaths,
  feedbackPaths,
  patientPaths,
  type DoctorNote,
  type DoctorNotes,
  type DoctorPatients,
  type DoctorReviews,
  type Patient,
  type PatientCard,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { withId } from '../../lib/paths.ts';

/** One page of the doctor's own patients, narrowed by a search; the previous page stays while the next loads. */
export function useDoctorPatients(doctorId: string, query: string, page: number) {
  return useQuery({
    queryKey: queryKeys.patients.ofDoctor(doctorId, query, page),
    queryFn: ({ signal }) =>
      apiRequest<DoctorPatients>(withId(doctorPatientPaths.patientsOfDoctor, doctorId), {
        signal,
        query: { page, ...(query ? { query } : {}) },
      }),
    enabled: doctorId !== '',
    placeholderData: keepPreviousData,
  });
}

/** The patient's record (name, e-mail, phone, card id); the API audits the read. */
export function usePatientRecord(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.one(patientId),
    queryFn: ({ signal }) => apiRequest<Patient>(withId(patientPaths.patient, patientId), { signal }),
  });
}

export function usePatientCard(cardId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.patientCards.one(cardId),
    queryFn: ({ signal }) => apiRequest<PatientCard>(withId(patientPaths.card, cardId!), { signal }),
    enabled: Boolean(cardId),
  });
}

export function useDoctorNotes(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.notes(patientId),
    queryFn: ({ signal }) => apiRequest<DoctorNotes>(withId(doctorPatientPaths.notes, patientId), { signal }).then((data) => data.notes),
  });
}

export function useAddNote(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string }) => apiRequest<DoctorNote>(withId(doctorPatientPaths.notes, patientId), { method: 'POST', body }),
    onSuccess: (note) => client.setQueryData<DoctorNote[]>(queryKeys.patients.notes(patientId), (notes) => [note, ...(notes ?? [])]),
  });
}

export function useDoctorReviews(doctorId: string) {
  return useQuery({
    queryKey: queryKeys.feedback.reviewsOfDoctor(doctorId),
    queryFn: ({ signal }) => apiRequest<DoctorReviews>(withId(feedbackPaths.doctorReviews, doctorId), { signal }),
    enabled: doctorId !== '',
  });
}
