import type { Readable } from 'node:stream';
import type { ReferenceStatus, UserReference } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { StorageNotFoundError, type Storage } from '../../lib/storage.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import {
  deleteReference,
  deleteReferencesOfPatient,
  findReference,
  listReferencesOfPatient,
  listStorageKeys,
  updateReferenceStatus,
  type ReferenceRow,
} from './documents.repository.ts';
import { uploadDocument } from './commands/upload.ts';
import { ownPatientId, STORAGE_PREFIX, toUserReference, type Actor } from './documents.mapping.ts';

/**
 * What this module needs from the audit log (modules/audit `AuditService.record`): one entry per staff access to a
 * patient's documents, `{ action: 'read' | 'update' | 'list', resource: 'user_reference', resourceId, patientId }`.
 */
export interface AuditRecorder {
  record(entry: {
    actorId: string;
    action: 'read' | 'update' | 'list';
    resource: 'user_reference';
    resourceId: string;
    patientId: string;
  }): Promise<unknown>;
}

/** Whether the patient is the doctor's own (a scheduled, running or completed consultation; appointments answers). */
export type DoctorOfPatient = (doctorId: string, patientId: string) => Promise<boolean>;

/**
 * What a member of staff may do with a patient's documents: the patient's own doctors and admins read and review
 * them; operators read them (to help with booking and support), never review; anyone else nothing.
 */
export async function staffAccess(actor: Actor, patientId: string, isDoctorOfPatient: DoctorOfPatient): Promise<'review' | 'read' | null> {
  const role = actor.user.role;
  if (role === 'admin') return 'review';
  if (role === 'operator') return 'read';
  return role === 'doctor' && (await isDoctorOfPatient(actor.user.id, patientId)) ? 'review' : null;
}

/** An upload writes its file, then its row: a younger file without a row may be an upload in flight. */
const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000;

export function createDocumentsService(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  audit: AuditRecorder;
  isDoctorOfPatient: DoctorOfPatient;
  /** Whether the patient record exists and its account is not removed (the patients module answers). */
  patientExists: (patientId: string) => Promise<boolean>;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
}) {
  const { db, storage, clock } = deps;

  // A removed patient's document rows go in the removal's transaction, the files right after it.
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (!patientId) return;
    const keys = await deleteReferencesOfPatient(tx, patientId);
    return async () => {
      for (const key of keys) await storage.delete(key);
    };
  });

  /** The reference when the actor may see it: its owner, or staff with {@link staffAccess}. Others: 404. */
  async function visibleReference(actor: Actor, id: string): Promise<{ row: ReferenceRow; access: 'owner' | 'review' | 'read' }> {
    const row = await findReference(db, id);
    if (!row) throw notFound('Document');
    if (actor.patientId === row.patientId) return { row, access: 'owner' };
    const access = actor.user.role === 'patient' ? null : await staffAccess(actor, row.patientId, deps.isDoctorOfPatient);
    if (!access) throw notFound('Document');
    return { row, access };
  }

  const audit = (actor: Actor, action: 'read' | 'update', row: ReferenceRow) =>
    deps.audit.record({ actorId: actor.user.id, action, resource: 'user_reference', resourceId: row.id, patientId: row.patientId });

  return {
    upload: (actor: Actor, content: AsyncIterable<Buffer>, name?: string) => uploadDocument(deps, actor, content, name),

    async listMine(actor: Actor): Promise<{ userReferences: UserReference[]; count: number }> {
      const rows = await listReferencesOfPatient(db, ownPatientId(actor));
      return { userReferences: rows.map(toUserReference), count: rows.length };
    },

    /**
     * A patient's documents for staff who may read them, audited as one list of that patient's data. An unknown or
     * removed patient is 404 before anything is audited (the entry names an existing patient).
     */
    async listOfPatient(actor: Actor, patientId: string): Promise<{ userReferences: UserReference[]; count: number }> {
      const access = (await deps.patientExists(patientId)) && (await staffAccess(actor, patientId, deps.isDoctorOfPatient));
      if (!access) throw notFound('Patient');
      const rows = await listReferencesOfPatient(db, patientId);
      await deps.audit.record({ actorId: actor.user.id, action: 'list', resource: 'user_reference', resourceId: patientId, patientId });
      return { userReferences: rows.map(toUserReference), count: rows.length };
    },

    async download(actor: Actor, id: string): Promise<{ reference: UserReference; stream: Readable }> {
      const { row, access } = await visibleReference(actor, id);
      if (access !== 'owner') await audit(actor, 'read', row);
      try {
        return { reference: toUserReference(row), stream: await storage.get(row.storageKey) };
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw notFound('Document file');
        throw error;
      }
    },

    /** Staff review; the owner sees the status but may not set it. */
    async setStatus(actor: Actor, id: string, status: ReferenceStatus): Promise<UserReference> {
      const { row, access } = await visibleReference(actor, id);
      if (access !== 'review') throw new AppError('FORBIDDEN', 'Only the reviewing doctor sets the status of a document');
      await audit(actor, 'update', row);
      const updated = await updateReferenceStatus(db, id, status);
      if (!updated) throw notFound('Document');
      return toUserReference(updated);
    },

    /** The owner deletes the row and the file. */
    async deleteMine(actor: Actor, id: string): Promise<UserReference> {
      const patientId = ownPatientId(actor);
      const row = await findReference(db, id);
      if (!row || row.patientId !== patientId) throw notFound('Document');
      const deleted = await deleteReference(db, id);
      if (!deleted) throw notFound('Document');
      await storage.delete(deleted.storageKey);
      return toUserReference(deleted);
    },

    /** Removes the files no document row refers to (a crash between writing a file and its row); answers how many. */
    async removeOrphanFiles(): Promise<number> {
      const old = await storage.listOlderThan(STORAGE_PREFIX, new Date(clock.now().getTime() - ORPHAN_FILE_GRACE_MS));
      if (old.length === 0) return 0;
      const referenced = await listStorageKeys(db);
      const orphans = old.filter((key) => !referenced.has(key));
      for (const key of orphans) await storage.delete(key);
      return orphans.length;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
