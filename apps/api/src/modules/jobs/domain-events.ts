import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobsService } from './jobs.service.ts';

/**
 * What one module tells others happened, by name. A module that publishes never imports those that listen: they
 * subscribe when services.ts builds them.
 */
export interface DomainEventPayloads {
  /** A pending appointment was cancelled; `refund`: the rules give its money back (payments refunds each payment that stands). */
  'appointment.cancelled': { appointmentId: string; refund: boolean };
}

export type DomainEventName = keyof DomainEventPayloads;

/**
 * Domain events delivered through the job queue: `publish` adds one job per subscriber in the publisher's transaction,
 * so a subscriber hears of the change only once it committed, and still hears of it after a crash (the queue retries a
 * failed delivery with backoff; subscribers are idempotent). Subscribe before the first publish (at start); the
 * publisher asks the queue to run soon after its commit, as for its other jobs.
 */
export function createDomainEvents(deps: { clock: Clock; jobs: Pick<JobsService, 'register' | 'enqueue'> }) {
  const { jobs } = deps;
  const subscribers = new Map<DomainEventName, string[]>();

  return {
    /** `subscriber` names the listening module: with the event it makes the job's kind, unique per listener. */
    subscribe<N extends DomainEventName>(name: N, subscriber: string, handler: (payload: DomainEventPayloads[N]) => Promise<void>): void {
      const kind = `event:${name}:${subscriber}`;
      jobs.register(kind, handler);
      subscribers.set(name, [...(subscribers.get(name) ?? []), kind]);
    },

    /** In the transaction that made the change; `key` names the change, so publishing it twice delivers it once. */
    async publish<N extends DomainEventName>(tx: Db, name: N, key: string, payload: DomainEventPayloads[N]): Promise<void> {
      for (const kind of subscribers.get(name) ?? []) {
        await jobs.enqueue({ kind, key: `${kind}:${key}`, runAt: deps.clock.now(), payload }, tx);
      }
    },
  };
}

export type DomainEvents = ReturnType<typeof createDomainEvents>;
