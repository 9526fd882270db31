import type { Readable } from 'node:stream';
import {
  DIPLOMA_MAX_BYTES,
  type DocumentContentType,
  type ListSpecialistApplicationsQuery,
  type Role,
  type SpecialistApplication,
  type UpdateSpecialistApplicationBody,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { storeCheckedFile } from '../../lib/file-type.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { newStorageKey, StorageNotFoundError, type Storage } from '../../lib/storage.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DoctorsService } from '../doctors/doctors.service.ts';
import { decisionMail } from './specialists.mails.ts';
import {
  decideApplication,
  deleteApplicationOfUser,
  findApplication,
  findApplicationOfUser,
  insertApplication,
  listApplications,
  replaceDiploma,
  submitApplication,
  updateEditableProfile,
  type ApplicationWithUser,
} from './specialists.repository.ts';

/** Storage keys of diplomas start with this word. */
const STORAGE_PREFIX = 'diploma';

export function toApplication({ application: a, email, userName, locale }: ApplicationWithUser): SpecialistApplication {
  return {
    id: a.id,
    user_id: a.userId,
    email,
    user_name: userName,
    locale,
    status: a.status,
    name_en: a.nameEn,
    specialisations: a.specialisations,
    bio: a.bio,
    languages: a.languages,
    experience_years: a.experienceYears,
    diploma:
      a.diplomaStorageKey && a.diplomaContentType && a.diplomaSize !== null && a.diplomaFileName
        ? { content_type: a.diplomaContentType as DocumentContentType, size: a.diplomaSize, file_name: a.diplomaFileName }
        : null,
    rejection_reason: a.rejectionReason,
    submitted_at: a.submittedAt?.toISOString() ?? null,
    decided_at: a.decidedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

const notEditable = () => new AppError('APPLICATION_NOT_EDITABLE', 'A submitted or approved application is not changed');

/**
 * Specialist applications: an account of role `none` fills its profile, uploads a diploma and submits; an admin
 * approves (the account becomes a doctor with the profile) or rejects with a reason, which the applicant corrects.
 */
export function createSpecialistsService(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
  audit: Pick<AuditService, 'record'>;
  accounts: Pick<AccountsService, 'onAccountCreated' | 'onAccountRemoved' | 'updateProfile' | 'setRole'>;
  doctors: Pick<DoctorsService, 'fillFromApplication'>;
  warn: (message: string) => void;
}) {
  const { db, clock, storage } = deps;

  // Every applicant account has its application from the start, made in the account's transaction.
  deps.accounts.onAccountCreated(async (user, tx) => {
    if (user.role === ('none' satisfies Role)) await insertApplication(tx, user.id);
  });

  // A removed account's application goes in the removal's transaction, its diploma's file right after it.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    const key = await deleteApplicationOfUser(tx, userId);
    return key ? () => storage.delete(key) : undefined;
  });

  async function own(userId: string): Promise<ApplicationWithUser> {
    const row = await findApplicationOfUser(db, userId);
    if (!row) throw notFound('Application');
    return row;
  }

  async function one(id: string): Promise<ApplicationWithUser> {
    const row = await findApplication(db, id);
    if (!row) throw notFound('Application');
    return row;
  }

  async function decide(
    actorId: string,
    id: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<SpecialistApplication> {
    const current = await one(id);
    const decided = await db.transaction(async (tx) => {
      const row = await decideApplication(tx, id, { status, reason, by: actorId, at: clock.now() });
      if (!row) return undefined;
      if (status === 'approved') {
        await deps.accounts.setRole(row.userId, 'doctor', tx);
        await deps.doctors.fillFromApplication(
          row.userId,
          {
            nameEn: row.nameEn,
            specialisations: row.specialisations,
            bio: row.bio,
            languages: row.languages,
            experienceYears: row.experienceYears,
          },
          tx,
        );
      }
      return row;
    });
    if (!decided) throw new AppError('APPLICATION_ALREADY_DECIDED', 'Only a submitted application is approved or rejected');
    // The applicant's sessions carry on: each request reads the account's role, so an open session is the doctor's from
    // the commit on (with the staff idle timeout), and the applicant's page moves to the console without a new sign-in.
    try {
      await deps.mailer.send(decisionMail(current, { status, reason }, deps.publicUrl));
    } catch (error) {
      deps.warn(`The decision e-mail of an application was not sent: ${(error as Error).name}`);
    }
    return toApplication({ ...current, application: decided });
  }

  return {
    mine: async (userId: string) => toApplication(await own(userId)),

    /** Step 2: the profile; the Ukrainian name is the account's name. */
    async updateMine(userId: string, body: UpdateSpecialistApplicationBody): Promise<SpecialistApplication> {
      const updated = await updateEditableProfile(db, userId, {
        nameEn: body.name_en,
        specialisations: [...new Set(body.specialisations)],
        bio: body.bio,
        languages: [...new Set(body.languages)],
        experienceYears: body.experience_years,
      });
      if (!updated) {
        await own(userId);
        throw notEditable();
      }
      await deps.accounts.updateProfile(userId, { userName: body.user_name });
      return toApplication(await own(userId));
    },

    /** Step 3: the diploma, streamed to storage and checked from its first bytes; a new one replaces the old. */
    async uploadDiploma(userId: string, content: AsyncIterable<Buffer>): Promise<SpecialistApplication> {
      const current = await own(userId);
      if (current.application.status !== 'draft' && current.application.status !== 'rejected') throw notEditable();
      const key = newStorageKey(STORAGE_PREFIX);
      const { type, size } = await storeCheckedFile(storage, key, content, {
        maxBytes: DIPLOMA_MAX_BYTES,
        accept: (detected) => {
          // Every type a document may have (lib/file-type.ts): a phone's photo of a diploma is often HEIC.
          if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A diploma is a PDF, JPEG, PNG or HEIC file');
          return detected;
        },
        tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', `A diploma may be at most ${DIPLOMA_MAX_BYTES / 1024 / 1024} MB`),
      });
      const replaced = await replaceDiploma(db, userId, {
        storageKey: key,
        contentType: type.contentType,
        size,
        fileName: `diploma.${type.extension}`,
      }).catch(async (error: unknown) => {
        await storage.delete(key);
        throw error;
      });
      if (!replaced) {
        await storage.delete(key);
        throw notEditable();
      }
      if (replaced.previousKey) await storage.delete(replaced.previousKey);
      return toApplication(await own(userId));
    },

    /** Step 4: sent for review (again after a rejection). */
    async submitMine(userId: string): Promise<SpecialistApplication> {
      if (!(await submitApplication(db, userId, clock.now()))) {
        const current = await own(userId);
        if (current.application.status !== 'draft' && current.application.status !== 'rejected') throw notEditable();
        throw new AppError('APPLICATION_INCOMPLETE', 'Fill in the profile and upload the diploma before submitting');
      }
      return toApplication(await own(userId));
    },

    list: async (query: ListSpecialistApplicationsQuery) => (await listApplications(db, query.status)).map(toApplication),

    get: async (id: string) => toApplication(await one(id)),

    /** The diploma's bytes for an admin; each opening is in the audit log. */
    async diploma(actorId: string, id: string): Promise<{ application: SpecialistApplication; stream: Readable }> {
      const row = await one(id);
      const application = toApplication(row);
      if (!row.application.diplomaStorageKey || !application.diploma) throw notFound('Diploma');
      await deps.audit.record({ actorId, action: 'read', resource: 'specialist_application', resourceId: id, patientId: null });
      try {
        return { application, stream: await storage.get(row.application.diplomaStorageKey) };
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw notFound('Diploma file');
        throw error;
      }
    },

    approve: (actorId: string, id: string) => decide(actorId, id, 'approved', null),
    reject: (actorId: string, id: string, reason: string) => decide(actorId, id, 'rejected', reason),
  };
}

export type SpecialistsService = ReturnType<typeof createSpecialistsService>;
