import type { Db } from '../../db/client.ts';
import { clearCardOfUser, insertPatientWithCard } from './patients.repository.ts';

/** Patient records. Methods take an optional transaction so a record is written together with its account. */
export function createPatientsService(deps: { db: Db }) {
  return {
    createRecord: (userId: string, tx: Db = deps.db) => insertPatientWithCard(tx, userId),
    /** Removes the health data of a deleted account; the anonymised record stays for appointment history. */
    eraseHealthData: (userId: string, tx: Db = deps.db) => clearCardOfUser(tx, userId),
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
