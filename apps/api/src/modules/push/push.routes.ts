import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  broadcastBodySchema,
  broadcastListSchema,
  broadcastSchema,
  pushPaths,
  removePushSubscriptionBodySchema,
  savePushSubscriptionBodySchema,
  vapidPublicKeySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { BroadcastsService } from './push.broadcasts.ts';
import type { PushService } from './push.service.ts';

const savedSchema = z.object({ endpoint: z.string() });

export function registerPushRoutes(app: FastifyInstance, deps: { push: PushService; broadcasts: BroadcastsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'user' } as const;
  const adminOnly = { access: ['admin'] } as const;

  r.get(pushPaths.publicKey, { config: { access: 'public' }, schema: { response: { 200: vapidPublicKeySchema } } }, async () => ({
    publicKey: await deps.push.publicKey(),
  }));

  r.post(
    pushPaths.subscriptions,
    { config: signedIn, schema: { body: savePushSubscriptionBodySchema, response: { 200: savedSchema, 201: savedSchema } } },
    async (request, reply) => {
      const subscription = request.body.user_push_token;
      const { created } = await deps.push.save(authOf(request).account.user.id, subscription);
      return reply.status(created ? 201 : 200).send({ endpoint: subscription.endpoint });
    },
  );

  r.delete(
    pushPaths.subscriptions,
    { config: signedIn, schema: { body: removePushSubscriptionBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deps.push.remove(authOf(request).account.user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  r.post(
    pushPaths.broadcasts,
    { config: adminOnly, schema: { body: broadcastBodySchema, response: { 201: broadcastSchema } } },
    async (request, reply) => reply.status(201).send(await deps.broadcasts.create(authOf(request).account, request.body)),
  );

  r.get(pushPaths.broadcasts, { config: adminOnly, schema: { response: { 200: broadcastListSchema } } }, async () =>
    deps.broadcasts.list(),
  );
}
