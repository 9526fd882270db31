import { randomBytes } from 'node:crypto';
import { paymentPaths, type Locale, type PaymentProvider } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AfterCommit } from '../../accounts/accounts.service.ts';
import type { PayableAppointment } from '../../appointments/appointments.mapping.ts';
import type { PaymentPort } from '../../appointments/appointments.ports.ts';
import type { DomainEvents } from '../../jobs/domain-events.ts';
import type { JobsLog, JobsService } from '../../jobs/jobs.service.ts';
import { keepSandboxSecret, paymentsOfAppointment } from '../payments.repository.ts';
import { appointmentPaymentStatus } from '../payments.rules.ts';
import { createLiqpayProvider, type LiqpaySettings } from '../providers/liqpay.ts';
import type { Provider } from '../providers/provider.ts';
import { createSandboxProvider } from '../providers/sandbox.ts';

/** Which provider new checkouts use; LiqPay needs its keys (config.ts checks). */
export interface PaymentSettings {
  provider: PaymentProvider;
  liqpay?: LiqpaySettings;
}

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  jobs: JobsService;
  events: Pick<DomainEvents, 'subscribe'>;
  /** The appointments module's side of paying (payments never touch the appointments table). */
  appointments: PaymentPort;
  log: JobsLog;
  publicUrl: string;
  settings: PaymentSettings;
  /** LiqPay's request API is called with this (tests may pass their own). */
  fetch?: typeof fetch;
}

/** The configured providers: the sandbox exists only while it is the one new checkouts use. */
function providersOf(deps: PaymentsDeps) {
  const active = deps.settings.provider;
  // Once another provider is chosen, the sandbox's pages, callbacks and stored checkouts answer 404, so no booking is
  // paid without money.
  const sandbox =
    active === 'sandbox'
      ? createSandboxProvider({
          secret: () => keepSandboxSecret(deps.db, randomBytes(32).toString('base64url')),
          // Relative: the browser follows it from the page it is on, whatever address and port the app is reached by.
          checkoutUrl: (paymentId) => paymentPaths.sandboxCheckout.replace(':id', paymentId),
        })
      : undefined;
  const providers: Partial<Record<PaymentProvider, Provider>> = { sandbox };
  if (deps.settings.liqpay) providers.liqpay = createLiqpayProvider(deps.settings.liqpay, deps.fetch);
  if (!providers[active]) throw new Error(`The payment provider ${active} is not configured`);
  return {
    active,
    sandbox,
    providerOf(name: PaymentProvider): Provider {
      const provider = providers[name];
      if (!provider) throw notFound('Payment provider');
      return provider;
    },
  };
}

/** What every use case of payments is given. */
export function createPaymentsContext(deps: PaymentsDeps) {
  const { log, publicUrl } = deps;
  /** The result page: a path for links on this site (the browser stays where it is), absolute for a provider's site. */
  const resultPath = (appointmentId: string) => `/user/payment-success?appointment=${appointmentId}`;
  return {
    ...deps,
    ...providersOf(deps),
    resultPath,
    resultUrl: (appointmentId: string) => `${publicUrl}${resultPath(appointmentId)}`,
    /** What the provider (and the card statement) shows: no doctor's name, which could hint at the kind of care. */
    description: (locale: Locale) => (locale === 'uk' ? 'Онлайн-консультація Rozmova' : 'Rozmova online consultation'),

    /** Runs what the committed transaction left to do (notices, realtime events); a failure is logged, not thrown. */
    async runAfter(afters: AfterCommit[]): Promise<void> {
      for (const after of afters) {
        try {
          await after();
        } catch (error) {
          log.warn({ error: error instanceof Error ? error.name : typeof error }, 'payment follow-up failed');
        }
      }
    },

    /**
     * Sets the appointment's payment state to what its payments say, in the caller's transaction with the appointment
     * row locked (the caller locked it with `get(…, tx, true)`).
     */
    async follow(tx: Db, appointment: PayableAppointment): Promise<AfterCommit[]> {
      if (appointment.paymentType !== 'Patient') return [];
      const status = appointmentPaymentStatus(appointment.price, await paymentsOfAppointment(tx, appointment.id));
      if (status === appointment.paymentStatus) return [];
      return [
        status === 'paid'
          ? await deps.appointments.markPaid(appointment.id, tx)
          : await deps.appointments.markPaymentStatus(appointment.id, status, tx),
      ];
    },
  };
}

export type PaymentsContext = ReturnType<typeof createPaymentsContext>;
