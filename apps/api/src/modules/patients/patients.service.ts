import type { UpdatePatientBody, UpdatePatientCardBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/auth-context.ts';
import type { PatientsDeps } from './commands/context.ts';
import { rescoreQuizResultsOnce } from './commands/rescore-quiz-results.ts';
import { updatePatientCard } from './commands/update-card.ts';
import { updatePatient } from './commands/update-patient.ts';
import { createPatientReads } from './patients.reads.ts';
import {
  chatClaim,
  chatClose,
  chatPatientWrote,
  chatReopen,
  chatStaffWrote,
  chatTransfer,
  chatWriteLock,
  clearCardOfUser,
  findChatState,
  giveBackFreeConsultation,
  insertPatientWithCard,
  patientExists,
  takeFreeConsultation,
  type ChatFound,
} from './patients.repository.ts';

export type { ChatChange, ChatFound, ChatState, ChatStatus } from './patients.repository.ts';
export { toPatientCard } from './patients.mapping.ts';

/**
 * Patient records and cards. A patient sees only their own, a doctor its own patients, operators and admins any; each
 * staff access (lookups and lists included) is audited. Anyone else is told the record does not exist (404), so ids
 * cannot be probed. The changes are commands in `commands/`, the reads in `patients.reads.ts`, the quiz's scoring in
 * `patients.scoring.ts`. This file wires them.
 */
export function createPatientsService(deps: PatientsDeps) {
  const { db } = deps;

  // A new patient gets its record and empty card in the account's transaction; a removed one loses its health data.
  deps.accounts.onAccountCreated(async (user, tx) => {
    if (user.role === 'patient') await insertPatientWithCard(tx, user.id);
  });
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await clearCardOfUser(tx, userId);
  });

  return {
    /** Booking: uses one free (ADRA) consultation in the booking's transaction; false when none is left. */
    takeFreeConsultation: (patientId: string, tx: Db = db) => takeFreeConsultation(tx, patientId),
    /** A cancelled free consultation is given back, in the cancellation's transaction. */
    giveBackFreeConsultation: (patientId: string, tx: Db = db) => giveBackFreeConsultation(tx, patientId),
    /** Whether the patient record exists and its account is not removed: other modules find a patient before auditing. */
    exists: (patientId: string) => patientExists(db, patientId),

    ...createPatientReads(deps),
    updatePatient: (auth: AuthContext, patientId: string, body: UpdatePatientBody) => updatePatient(deps, auth, patientId, body),
    updateCard: (auth: AuthContext, cardId: string, body: UpdatePatientCardBody) => updatePatientCard(deps, auth, cardId, body),
    rescoreQuizResultsOnce: () => rescoreQuizResultsOnce(deps),

    /**
     * The support conversation's state (chat_patient_status, interacting_with_operator). Each change is one statement
     * that locks the row, then makes one conditional UPDATE, answering before, after and whether it changed (undefined:
     * no such patient). Only the support module calls these; it owns the workflow (who may, events, announcements).
     */
    chat: {
      state: (patientId: string, tx: Db = db) => findChatState(tx, patientId),
      /** The state under the row's lock, inside the caller's transaction: no other change until it ends. */
      locked: (patientId: string, tx: Db) => findChatState(tx, patientId, true),
      /** `found`: what `writeLock`, a step of the caller's statement, found (then no lock of its own is taken). */
      patientWrote: (patientId: string, tx: Db = db, reopen?: boolean, found?: ChatFound) => chatPatientWrote(tx, patientId, reopen, found),
      staffWrote: (patientId: string, writerId: string, tx: Db = db, claim?: boolean, found?: ChatFound) =>
        chatStaffWrote(tx, patientId, writerId, claim, found),
      writeLock: chatWriteLock,
      claim: (patientId: string, operatorId: string, tx: Db = db) => chatClaim(tx, patientId, operatorId),
      transfer: (patientId: string, toId: string, from: string | null | undefined, tx: Db = db) => chatTransfer(tx, patientId, toId, from),
      close: (patientId: string, from: string | null | undefined, tx: Db = db) => chatClose(tx, patientId, from),
      reopen: (patientId: string, tx: Db = db) => chatReopen(tx, patientId),
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
