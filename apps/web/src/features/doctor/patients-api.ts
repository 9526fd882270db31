import { feedbackApi, patientNotesApi, patientsApi, type DoctorNote } from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

/** One page of the doctor's own patients, narrowed by a search; the previous page stays while the next loads. */
export function useDoctorPatients(doctorId: string, query: string, page: number) {
  return useQuery({
    queryKey: queryKeys.patients.ofDoctor(doctorId, query, page),
    queryFn: ({ signal }) =>
      call(patientsApi.ofDoctor, {
        params: { id: doctorId },
        query: { page, ...(query ? { query } : {}) },
        signal,
      }),
    enabled: doctorId !== '',
    placeholderData: keepPreviousData,
  });
}

/** The patient's record (name, e-mail, phone, card id); the API audits the read. */
export function usePatientRecord(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.one(patientId),
    queryFn: ({ signal }) => call(patientsApi.get, { params: { id: patientId }, signal }),
  });
}

export function usePatientCard(cardId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.patientCards.one(cardId),
    queryFn: ({ signal }) => call(patientsApi.getCard, { params: { id: cardId! }, signal }),
    enabled: Boolean(cardId),
  });
}

export function useDoctorNotes(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.notes(patientId),
    queryFn: ({ signal }) => call(patientNotesApi.list, { params: { id: patientId }, signal }).then((data) => data.notes),
  });
}

export function useAddNote(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string }) => call(patientNotesApi.create, { params: { id: patientId }, body }),
    onSuccess: (note) => putFresh<DoctorNote[]>(client, queryKeys.patients.notes(patientId), (notes) => [note, ...(notes ?? [])]),
  });
}

export function useDoctorReviews(doctorId: string) {
  return useQuery({
    queryKey: queryKeys.feedback.reviewsOfDoctor(doctorId),
    queryFn: ({ signal }) => call(feedbackApi.doctorReviews, { params: { id: doctorId }, signal }),
    enabled: doctorId !== '',
  });
}
