import { patientsApi, quizApi, type PatientCard, type QuizRecommendation, type UpdatePatientCardBody, type User } from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The quiz questions (public: the /diagnosis page uses them without an account). */
export function useQuizQuestions() {
  return useQuery({
    queryKey: queryKeys.quiz.questions,
    queryFn: ({ signal }) => call(quizApi.list, { signal }),
    staleTime: 10 * 60_000,
  });
}

export const cardIdOf = (user: User | null): string | undefined => user?.role_specific_data.patient?.patient_cardId;

export function usePatientCard(cardId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.patientCards.one(cardId),
    queryFn: ({ signal }) => call(patientsApi.getCard, { params: { id: cardId! }, signal }),
    enabled: cardId !== undefined,
  });
}

/** PUT /v1/patients-cards/{id}: with `patient_quizz_is_completed: true` the server scores the answers. */
export const updatePatientCard = (cardId: string, body: UpdatePatientCardBody): Promise<PatientCard> =>
  call(patientsApi.updateCard, { params: { id: cardId }, body });

/** The newest recommendation of the card (the server appends them in time order). */
export const latestRecommendation = (card: PatientCard | undefined): QuizRecommendation | undefined =>
  card?.patient_quizz_recommendations.at(-1);
