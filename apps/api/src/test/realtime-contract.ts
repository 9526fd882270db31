import { afterEach, expect } from 'vitest';
import { contractBreaches } from '../realtime/outgoing.ts';

// A breach whose error its sender swallowed (background work, a job that is retried) still fails the test it happened in.
afterEach(() => {
  expect(contractBreaches.splice(0), 'realtime payloads that break their contracts').toEqual([]);
});
