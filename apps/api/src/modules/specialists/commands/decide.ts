import type { SpecialistApplication } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { decisionMail } from '../specialists.mails.ts';
import { toApplication } from '../specialists.mapping.ts';
import { decideApplication } from '../specialists.repository.ts';
import { applicationById, type SpecialistsDeps } from './context.ts';

/**
 * An admin approves a submitted application (in one transaction the account becomes a doctor with the profile) or
 * rejects it with a reason; the applicant is told by e-mail.
 */
export async function decideOnApplication(
  ctx: SpecialistsDeps,
  actorId: string,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<SpecialistApplication> {
  const current = await applicationById(ctx.db, id);
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await decideApplication(tx, id, { status, reason, by: actorId, at: ctx.clock.now() });
    if (!row) return undefined;
    if (status === 'approved') {
      await ctx.accounts.setRole(row.userId, 'doctor', tx);
      await ctx.doctors.fillFromApplication(
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
    await ctx.mailer.send(decisionMail(current, { status, reason }, ctx.publicUrl));
  } catch (error) {
    ctx.warn(`The decision e-mail of an application was not sent: ${(error as Error).name}`);
  }
  return toApplication({ ...current, application: decided });
}
