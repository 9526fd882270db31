import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cannedReplyBodySchema,
  cannedReplyListSchema,
  cannedReplySchema,
  conversationStateSchema,
  idParamsSchema,
  inboxQuerySchema,
  inboxSchema,
  operatorListSchema,
  operatorSchema,
  setAvailabilityBodySchema,
  supportEventListSchema,
  supportPaths,
  supportStatusSchema,
  transferBodySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { SupportService } from './support.service.ts';

export function registerSupportRoutes(app: FastifyInstance, deps: { support: SupportService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { support } = deps;
  // Admins pass every role check: they supervise the inbox and may take part in it.
  const staff = { access: ['operator'] } as const;
  const state = { params: idParamsSchema, response: { 200: conversationStateSchema } };

  // The inbox shows each conversation's last message: encrypted like the messages (docs/response-encryption.md).
  r.get(
    supportPaths.inbox,
    { config: { ...staff, encryptResponse: true }, schema: { querystring: inboxQuerySchema, response: { 200: inboxSchema } } },
    async (request) => support.inbox(authOf(request).account, request.query),
  );

  r.post(supportPaths.claim, { config: staff, schema: state }, async (request) =>
    support.claim(authOf(request).account, request.params.id),
  );

  r.post(supportPaths.transfer, { config: staff, schema: { ...state, body: transferBodySchema } }, async (request) =>
    support.transfer(authOf(request).account, request.params.id, request.body),
  );

  r.post(supportPaths.close, { config: staff, schema: state }, async (request) =>
    support.close(authOf(request).account, request.params.id),
  );

  r.post(supportPaths.reopen, { config: staff, schema: state }, async (request) =>
    support.reopen(authOf(request).account, request.params.id),
  );

  r.get(
    supportPaths.events,
    { config: staff, schema: { params: idParamsSchema, response: { 200: supportEventListSchema } } },
    async (request) => support.events(authOf(request).account, request.params.id),
  );

  // Everyone who answers chats, admins too (the transfer's choices); the response schema leaves out `isAdmin`.
  r.get(supportPaths.operators, { config: staff, schema: { response: { 200: operatorListSchema } } }, async () => ({
    operators: await support.availability.chatStaff(),
  }));

  r.put(
    supportPaths.availability,
    { config: staff, schema: { body: setAvailabilityBodySchema, response: { 200: operatorSchema } } },
    async (request) => support.availability.set(authOf(request).account.user.id, request.body.availability),
  );

  r.get(supportPaths.status, { config: { access: ['patient'] }, schema: { response: { 200: supportStatusSchema } } }, async (request) =>
    support.status(authOf(request).account),
  );

  r.get(supportPaths.cannedReplies, { config: staff, schema: { response: { 200: cannedReplyListSchema } } }, async (request) => ({
    replies: await support.cannedReplies.list(authOf(request).account.user.id),
  }));

  r.post(
    supportPaths.cannedReplies,
    { config: staff, schema: { body: cannedReplyBodySchema, response: { 201: cannedReplySchema } } },
    async (request, reply) => reply.status(201).send(await support.cannedReplies.create(authOf(request).account.user.id, request.body)),
  );

  r.put(
    supportPaths.cannedReply,
    { config: staff, schema: { params: idParamsSchema, body: cannedReplyBodySchema, response: { 200: cannedReplySchema } } },
    async (request) => support.cannedReplies.update(authOf(request).account.user.id, request.params.id, request.body),
  );

  r.delete(
    supportPaths.cannedReply,
    { config: staff, schema: { params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await support.cannedReplies.remove(authOf(request).account.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
