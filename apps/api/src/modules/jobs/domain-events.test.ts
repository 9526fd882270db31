import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { createTestApp, MINUTE } from '../../test/harness.ts';
import { createDomainEvents } from './domain-events.ts';
import { retryDelayMs } from './jobs.service.ts';

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await t.database.db.delete(jobs);
});

let sequence = 0;
/** Events of their own per test, with listeners named per test (a listener's job kind is registered once). */
function withListeners(...failFirst: boolean[]) {
  const events = createDomainEvents({ clock: t.clock, jobs: t.services.jobs });
  const heard = failFirst.map((fails, index) => {
    const payloads: unknown[] = [];
    let failing = fails;
    events.subscribe('appointment.cancelled', `test-${++sequence}-${index}`, async (payload) => {
      if (failing) {
        failing = false;
        throw new Error('the listener is down');
      }
      payloads.push(payload);
    });
    return payloads;
  });
  return { events, heard };
}

const payload = { appointmentId: '0b7f6c2e-3c1f-4a55-9d7e-0a3c5a9b1c11', refund: true };

describe('domain events', () => {
  test('a listener hears an event once its transaction commits, and not at all when it rolls back', async () => {
    const { events, heard } = withListeners(false, false);
    await expect(
      t.database.db.transaction(async (tx) => {
        await events.publish(tx, 'appointment.cancelled', 'rolled-back', payload);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.database.db.transaction((tx) => events.publish(tx, 'appointment.cancelled', 'kept', payload));
    expect(heard).toEqual([[], []]);
    await t.services.jobs.runDue();
    expect(heard).toEqual([[payload], [payload]]);
    await t.services.jobs.runDue();
    expect(heard).toEqual([[payload], [payload]]);
  });

  test('the same change published 50 times at once is heard once', async () => {
    const { events, heard } = withListeners(false);
    await Promise.all(
      Array.from({ length: 50 }, () => t.database.db.transaction((tx) => events.publish(tx, 'appointment.cancelled', 'once', payload))),
    );
    await t.services.jobs.runDue(100);
    expect(heard).toEqual([[payload]]);
  });

  test('a listener that fails hears the event again later; the other listener is not held up', async () => {
    const { events, heard } = withListeners(true, false);
    await t.database.db.transaction((tx) => events.publish(tx, 'appointment.cancelled', 'retried', payload));
    await t.services.jobs.runDue();
    expect(heard).toEqual([[], [payload]]);
    t.clock.advance(retryDelayMs(1) + MINUTE);
    await t.services.jobs.runDue();
    expect(heard).toEqual([[payload], [payload]]);
  });
});
