import type { Access } from '@rozmova/contracts';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isApiUrl, registerAccessControl } from './http/access.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerResponseEncryption } from './http/response-encryption.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mailer.ts';
import { createLocalStorage, type Storage } from './lib/storage.ts';
import { createDatabaseStorage } from './modules/files/files.service.ts';
import { LIQPAY_CHECKOUT_URL } from './modules/payments/providers/liqpay.ts';
import { startApiMonitoring } from './modules/monitoring/monitoring.sentry.ts';
import { loadWebApp } from './modules/system/system.service.ts';
import { createRealtimeBus } from './realtime/bus.ts';
import { createGateway } from './realtime/gateway.ts';
import { registerRoutes } from './routes.ts';
import { createServices, type Services } from './services.ts';
import { createMeetingPresence } from './realtime/presence.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where uploaded files are kept; default as `STORAGE_URL` says (`DATA_DIR/uploads`, or the database). */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  hasBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with who may call it; the malformed-input and authorization tests walk it. */
    routeTable: RouteInfo[];
    services: Services;
  }
}

export function createLoggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-location"]'],
  };
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const web = loadWebApp(config);
  // Before Fastify(): the error monitor's Fastify integration instruments an instance as it is created. Its events carry
  // the build id the web app reports (docs/monitoring.md).
  const monitoring = await startApiMonitoring({
    dsn: config.sentry.apiDsn,
    release: () => web.current().buildId,
    environment: config.env,
  });
  const app = Fastify({
    logger: deps.logger ?? createLoggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
  });
  const mailer = deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(app.log));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app, {
    config,
    scriptHashes: () => web.current().scriptHashes,
    formActions: config.payments.liqpay ? [new URL(LIQPAY_CHECKOUT_URL).origin] : [],
  });
  registerInputGuard(app);
  registerResponseEncryption(app, config.decryptionKey);

  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Pages and static files are public; every API route must say who may call it.
    if (route.config?.access === undefined && !isApiUrl(route.url)) route.config = { ...route.config, access: 'public' };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !isApiUrl(route.url)) continue;
      routeTable.push({
        method,
        url: route.url,
        access: route.config?.access ?? 'public',
        hasBody: Boolean(route.schema?.body),
        hasParams: Boolean(route.schema?.params),
        hasQuery: Boolean(route.schema?.querystring),
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const gateway = await createGateway(app.server, { redisUrl: config.redisUrl, clock, log: app.log });
  const storage =
    deps.storage ??
    (config.storage === 'database' ? createDatabaseStorage(database.db) : createLocalStorage(path.join(config.dataDir, 'uploads')));
  const services = createServices({
    config,
    database,
    clock,
    mailer,
    realtime: createRealtimeBus(gateway.io, { clustered: gateway.clustered }),
    presence: createMeetingPresence(gateway.io),
    storage,
    log: app.log,
  });
  app.decorate('services', services);
  gateway.useAuth(services.auth);

  // Before the access rules and the routes: the document collects each route as it is added.
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerAccessControl(app, { auth: services.auth, rateLimit: services.rateLimit, authRequestsPerMinute: config.authRateLimitPerMinute });
  await registerRoutes(app, { services, io: gateway.io, config, clock, web, mailer, ping: database.ping });

  // Due jobs are polled once the app is ready (every handler is registered by then); 0 turns the worker off.
  if (config.jobsPollMs > 0) app.addHook('onReady', async () => services.jobs.start(config.jobsPollMs));

  // Fastify closes the HTTP server before its onClose hooks, and the server waits for every connection to end: the
  // WebSockets, and a kept-alive connection whose request was in flight at the close (idle for keepAliveTimeout after
  // its answer unless that answer closes it).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    gateway.disconnectAll();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await services.jobs.stop();
    await gateway.close();
    await mailer.close();
    await monitoring?.close();
  });

  return Object.assign(app, { services, io: gateway.io });
}
