import type { Role, UpdateSpecialistApplicationBody } from '@rozmova/contracts';
import type { SpecialistsDeps } from './commands/context.ts';
import { decideOnApplication } from './commands/decide.ts';
import { submitForReview } from './commands/submit.ts';
import { updateApplicationProfile } from './commands/update-profile.ts';
import { uploadDiploma } from './commands/upload-diploma.ts';
import { createSpecialistReads } from './specialists.reads.ts';
import { deleteApplicationOfUser, insertApplication } from './specialists.repository.ts';

/**
 * Specialist applications: an account of role `none` fills its profile, uploads a diploma and submits; an admin
 * approves (the account becomes a doctor with the profile) or rejects with a reason, which the applicant corrects.
 * Each change is a command in `commands/`, the reads are in `specialists.reads.ts`; this file wires them.
 */
export function createSpecialistsService(deps: SpecialistsDeps) {
  // Every applicant account has its application from the start, made in the account's transaction.
  deps.accounts.onAccountCreated(async (user, tx) => {
    if (user.role === ('none' satisfies Role)) await insertApplication(tx, user.id);
  });

  // A removed account's application goes in the removal's transaction, its diploma's file right after it.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    const key = await deleteApplicationOfUser(tx, userId);
    return key ? () => deps.storage.delete(key) : undefined;
  });

  return {
    ...createSpecialistReads(deps),
    updateMine: (userId: string, body: UpdateSpecialistApplicationBody) => updateApplicationProfile(deps, userId, body),
    uploadDiploma: (userId: string, content: AsyncIterable<Buffer>) => uploadDiploma(deps, userId, content),
    submitMine: (userId: string) => submitForReview(deps, userId),
    approve: (actorId: string, id: string) => decideOnApplication(deps, actorId, id, 'approved', null),
    reject: (actorId: string, id: string, reason: string) => decideOnApplication(deps, actorId, id, 'rejected', reason),
  };
}

export type SpecialistsService = ReturnType<typeof createSpecialistsService>;
