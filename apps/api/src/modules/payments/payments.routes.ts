import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentsApi, type Locale } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { PaymentsService } from './payments.service.ts';

/** `?lang=` first, then the first of uk / en the browser lists, else English (docs/product.md §9 default). */
export function pageLocale(request: FastifyRequest, lang: Locale | undefined): Locale {
  if (lang) return lang;
  const header = String(request.headers['accept-language'] ?? '');
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag.startsWith('uk')) return 'uk';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

const wantsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

export async function registerPaymentRoutes(app: FastifyInstance, deps: { payments: PaymentsService }): Promise<void> {
  route(app, paymentsApi.checkout, async (request) => deps.payments.startCheckout(authOf(request).account, request.body.appointment_id));

  route(app, paymentsApi.ofAppointment, async (request) => deps.payments.ofAppointment(authOf(request).account, request.params.id));

  route(app, paymentsApi.receipt, async (request) => deps.payments.receipt(authOf(request).account, request.params.id));

  route(app, paymentsApi.sandboxCheckout, async (request, reply) => {
    const html = await deps.payments.sandboxPage(request.params.id, pageLocale(request, request.query.lang));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(html);
  });

  // Providers post their callbacks form-encoded (LiqPay's server_url, the sandbox page's buttons); JSON works too.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    route(scope, paymentsApi.callback, async (request, reply) => {
      const outcome = await deps.payments.handleCallback(request.params.provider, request.body);
      // A person's browser (the sandbox page's buttons) goes on to the result page; a provider's server gets JSON.
      if (wantsHtml(request)) {
        const query = outcome.appointmentId ? `?appointment=${outcome.appointmentId}` : '';
        // A path: the browser stays on the address it came from, whatever PUBLIC_URL says.
        return reply.redirect(`/user/payment-success${query}`, 303);
      }
      return { result: outcome.result, appointment_id: outcome.appointmentId };
    });
  });
}
