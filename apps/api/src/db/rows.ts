import type { PatientNote, QuizRecommendation, QuizResult } from '@rozmova/contracts';
import type { users } from './schema.ts';

/** Row types several modules share; each module's repository still owns its queries. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A user with its patient record and card ids (null for staff). */
export interface AccountRow {
  user: UserRow;
  patientId: string | null;
  cardId: string | null;
}

/** A patient card with its JSON columns typed as the patients module writes them. */
export interface CardRow {
  id: string;
  patientId: string;
  quizzResults: QuizResult[];
  quizzRecommendations: QuizRecommendation[];
  quizzIsCompleted: boolean;
  notes: PatientNote[];
  availableFreeConsultations: number;
}
