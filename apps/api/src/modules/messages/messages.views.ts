import { messages } from '../../db/schema-chat.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Chat messages as other modules read them. */
export const messagesView = <N extends string = 'messages', K extends ColumnName<typeof messages> = ColumnName<typeof messages>>(
  name = 'messages' as N,
  columns?: readonly K[],
) => viewOf(messages, name, columns);
