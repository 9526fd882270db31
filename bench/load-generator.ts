/**
 * The benches' load generator, run in a child process by `load()` of support.ts: autocannon on one URL, keeping every
 * response's latency. Its argument is the LoadOptions as JSON; it prints a LoadResult as JSON. It loads nothing of the
 * app, so it starts quickly and its CPU is not the servers'.
 */
import type { LoadOptions, LoadResult } from './support.ts';

async function run(options: LoadOptions): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const latencies: number[] = [];
  let failures = 0;
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    // A count of requests ends at autocannon's next sample: every 100 ms rather than every second.
    ...(options.amount ? { amount: options.amount, sampleInt: 100 } : { duration: options.duration }),
    headers: options.headers ?? {},
    setupClient: (client) => {
      client.on('response', (status: number, _bytes: number, ms: number) => {
        if (status >= 200 && status < 300) latencies.push(ms);
        else failures++;
      });
    },
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const output: LoadResult = {
    latencies,
    failures: failures + result.errors + result.timeouts,
    seconds: options.amount ? elapsed : Math.min(elapsed, result.duration),
  };
  process.stdout.write(JSON.stringify(output));
}

run(JSON.parse(process.argv[2]!) as LoadOptions).catch((error: unknown) => {
  console.error('load generator failed:', error);
  process.exit(1);
});
