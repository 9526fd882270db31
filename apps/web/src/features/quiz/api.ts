import { feedbackApi, quizApi, type CreateFeedbackBody, type PatientCard, type QuizResult } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { updatePatientCard } from '../../lib/patient-card.ts';
import { clearDraft, patientQuizKey, VISITOR_QUIZ_KEY } from '../../lib/quiz.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

/**
 * Completes the quiz: the server scores the answers and returns the card with the new recommendation.
 * The drafts on this device are dropped before the card is shown, so the finished answers are never sent again.
 */
export function useCompleteQuiz(cardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (results: QuizResult[]) => {
      const card = await updatePatientCard(cardId, { patient_quizz_results: results, patient_quizz_is_completed: true });
      clearDraft(patientQuizKey(cardId));
      clearDraft(VISITOR_QUIZ_KEY);
      return card;
    },
    onSuccess: (card: PatientCard) => putFresh(client, queryKeys.patientCards.one(cardId), card),
  });
}

/** The patient's quiz feedback; sending again replaces it (POST /v1/feedback/user/{userId}). */
export function useSendQuizFeedback(userId: string) {
  return useMutation({
    mutationFn: (body: Pick<CreateFeedbackBody, 'feedback_rating' | 'feedback_comment'>) =>
      call(feedbackApi.upsertForUser, {
        params: { id: userId },
        body: { type: 'quiz', ...body },
      }),
  });
}

/** The level rules (public): a visitor's browser scores the self-check with them, so the answers stay on the device. */
export function useQuizLevelRules(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.quiz.levelRules,
    queryFn: ({ signal }) => call(quizApi.levelRules, { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
