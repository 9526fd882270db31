import { users } from '../../db/schema.ts';
import { viewsOf } from '../../db/views.ts';

/** The accounts (users) as other modules join them. */
export const accountsView = viewsOf(users, 'users');
