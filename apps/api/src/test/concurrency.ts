import type { CallResult } from './harness.ts';

/** How many answers had each status, e.g. { 400: 5, 410: 55 }. */
export const countStatuses = (responses: CallResult[]): Record<number, number> =>
  responses.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});

/** `n` six-digit codes to try at once, none of `valid`: counting up from `from`, by default from the first valid code. */
export function wrongCodes(n: number, valid: readonly string[], from = Number(valid[0]) + 1): string[] {
  const codes: string[] = [];
  for (let next = from; codes.length < n; next++) {
    const code = String(next % 1_000_000).padStart(6, '0');
    if (!valid.includes(code)) codes.push(code);
  }
  return codes;
}
