import {
  patientPaths,
  quizPaths,
  type PatientCard,
  type QuizQuestion,
  type QuizRecommendation,
  type UpdatePatientCardBody,
  type User,
} from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { withId } from './paths.ts';

/** The quiz questions (public: the /diagnosis page uses them without an account). */
export function useQuizQuestions() {
  return useQuery({
    queryKey: queryKeys.quiz.questions,
    queryFn: ({ signal }) => apiRequest<QuizQuestion[]>(quizPaths.questions, { signal }),
    staleTime: 10 * 60_000,
  });
}

export const cardIdOf = (user: User | null): string | undefined => user?.role_specific_data.patient?.patient_cardId;

const cardPath = (cardId: string) => withId(patientPaths.card, cardId);

export function usePatientCard(cardId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.patientCards.one(cardId),
    queryFn: ({ signal }) => apiRequest<PatientCard>(cardPath(cardId!), { signal }),
    enabled: cardId !== undefined,
  });
}

/** PUT /v1/patients-cards/{id}: with `patient_quizz_is_completed: true` the server scores the answers. */
export const updatePatientCard = (cardId: string, body: UpdatePatientCardBody): Promise<PatientCard> =>
  apiRequest<PatientCard>(cardPath(cardId), { method: 'PUT', body });

/** The newest recommendation of the card (the server appends them in time order). */
export const latestRecommendation = (card: PatientCard | undefined): QuizRecommendation | undefined =>
  card?.patient_quizz_recommendations.at(-1);
