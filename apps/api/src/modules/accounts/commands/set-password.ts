import type { Db } from '../../../db/client.ts';
import { assertAcceptablePassword, hashPassword } from '../../../lib/passwords.ts';
import { updateUser } from '../accounts.repository.ts';

/** Sets a new password; a common one is refused at `field` (default `password`). */
export async function setPassword(db: Db, id: string, password: string, options: { field?: string } = {}): Promise<void> {
  assertAcceptablePassword(password, options.field);
  await updateUser(db, id, { passwordHash: await hashPassword(password) });
}
