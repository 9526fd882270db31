import { findAccountById, updateUser } from '../accounts.repository.ts';
import { keepAnAdmin, type AccountsContext, type AfterCommit } from './context.ts';

/** Keeps the row for appointment history but removes everything that identifies the person. */
export async function anonymise(ctx: AccountsContext, id: string): Promise<void> {
  const patientId = (await findAccountById(ctx.db, id))?.patientId ?? null;
  const afterCommit: AfterCommit[] = [];
  await ctx.db.transaction(async (tx) => {
    await keepAnAdmin(tx, id);
    for (const hook of ctx.hooks.removed) {
      const after = await hook({ userId: id, patientId }, tx);
      if (after) afterCommit.push(after);
    }
    await updateUser(tx, id, {
      email: `deleted-${id}@deleted.invalid`,
      userName: '',
      phone: null,
      passwordHash: null,
      isActive: false,
      deletedAt: ctx.clock.now(),
    });
  });
  for (const after of afterCommit) await after();
}
