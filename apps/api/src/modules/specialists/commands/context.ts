import type { Db } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import type { Storage } from '../../../lib/storage.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { DoctorsService } from '../../doctors/doctors.service.ts';
import { findApplication, findApplicationOfUser, type ApplicationWithUser } from '../specialists.repository.ts';

/** What the specialists service and its commands are given by buildApp. */
export interface SpecialistsDeps {
  db: Db;
  clock: Clock;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
  audit: Pick<AuditService, 'record'>;
  accounts: Pick<AccountsService, 'onAccountCreated' | 'onAccountRemoved' | 'updateProfile' | 'setRole'>;
  doctors: Pick<DoctorsService, 'fillFromApplication'>;
  warn: (message: string) => void;
}

export const notEditable = () => new AppError('APPLICATION_NOT_EDITABLE', 'A submitted or approved application is not changed');

/** The applicant may change an application that is a draft or was rejected (else 409 APPLICATION_NOT_EDITABLE). */
export function assertEditable({ application }: ApplicationWithUser): void {
  if (application.status !== 'draft' && application.status !== 'rejected') throw notEditable();
}

/** The applicant's own application; 404 when there is none. */
export async function ownApplication(db: Db, userId: string): Promise<ApplicationWithUser> {
  const row = await findApplicationOfUser(db, userId);
  if (!row) throw notFound('Application');
  return row;
}

/** An application by its id (admins); 404 when there is none. */
export async function applicationById(db: Db, id: string): Promise<ApplicationWithUser> {
  const row = await findApplication(db, id);
  if (!row) throw notFound('Application');
  return row;
}
