import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, MINUTE, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const limit = { max: 10, windowMs: MINUTE };
const outcomes = (settled: PromiseSettledResult<unknown>[]) => ({
  allowed: settled.filter((s) => s.status === 'fulfilled').length,
  refused: settled.filter((s) => s.status === 'rejected' && (s.reason as { code?: string }).code === 'TOO_MANY_REQUESTS').length,
});

test('50 events at once against a limit of 10: exactly 10 are allowed', async () => {
  const settled = await Promise.allSettled(Array.from({ length: 50 }, () => t.services.rateLimit.consume('test:burst', limit)));
  expect(outcomes(settled)).toEqual({ allowed: 10, refused: 40 });
});

test('a released event frees its place in the window, and only in that window', async () => {
  const events = await Promise.all(Array.from({ length: 10 }, () => t.services.rateLimit.consume('test:release', limit)));
  await events[0]!.release();
  const again = await t.services.rateLimit.consume('test:release', limit);
  await expect(t.services.rateLimit.consume('test:release', limit)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

  t.clock.advance(MINUTE);
  await t.services.rateLimit.consume('test:release', { ...limit, max: 1 });
  // An event of the old window given back late does not open a place in the new one.
  await again.release();
  await expect(t.services.rateLimit.consume('test:release', { ...limit, max: 1 })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
});
