import { userReferences } from '../../db/schema.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Stored files (documents and attachments) as other modules join them. */
export const documentsView = <
  N extends string = 'user_references',
  K extends ColumnName<typeof userReferences> = ColumnName<typeof userReferences>,
>(
  name = 'user_references' as N,
  columns?: readonly K[],
) => viewOf(userReferences, name, columns);
