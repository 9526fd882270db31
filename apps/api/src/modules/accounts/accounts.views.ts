import { users } from '../../db/schema.ts';
import { viewOf } from '../../db/views.ts';

/** The accounts (users) as other modules join them. */
export const accountsView = <N extends string = 'users'>(name = 'users' as N) => viewOf(users, name);
