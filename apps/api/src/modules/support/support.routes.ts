import type { FastifyInstance } from 'fastify';
import { supportApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { SupportService } from './support.service.ts';

export function registerSupportRoutes(app: FastifyInstance, deps: { support: SupportService }): void {
  const { support } = deps;

  route(app, supportApi.inbox, async (request) => support.inbox(authOf(request).account, request.query));

  route(app, supportApi.claim, async (request) => support.claim(authOf(request).account, request.params.id));

  route(app, supportApi.transfer, async (request) => support.transfer(authOf(request).account, request.params.id, request.body));

  route(app, supportApi.close, async (request) => support.close(authOf(request).account, request.params.id));

  route(app, supportApi.reopen, async (request) => support.reopen(authOf(request).account, request.params.id));

  route(app, supportApi.events, async (request) => support.events(authOf(request).account, request.params.id));

  // The response schema leaves out `isAdmin`.
  route(app, supportApi.operators, async () => ({ operators: await support.availability.chatStaff() }));

  route(app, supportApi.setAvailability, async (request) =>
    support.availability.set(authOf(request).account.user.id, request.body.availability),
  );

  route(app, supportApi.status, async (request) => support.status(authOf(request).account));

  route(app, supportApi.cannedReplies, async (request) => ({
    replies: await support.cannedReplies.list(authOf(request).account.user.id),
  }));

  route(app, supportApi.createCannedReply, async (request, reply) =>
    reply.status(201).send(await support.cannedReplies.create(authOf(request).account.user.id, request.body)),
  );

  route(app, supportApi.updateCannedReply, async (request) =>
    support.cannedReplies.update(authOf(request).account.user.id, request.params.id, request.body),
  );

  route(app, supportApi.removeCannedReply, async (request, reply) => {
    await support.cannedReplies.remove(authOf(request).account.user.id, request.params.id);
    return reply.status(204).send(null);
  });
}
