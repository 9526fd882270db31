import type { Role } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/rows.ts';
import { notFound } from '../../../lib/app-error.ts';
import { updateUser } from '../accounts.repository.ts';
import { keepAnAdmin } from './context.ts';

/** A role change (an approved specialist becomes a doctor), inside the caller's transaction. */
export async function setRole(tx: Db, id: string, role: Role): Promise<void> {
  await tx.transaction(async (inner) => {
    if (role !== 'admin') await keepAnAdmin(inner, id);
    await updateUser(inner, id, { role });
  });
}

/** Activates or deactivates a user not removed (404 otherwise), inside the caller's transaction. */
export async function setActive(tx: Db, id: string, isActive: boolean): Promise<UserRow> {
  return tx.transaction(async (inner) => {
    if (!isActive) await keepAnAdmin(inner, id);
    const user = await updateUser(inner, id, { isActive });
    if (!user || user.deletedAt) throw notFound('User');
    return user;
  });
}
