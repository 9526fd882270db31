import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { MessagesService } from './messages.service.ts';

export function registerMessageRoutes(app: FastifyInstance, deps: { messages: MessagesService }): void {
  route(app, messagesApi.send, async (request, reply) => {
    const { message, created } = await deps.messages.send(authOf(request).account, request.body);
    return reply.status(created ? 201 : 200).send(message);
  });

  route(app, messagesApi.list, async (request) => deps.messages.list(authOf(request).account, request.query));

  route(app, messagesApi.markRead, async (request) => deps.messages.markRead(authOf(request).account, request.body));
}
