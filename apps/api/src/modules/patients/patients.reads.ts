import {
  DOCTOR_PATIENTS_PAGE_SIZE,
  PATIENT_LOOKUP_MAX,
  type DoctorPatients,
  type DoctorPatientsQuery,
  type ListPatientsQuery,
  type Patient,
  type PatientCard,
  type PatientList,
  type PatientLookup,
} from '@rozmova/contracts';
import type { AuthContext } from '../../http/auth-context.ts';
import { forbidden } from '../../lib/app-error.ts';
import { isOwner, visibleCard, visibleRecord, type PatientsDeps } from './commands/context.ts';
import { toPatient, toPatientCard } from './patients.mapping.ts';
import { listPatientRecords, lookupPatientRecords, pagePatientRecordsWithin, type PatientRecordRow } from './patients.repository.ts';

/** Reading patient records and cards: every read by someone else than the patient audited, lookups and lists included. */
export function createPatientReads(deps: Pick<PatientsDeps, 'db' | 'audit' | 'doctorsPatients'>) {
  const { db, audit, doctorsPatients } = deps;

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

  return {
    async getPatient(auth: AuthContext, patientId: string): Promise<Patient> {
      const row = await visibleRecord(deps, auth, patientId);
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

    async getCard(auth: AuthContext, cardId: string): Promise<PatientCard> {
      const card = await visibleCard(deps, auth, cardId);
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
  };
}
