import type { Readable } from 'node:stream';
import type { ListSpecialistApplicationsQuery, SpecialistApplication } from '@rozmova/contracts';
import { notFound } from '../../lib/app-error.ts';
import { StorageNotFoundError } from '../../lib/storage.ts';
import { applicationById, ownApplication, type SpecialistsDeps } from './commands/context.ts';
import { toApplication } from './specialists.mapping.ts';
import { listApplications } from './specialists.repository.ts';

/** Reading applications: the applicant's own, the admins' list and one by id, the diploma's bytes. */
export function createSpecialistReads(ctx: Pick<SpecialistsDeps, 'db' | 'storage' | 'audit'>) {
  const { db } = ctx;
  return {
    mine: async (userId: string) => toApplication(await ownApplication(db, userId)),

    list: async (query: ListSpecialistApplicationsQuery) => (await listApplications(db, query.status)).map(toApplication),

    get: async (id: string) => toApplication(await applicationById(db, id)),

    /** The diploma's bytes for an admin; each opening is in the audit log. */
    async diploma(actorId: string, id: string): Promise<{ application: SpecialistApplication; stream: Readable }> {
      const row = await applicationById(db, id);
      const application = toApplication(row);
      if (!row.application.diplomaStorageKey || !application.diploma) throw notFound('Diploma');
      await ctx.audit.record({ actorId, action: 'read', resource: 'specialist_application', resourceId: id, patientId: null });
      try {
        return { application, stream: await ctx.storage.get(row.application.diplomaStorageKey) };
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw notFound('Diploma file');
        throw error;
      }
    },
  };
}
