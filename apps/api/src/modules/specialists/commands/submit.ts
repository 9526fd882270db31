import type { SpecialistApplication } from '@rozmova/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { toApplication } from '../specialists.mapping.ts';
import { submitApplication } from '../specialists.repository.ts';
import { assertEditable, ownApplication, type SpecialistsDeps } from './context.ts';

/** Step 4: sent for review (again after a rejection). */
export async function submitForReview(ctx: Pick<SpecialistsDeps, 'db' | 'clock'>, userId: string): Promise<SpecialistApplication> {
  if (!(await submitApplication(ctx.db, userId, ctx.clock.now()))) {
    assertEditable(await ownApplication(ctx.db, userId));
    throw new AppError('APPLICATION_INCOMPLETE', 'Fill in the profile and upload the diploma before submitting');
  }
  return toApplication(await ownApplication(ctx.db, userId));
}
