import { quizLevelOf, type PatientCard, type UpdatePatientCardBody } from '@rozmova/contracts';
import type { AuthContext } from '../../../http/auth-context.ts';
import { forbidden } from '../../../lib/app-error.ts';
import { toPatientCard } from '../patients.mapping.ts';
import { updateCard, type CardChanges } from '../patients.repository.ts';
import { countAnswers, scored } from '../patients.scoring.ts';
import { isOwner, visibleCard, type PatientsDeps } from './context.ts';

/**
 * The owner saves quiz answers; with `patient_quizz_is_completed: true` the server scores them and appends a
 * recommendation and a note. An admin may set the free consultations. Recommendations and notes sent are ignored.
 */
export async function updatePatientCard(
  ctx: PatientsDeps,
  auth: AuthContext,
  cardId: string,
  body: UpdatePatientCardBody,
): Promise<PatientCard> {
  const card = await visibleCard(ctx, auth, cardId);
  const owner = isOwner(auth, card.patientId);
  const admin = auth.account.user.role === 'admin';
  const quizFields = body.patient_quizz_results !== undefined || body.patient_quizz_is_completed !== undefined;
  if (quizFields && !owner) throw forbidden('Only the patient answers the quiz');
  if (body.patient_available_free_consultations !== undefined && !admin) throw forbidden('Only an admin sets the free consultations');
  if (!owner && !admin) throw forbidden('You may not change this card');

  const changes: CardChanges = {};
  if (body.patient_available_free_consultations !== undefined)
    changes.availableFreeConsultations = body.patient_available_free_consultations;
  if (quizFields) {
    const completing = body.patient_quizz_is_completed === true;
    const results = body.patient_quizz_results ?? card.quizzResults;
    const questions = await ctx.quiz.questionRows();
    const counts = countAnswers(results, questions, completing);
    changes.quizzResults = results.map(({ question_id, answer_id }) => ({ question_id, answer_id }));
    changes.quizzIsCompleted = completing;
    if (completing) Object.assign(changes, scored(quizLevelOf(await ctx.quiz.getRules(), counts), counts, card.locale, ctx.clock.now()));
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateCard(tx, cardId, changes);
    if (!owner)
      await ctx.audit.record(
        { actorId: auth.account.user.id, action: 'update', resource: 'patient_card', resourceId: cardId, patientId: card.patientId },
        tx,
      );
    return row;
  });
  return toPatientCard(updated);
}
