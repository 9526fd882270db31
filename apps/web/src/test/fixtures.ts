import type { Role, User } from '@rozmova/contracts';
import { aUser } from './people.ts';

export { anAppointment } from '@rozmova/contracts/testing';

/** Olena, the person these tests sign in: `aUser` of the role (a patient unless named) with her name and e-mail. */
export function anAccount(overrides: Partial<User> & { role?: Role } = {}): User {
  const { role = 'patient', ...rest } = overrides;
  return aUser(role, { id: 'user-1', email: 'olena@example.com', user_name: 'Olena Kovalenko', ...rest });
}

/**
 * For a describe block of forms filled in as a person does: each key and click re-renders a Mantine form, which takes
 * seconds on a machine busy with other suites; more room than vitest's 5 s.
 */
export const formFlow = { timeout: 20_000 };
