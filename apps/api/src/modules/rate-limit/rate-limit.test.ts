import { expect, test } from 'vitest';
import { fileTestApp, MINUTE } from '../../test/harness.ts';

const t = await fileTestApp();

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

test('clear forgets a key and the keys under it, and nothing else', async () => {
  const one = { max: 1, windowMs: MINUTE };
  for (const key of ['test:clear', 'test:clear:a', 'test:clear_b', 'test:clearer']) await t.services.rateLimit.consume(key, one);
  await t.services.rateLimit.clear('test:clear');
  await t.services.rateLimit.consume('test:clear', one);
  await t.services.rateLimit.consume('test:clear:a', one);
  for (const key of ['test:clear_b', 'test:clearer']) {
    await expect(t.services.rateLimit.consume(key, one)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  }
});
