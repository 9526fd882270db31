import { users } from '../../db/schema.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** The accounts (users) as other modules join them. */
export const accountsView = <N extends string = 'users', K extends ColumnName<typeof users> = ColumnName<typeof users>>(
  name = 'users' as N,
  columns?: readonly K[],
) => viewOf(users, name, columns);
