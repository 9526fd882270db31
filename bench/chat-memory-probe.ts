/**
 * Loaded into each process the chat bench measures (`--import` into an API instance; imported by the baseline server):
 * on SIGUSR2, a full garbage collection (the process runs with --expose-gc), then one line with its memory:
 * `bench-memory {"rss":…,"heapUsed":…}`.
 */
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`bench-memory ${JSON.stringify({ rss, heapUsed })}\n`);
});
