import type { CreateDoctorNoteBody, DoctorNote, DoctorNotes } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { findNote, insertNote, listNotes, type NoteRow } from './patient-notes.repository.ts';

/** The most notes a read answers with, newest first. */
const NOTES_LIST_LIMIT = 500;

/** Whether the patient is the doctor's own (a scheduled, running or completed consultation; appointments answers). */
type DoctorOfPatient = (doctorId: string, patientId: string) => Promise<boolean>;

function toNote(row: NoteRow): DoctorNote {
  return {
    id: row.id,
    patient_id: row.patientId,
    author_id: row.authorId,
    author_name: row.authorName,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Doctors' notes on a patient: every doctor of the patient reads all of them and writes its own; admins read them.
 * The patient never does (its advice is the completion note of a consultation). Anyone else is told the patient does
 * not exist (404), so ids cannot be probed. Every read and write is audited.
 */
export function createPatientNotesService(deps: {
  db: Db;
  audit: AuditService;
  isDoctorOfPatient: DoctorOfPatient;
  /** Whether the patient record exists and its account is not removed (the patients module answers). */
  patientExists: (patientId: string) => Promise<boolean>;
}) {
  const { db, audit } = deps;

  async function checkAccess(actor: AccountRow, patientId: string): Promise<void> {
    const { role, id } = actor.user;
    const allowed =
      role === 'admin' ? await deps.patientExists(patientId) : role === 'doctor' && (await deps.isDoctorOfPatient(id, patientId));
    if (!allowed) throw notFound('Patient');
  }

  return {
    async list(actor: AccountRow, patientId: string): Promise<DoctorNotes> {
      await checkAccess(actor, patientId);
      const rows = await listNotes(db, patientId, NOTES_LIST_LIMIT);
      await audit.record({ actorId: actor.user.id, action: 'read', resource: 'patient_note', resourceId: patientId, patientId });
      return { notes: rows.map(toNote) };
    },

    async create(actor: AccountRow, patientId: string, body: CreateDoctorNoteBody): Promise<DoctorNote> {
      await checkAccess(actor, patientId);
      if (actor.user.role !== 'doctor') throw forbidden('Only a doctor of the patient writes notes');
      const id = await db.transaction(async (tx) => {
        const noteId = await insertNote(tx, { patientId, authorId: actor.user.id, text: body.text });
        await audit.record({ actorId: actor.user.id, action: 'update', resource: 'patient_note', resourceId: noteId, patientId }, tx);
        return noteId;
      });
      return toNote((await findNote(db, id))!);
    },
  };
}

export type PatientNotesService = ReturnType<typeof createPatientNotesService>;
