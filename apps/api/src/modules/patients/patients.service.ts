import { randomUUID } from 'node:crypto';
import {
  defaultQuizLevelRules,
  DISTRESSED_ANSWER,
  DOCTOR_PATIENTS_PAGE_SIZE,
  formatQuizScore,
  parseQuizScore,
  PATIENT_LOOKUP_MAX,
  quizLevelOf,
  type DoctorPatients,
  type DoctorPatientsQuery,
  type FieldError,
  type ListPatientsQuery,
  type Patient,
  type PatientCard,
  type PatientList,
  type PatientLookup,
  type QuizCounts,
  type QuizLevel,
  type QuizResult,
  type QuizTally,
  type UpdatePatientBody,
  type UpdatePatientCardBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import { recommendationTexts } from '../quiz/quiz.questions.ts';
import { runOnce } from '../../db/run-once.ts';
import type { QuizService } from '../quiz/quiz.service.ts';
import {
  chatClaim,
  chatClose,
  chatPatientWrote,
  chatReopen,
  chatStaffWrote,
  chatTransfer,
  clearCardOfUser,
  findCard,
  findChatState,
  findPatientRecord,
  giveBackFreeConsultation,
  insertPatientWithCard,
  listPatientRecords,
  listScoredCards,
  lookupPatientRecords,
  pagePatientRecordsWithin,
  patientExists,
  takeFreeConsultation,
  updateCard,
  type CardChanges,
  type CardRow,
  type PatientRecordRow,
} from './patients.repository.ts';

export type { ChatChange, ChatState, ChatStatus } from './patients.repository.ts';

export function toPatient({ patient, user, cardId }: PatientRecordRow): Patient {
  return {
    id: patient.id,
    user_id: user.id,
    user_name: user.userName,
    email: user.email,
    phone: user.phone,
    chat_patient_status: patient.chatPatientStatus,
    interacting_with_operator: patient.interactingWithOperator,
    patient_cardId: cardId,
    created_at: patient.createdAt.toISOString(),
  };
}

export function toPatientCard(card: CardRow): PatientCard {
  return {
    patient_cardId: card.id,
    patient_quizz_results: card.quizzResults,
    patient_quizz_recommendations: card.quizzRecommendations,
    patient_quizz_is_completed: card.quizzIsCompleted,
    patient_notes: card.notes,
    patient_available_free_consultations: card.availableFreeConsultations,
  };
}

/** Which patients are a doctor's own: a scheduled, running or completed consultation with it (the appointments' read model). */
export interface DoctorsPatients {
  isDoctorOfPatient(doctorId: string, patientId: string): Promise<boolean>;
  patientIdsOfDoctor(doctorId: string): Promise<string[]>;
}
const RESULTS_FIELD = 'body.patient_quizz_results';

/** A completion's recommendation (SPEC.md §3 fields, in the patient's language) and its note ("<level>, A: n, B: n, C: n"). */
function scored(level: QuizLevel, counts: QuizCounts, locale: 'uk' | 'en', now: Date): CardChanges {
  const score = formatQuizScore(counts);
  const at = now.toISOString();
  const advice = recommendationTexts[level][locale];
  return {
    appendRecommendation: {
      quiz_recommendation_date: at,
      quiz_recommendation_title: advice.title,
      quiz_recommendation_text: advice.text,
      quiz_recommendation_level: level,
      quiz_recommendation_score: score,
    },
    appendNote: { note_id: randomUUID(), note_text: `${level}, ${score}`, note_date: at },
  };
}

/** Checks answers against the current questions; `complete` also asks for exactly one answer per question. */
function countAnswers(
  results: QuizResult[],
  questions: { id: string; isCrisis: boolean; answers: { id: string; value: 'A' | 'B' | 'C' }[] }[],
  complete: boolean,
): QuizTally {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const seen = new Set<string>();
  const counts: QuizTally = { A: 0, B: 0, C: 0, crisis: 0 };
  const errors: FieldError[] = [];
  results.forEach((result, index) => {
    const question = byId.get(result.question_id);
    if (!question)
      return void errors.push({ path: `${RESULTS_FIELD}.${index}.question_id`, code: 'INVALID_VALUE', message: 'No such question' });
    if (seen.has(result.question_id))
      return void errors.push({
        path: `${RESULTS_FIELD}.${index}.question_id`,
        code: 'INVALID_VALUE',
        message: 'The question is answered twice',
      });
    seen.add(result.question_id);
    const answer = question.answers.find((candidate) => candidate.id === result.answer_id);
    if (!answer)
      return void errors.push({
        path: `${RESULTS_FIELD}.${index}.answer_id`,
        code: 'INVALID_VALUE',
        message: 'Not an answer to this question',
      });
    counts[answer.value] += 1;
    if (question.isCrisis && answer.value === DISTRESSED_ANSWER) counts.crisis += 1;
  });
  if (complete && errors.length === 0 && seen.size !== questions.length) {
    errors.push({
      path: RESULTS_FIELD,
      code: 'TOO_SHORT',
      message: `Every question needs one answer: ${questions.length - seen.size} unanswered`,
    });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 'The quiz answers are not valid', errors);
  return counts;
}

/**
 * Patient records and cards. A patient sees only their own, a doctor its own patients, operators and admins any; each
 * staff access (lookups and lists included) is audited. Anyone else is told the record does not exist (404), so ids
 * cannot be probed.
 */
export function createPatientsService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  quiz: QuizService;
  accounts: Pick<AccountsService, 'onAccountCreated' | 'onAccountRemoved'>;
  /** Saves `user_push_token` (a PushSubscription as JSON text; null: none) as the user's device (the push module). */
  savePushToken: (userId: string, token: string | null) => Promise<void>;
  doctorsPatients: DoctorsPatients;
}) {
  const { db, audit, doctorsPatients } = deps;

  // A new patient gets its record and empty card in the account's transaction; a removed one loses its health data.
  deps.accounts.onAccountCreated(async (user, tx) => {
    if (user.role === 'patient') await insertPatientWithCard(tx, user.id);
  });
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await clearCardOfUser(tx, userId);
  });

  async function maySee(auth: AuthContext, patientId: string): Promise<boolean> {
    const { user, patientId: own } = auth.account;
    if (patientId === own || user.role === 'operator' || user.role === 'admin') return true;
    return user.role === 'doctor' && (await doctorsPatients.isDoctorOfPatient(user.id, patientId));
  }

  async function visibleRecord(auth: AuthContext, patientId: string): Promise<PatientRecordRow> {
    const row = await findPatientRecord(db, patientId);
    if (!row || !(await maySee(auth, row.patient.id))) throw notFound('Patient');
    return row;
  }

  async function visibleCard(auth: AuthContext, cardId: string) {
    const card = await findCard(db, cardId);
    if (!card || !(await maySee(auth, card.patientId))) throw notFound('Patient card');
    return card;
  }

  /** One audit entry per patient a search or list answered with. */
  const auditShown = (auth: AuthContext, action: 'lookup' | 'list', rows: PatientRecordRow[]) =>
    audit.record(
      rows.map(({ patient }) => ({
        actorId: auth.account.user.id,
        action,
        resource: 'patient' as const,
        resourceId: patient.id,
        patientId: patient.id,
      })),
    );

  const isOwner = (auth: AuthContext, patientId: string) => auth.account.patientId === patientId;

  return {
    /** Booking: uses one free (ADRA) consultation in the booking's transaction; false when none is left. */
    takeFreeConsultation: (patientId: string, tx: Db = deps.db) => takeFreeConsultation(tx, patientId),
    /** A cancelled free consultation is given back, in the cancellation's transaction. */
    giveBackFreeConsultation: (patientId: string, tx: Db = deps.db) => giveBackFreeConsultation(tx, patientId),
    /** Whether the patient record exists and its account is not removed: other modules find a patient before auditing. */
    exists: (patientId: string) => patientExists(deps.db, patientId),

    async getPatient(auth: AuthContext, patientId: string): Promise<Patient> {
      const row = await visibleRecord(auth, patientId);
      if (!isOwner(auth, patientId)) {
        await audit.record({ actorId: auth.account.user.id, action: 'read', resource: 'patient', resourceId: patientId, patientId });
      }
      return toPatient(row);
    },

    /** Operators and admins search every patient; a doctor only its own. */
    async lookup(auth: AuthContext, criteria: string): Promise<PatientLookup> {
      const { user } = auth.account;
      const within = user.role === 'doctor' ? await doctorsPatients.patientIdsOfDoctor(user.id) : undefined;
      const rows = await lookupPatientRecords(db, criteria, PATIENT_LOOKUP_MAX, within);
      await auditShown(auth, 'lookup', rows);
      return { success: rows.length > 0, patients: rows.map(toPatient) };
    },

    /** The doctor console's "My patients": a doctor's own (an admin reads any doctor's), searched and paged; audited. */
    async listOfDoctor(auth: AuthContext, doctorId: string, query: DoctorPatientsQuery): Promise<DoctorPatients> {
      const { user } = auth.account;
      if (user.role !== 'admin' && user.id !== doctorId) throw forbidden('A doctor sees only its own patients');
      const within = await doctorsPatients.patientIdsOfDoctor(doctorId);
      const page = { limit: DOCTOR_PATIENTS_PAGE_SIZE, offset: (query.page - 1) * DOCTOR_PATIENTS_PAGE_SIZE };
      const { rows, total } = await pagePatientRecordsWithin(db, within, query.query ?? '', page);
      await auditShown(auth, 'list', rows);
      return { patients: rows.map(toPatient), total, page: query.page, page_size: DOCTOR_PATIENTS_PAGE_SIZE };
    },

    async list(auth: AuthContext, query: ListPatientsQuery): Promise<PatientList> {
      const { rows, total } = await listPatientRecords(db, query);
      await auditShown(auth, 'list', rows);
      return { patients: rows.map(toPatient), total };
    },

    /**
     * The owner sets the push token. The chat fields change only through the support routes (claim, transfer, close,
     * reopen) and messages, which keep their rules: setting them here is 400.
     */
    async updatePatient(auth: AuthContext, patientId: string, body: UpdatePatientBody): Promise<Patient> {
      const row = await visibleRecord(auth, patientId);
      const chatFields = (['chat_patient_status', 'interacting_with_operator'] as const).filter((key) => body[key] !== undefined);
      if (chatFields.length > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Validation failed',
          chatFields.map((key) => ({
            path: `body.${key}`,
            code: 'INVALID_VALUE' as const,
            message: 'Changed through POST /v1/patients/{id}/claim, transfer, close or reopen',
          })),
        );
      }
      if (!isOwner(auth, patientId)) throw forbidden('Only the patient sets its push token');
      if (body.user_push_token !== undefined) await deps.savePushToken(row.user.id, body.user_push_token);
      return toPatient((await findPatientRecord(db, patientId))!);
    },

    /**
     * The support conversation's state (chat_patient_status, interacting_with_operator). Each change is one statement
     * that locks the row, then makes one conditional UPDATE, answering before, after and whether it changed (undefined:
     * no such patient). Only the support module calls these; it owns the workflow (who may, events, announcements).
     */
    chat: {
      state: (patientId: string, tx: Db = db) => findChatState(tx, patientId),
      /** The state under the row's lock, inside the caller's transaction: no other change until it ends. */
      locked: (patientId: string, tx: Db) => findChatState(tx, patientId, true),
      patientWrote: (patientId: string, tx: Db = db, reopen?: boolean) => chatPatientWrote(tx, patientId, reopen),
      staffWrote: (patientId: string, writerId: string, tx: Db = db, claim?: boolean) => chatStaffWrote(tx, patientId, writerId, claim),
      claim: (patientId: string, operatorId: string, tx: Db = db) => chatClaim(tx, patientId, operatorId),
      transfer: (patientId: string, toId: string, from: string | null | undefined, tx: Db = db) => chatTransfer(tx, patientId, toId, from),
      close: (patientId: string, from: string | null | undefined, tx: Db = db) => chatClose(tx, patientId, from),
      reopen: (patientId: string, tx: Db = db) => chatReopen(tx, patientId),
    },

    async getCard(auth: AuthContext, cardId: string): Promise<PatientCard> {
      const card = await visibleCard(auth, cardId);
      if (!isOwner(auth, card.patientId)) {
        await audit.record({
          actorId: auth.account.user.id,
          action: 'read',
          resource: 'patient_card',
          resourceId: cardId,
          patientId: card.patientId,
        });
      }
      return toPatientCard(card);
    },

    /**
     * The owner saves quiz answers; with `patient_quizz_is_completed: true` the server scores them and appends a
     * recommendation and a note. An admin may set the free consultations. Recommendations and notes sent are ignored.
     */
    /**
     * Once per database: each card's latest result scored again with the safety-first default rules (PRODUCT.md
     * "Quiz"); where the level differs, a new recommendation and note are appended, so a patient whose level rose to
     * red finds the crisis lines at the next visit. The crisis answers are known for the latest completion only (the
     * card keeps its answers until a retake starts). Answers how many cards changed.
     */
    async rescoreQuizResultsOnce(): Promise<number> {
      const questions = await deps.quiz.questionRows();
      const crisisAnswers = new Set(
        questions.filter((q) => q.isCrisis).flatMap((q) => q.answers.filter((a) => a.value === DISTRESSED_ANSWER).map((a) => a.id)),
      );
      let changed = 0;
      await runOnce(db, 'quiz-levels-safety-first', async (tx) => {
        for (const card of await listScoredCards(tx)) {
          const latest = card.quizzRecommendations.at(-1);
          const counts = latest && parseQuizScore(latest.quiz_recommendation_score);
          if (!counts) continue;
          const crisis = card.quizzIsCompleted ? card.quizzResults.filter((r) => crisisAnswers.has(r.answer_id)).length : 0;
          const level = quizLevelOf(defaultQuizLevelRules, { ...counts, crisis });
          if (level === latest.quiz_recommendation_level) continue;
          await updateCard(tx, card.id, scored(level, counts, card.locale, deps.clock.now()));
          changed += 1;
        }
      });
      return changed;
    },

    async updateCard(auth: AuthContext, cardId: string, body: UpdatePatientCardBody): Promise<PatientCard> {
      const card = await visibleCard(auth, cardId);
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
        const questions = await deps.quiz.questionRows();
        const counts = countAnswers(results, questions, completing);
        changes.quizzResults = results.map(({ question_id, answer_id }) => ({ question_id, answer_id }));
        changes.quizzIsCompleted = completing;
        if (completing)
          Object.assign(changes, scored(quizLevelOf(await deps.quiz.getRules(), counts), counts, card.locale, deps.clock.now()));
      }
      const updated = await db.transaction(async (tx) => {
        const row = await updateCard(tx, cardId, changes);
        if (!owner)
          await audit.record(
            { actorId: auth.account.user.id, action: 'update', resource: 'patient_card', resourceId: cardId, patientId: card.patientId },
            tx,
          );
        return row;
      });
      return toPatientCard(updated);
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
