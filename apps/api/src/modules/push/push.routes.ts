import type { FastifyInstance } from 'fastify';
import { pushApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { BroadcastsService } from './push.broadcasts.ts';
import type { PushService } from './push.service.ts';

export function registerPushRoutes(app: FastifyInstance, deps: { push: PushService; broadcasts: BroadcastsService }): void {
  route(app, pushApi.publicKey, async () => ({ publicKey: await deps.push.publicKey() }));

  route(app, pushApi.subscribe, async (request, reply) => {
    const subscription = request.body.user_push_token;
    const { created } = await deps.push.save(authOf(request).account.user.id, subscription);
    return reply.status(created ? 201 : 200).send({ endpoint: subscription.endpoint });
  });

  route(app, pushApi.unsubscribe, async (request, reply) => {
    await deps.push.remove(authOf(request).account.user.id, request.body.endpoint);
    return reply.status(204).send(null);
  });

  route(app, pushApi.broadcast, async (request, reply) =>
    reply.status(201).send(await deps.broadcasts.create(authOf(request).account, request.body)),
  );

  route(app, pushApi.listBroadcasts, async () => deps.broadcasts.list());
}
