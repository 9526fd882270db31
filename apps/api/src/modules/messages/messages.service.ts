import type { CreateMessageBody, ListMessagesQuery, MarkMessagesReadBody } from '@rozmova/contracts';
import { createMessagesContext, type MessageCreatedHandler, type MessagesDeps } from './commands/context.ts';
import { markRead } from './commands/mark-read.ts';
import { sendMessage } from './commands/send.ts';
import type { Actor } from './messages.access.ts';
import { listMessages } from './messages.reads.ts';
import { blankTextsOfPatient } from './messages.repository.ts';
import { createTypingRelay } from './messages.typing.ts';

export { MESSAGES_PER_MINUTE } from './commands/send.ts';

/**
 * Messages: a patient's conversation with the doctor of a consultation and its support conversation with the
 * operators. Each use case is a command in `commands/` (send, mark read), the reads in messages.reads.ts; who writes
 * and reads where is in messages.access.ts, the ticks in messages.delivery.ts, typing in messages.typing.ts; the rows
 * are in messages.repository.ts. This file wires them.
 */
export function createMessagesService(deps: MessagesDeps) {
  const ctx = createMessagesContext(deps);

  // The texts of a removed patient's conversations are health data: blanked in the removal's transaction.
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (patientId) await blankTextsOfPatient(tx, patientId);
  });

  return {
    /** Registers work to do for every new message (away delivery). A failing handler is logged and the rest go on. */
    onMessageCreated(handler: MessageCreatedHandler): void {
      ctx.createdHandlers.push(handler);
    },

    send: (actor: Actor, body: CreateMessageBody) => sendMessage(ctx, actor, body),
    list: (actor: Actor, query: ListMessagesQuery) => listMessages(ctx, actor, query),
    markRead: (actor: Actor, body: MarkMessagesReadBody) => markRead(ctx, actor, body),

    /** `chat-typing` from a connection (validated and rate-limited by messages.socket.ts). */
    relayTyping: createTypingRelay({ ...deps, holderOf: (patientId) => deps.support.holderOf(patientId) }),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
