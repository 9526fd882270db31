import { messages } from '../../db/schema-chat.ts';
import { viewOf } from '../../db/views.ts';

/** Chat messages as other modules read them. */
export const messagesView = <N extends string = 'messages'>(name = 'messages' as N) => viewOf(messages, name);
