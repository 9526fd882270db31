import { messages } from '../../db/schema-chat.ts';
import { viewsOf } from '../../db/views.ts';

/** Chat messages as other modules read them. */
export const messagesView = viewsOf(messages, 'messages');
