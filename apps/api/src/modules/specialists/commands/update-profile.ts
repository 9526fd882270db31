import type { SpecialistApplication, UpdateSpecialistApplicationBody } from '@rozmova/contracts';
import { toApplication } from '../specialists.mapping.ts';
import { updateEditableProfile } from '../specialists.repository.ts';
import { notEditable, ownApplication, type SpecialistsDeps } from './context.ts';

/** Step 2: the profile; the Ukrainian name is the account's name. */
export async function updateApplicationProfile(
  ctx: Pick<SpecialistsDeps, 'db' | 'accounts'>,
  userId: string,
  body: UpdateSpecialistApplicationBody,
): Promise<SpecialistApplication> {
  // The application's profile and the account's name change together or not at all.
  await ctx.db.transaction(async (tx) => {
    const updated = await updateEditableProfile(tx, userId, {
      nameEn: body.name_en,
      specialisations: [...new Set(body.specialisations)],
      bio: body.bio,
      languages: [...new Set(body.languages)],
      experienceYears: body.experience_years,
    });
    if (!updated) {
      await ownApplication(tx, userId);
      throw notEditable();
    }
    await ctx.accounts.updateProfile(userId, { userName: body.user_name }, tx);
  });
  return toApplication(await ownApplication(ctx.db, userId));
}
