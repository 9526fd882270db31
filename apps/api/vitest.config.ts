import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Migrates once per run the database every test app starts from (a PGlite snapshot or a PostgreSQL template).
    globalSetup: ['src/test/global-setup.ts'],
    // Fails a test during which the server sent a realtime payload its contract does not declare.
    setupFiles: ['src/test/realtime-contract.ts'],
    // Each file builds its own app and database (PGlite in memory, or a fresh PostgreSQL database), so files run in parallel.
    // Most of a file's time is waiting on PGlite, PostgreSQL, SMTP or argon2, so a worker per core (and at least 2) keeps the CPUs busy.
    fileParallelism: true,
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
