// `npm run bench:smoke -w bench`: every `*.bench.ts` here in smoke mode (BENCH_SMOKE=1: tiny sizes, PGlite unless a bench
// needs PostgreSQL, no target judged), one after another. Each prints one line with its time (and any "skipped" note);
// a failed one prints its whole output. Exit 1 when any failed.
//   node smoke.mjs                    every bench
//   node smoke.mjs meeting            only meeting.bench.ts (names without .bench.ts)
//   node smoke.mjs --except meeting   all but meeting.bench.ts
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const all = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();

const args = process.argv.slice(2);
const except = args[0] === '--except';
const names = except ? args.slice(1) : args;
const unknown = names.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`bench smoke: no ${unknown.map((name) => `${name}.bench.ts`).join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}
const chosen = names.length === 0 ? all : all.filter((name) => names.includes(name) !== except);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function smoke(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', `${name}.bench.ts`], {
      cwd: here,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, code: code ?? signal, ms: Date.now() - started, output }));
  });
}

const startedAll = Date.now();
const failed = [];
for (const name of chosen) {
  const result = await smoke(name);
  console.log(`bench smoke: ${name.padEnd(16)} ${result.ok ? 'ok    ' : 'FAILED'} ${seconds(result.ms).padStart(7)}`);
  for (const line of result.output.split('\n').filter((text) => /\bskipped\b/i.test(text))) console.log(`  ${line.trim()}`);
  if (!result.ok) {
    failed.push(result);
    console.log(`${result.output.trimEnd()}\nbench smoke: ${name}.bench.ts failed (${result.code})`);
  }
}
const summary = `bench smoke: ${chosen.length - failed.length} of ${chosen.length} passed in ${seconds(Date.now() - startedAll)}`;
if (failed.length > 0) console.error(`${summary}; failed: ${failed.map((result) => result.name).join(', ')}`);
else console.log(summary);
process.exitCode = failed.length > 0 ? 1 : 0;
