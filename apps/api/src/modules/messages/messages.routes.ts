import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createMessageBodySchema,
  listMessagesQuerySchema,
  markMessagesReadBodySchema,
  markMessagesReadResultSchema,
  messageListSchema,
  messagePaths,
  messageSchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { MessagesService } from './messages.service.ts';

export function registerMessageRoutes(app: FastifyInstance, deps: { messages: MessagesService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Admins pass every role check; accounts without a role (`none`) have no conversations.
  const chat = { access: ['patient', 'doctor', 'operator'] } as const;
  // Answers carrying messages are encrypted when DECRYPTION_KEY is set (SPEC.md §7, docs/response-encryption.md).
  const messagesOut = { ...chat, encryptResponse: true } as const;

  r.post(
    messagePaths.messages,
    { config: messagesOut, schema: { body: createMessageBodySchema, response: { 200: messageSchema, 201: messageSchema } } },
    async (request, reply) => {
      const { message, created } = await deps.messages.send(authOf(request).account, request.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  r.get(
    messagePaths.messages,
    { config: messagesOut, schema: { querystring: listMessagesQuerySchema, response: { 200: messageListSchema } } },
    async (request) => deps.messages.list(authOf(request).account, request.query),
  );

  r.patch(
    messagePaths.markAsRead,
    { config: chat, schema: { body: markMessagesReadBodySchema, response: { 200: markMessagesReadResultSchema } } },
    async (request) => deps.messages.markRead(authOf(request).account, request.body),
  );
}
