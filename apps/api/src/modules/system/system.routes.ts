import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { matchWebPage, systemApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { contentEncodingOf, negotiateLocale, prerenderedPageOf } from './prerendered.ts';
import { renderOutbox, type WebApp } from './system.service.ts';

const apiPrefixes = ['/v1/', '/api/', '/socket.io/', '/dev/'];

export async function registerSystemRoutes(
  app: FastifyInstance,
  deps: { ping: () => Promise<boolean>; web: WebApp; mailer: Mailer; production: boolean },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public' } as const;

  route(app, systemApi.health, async (_request, reply) => {
    const ok = await deps.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok ? 'ok' : 'unreachable' });
  });

  route(app, systemApi.version, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ build_id: deps.web.current().buildId }),
  );

  const outbox = deps.mailer.outbox;
  if (outbox && !deps.production) {
    r.get('/dev/mail', { config: open }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderOutbox(outbox())),
    );
  }

  const serving = existsSync(deps.web.dist);
  if (serving) {
    await app.register(fastifyStatic, {
      root: deps.web.dist,
      index: false,
      wildcard: false,
      // A route per file; the compressed copies are found beside their file (preCompressed), not routed themselves.
      // Source maps are never served (docs/monitoring.md: a deployment uploads them to the error monitor).
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map', 'pages/**'],
      preCompressed: true,
      // Off, or send's own `public, max-age=0` would replace the header set here.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // A public page goes out prerendered in the negotiated language (docs/prerendering.md); any other gets index.html.
  const sendPage = (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const { indexHtml, pages } = deps.web.current();
    if (!indexHtml) throw new AppError('NOT_FOUND', 'The web app is not built; run npm run build');
    const name = prerenderedPageOf(request.url, status);
    const locale = negotiateLocale(request);
    const page = name && pages.get(`${locale}/${name}`);
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!page) return reply.send(indexHtml);
    reply.header('content-language', locale).header('vary', 'Accept-Encoding, Accept-Language, Cookie');
    const encoding = contentEncodingOf(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.html);
  };
  r.get('/', { config: open }, async (request, reply) => sendPage(request, reply));

  // A page of the web app (contracts' webPages, the list the web router is made from) gets the app; any other page
  // path gets it too, to show its 404 page, but with the status 404. API paths answer 404 as JSON.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !apiPrefixes.some((prefix) => path.startsWith(prefix));
    const late = isPage && serving ? deps.web.lateFile(path) : undefined;
    if (late) return reply.sendFile(late.file, late.root);
    if (isPage && deps.web.current().indexHtml && (request.headers.accept ?? '').includes('text/html'))
      return sendPage(request, reply, matchWebPage(path) ? 200 : 404);
    throw new AppError('NOT_FOUND', `No route ${request.method} ${path}`);
  });
}
