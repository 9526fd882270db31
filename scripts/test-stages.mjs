// `npm test`: every check, in stages, with each stage's time printed. The static checks and the web build run two
// lanes at a time (they share nothing); the stages that start servers and browsers run one after the other so that
// timing-sensitive tests (realtime, calls) do not compete for the two cores of a CI machine. The benches' smoke runs
// judge no timing: they come after the build (the meeting and Lighthouse benches load it) on the lane beside lint and
// typecheck.
// The web's component tests come after the API's: as a third lane beside the static checks the stage took 719 s, against
// about 150 s for the static checks and 330 s for the web tests one after the other.
import { spawn } from 'node:child_process';

/** A stage is a list of lanes run side by side; a lane is a list of npm scripts (with arguments after a space) run in order. */
const stages = [
  {
    name: 'static checks, build, bench smoke',
    lanes: [
      ['build', 'test:budget', 'format:check', 'knip', 'test:bench-smoke'],
      ['lint', 'typecheck'],
    ],
  },
  { name: 'unit, web and API tests', lanes: [['test:unit', 'test:web']] },
  { name: 'browser tests', lanes: [['test:e2e']] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function runScript(script) {
  const [name, ...args] = script.split(' ');
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name, ...(args.length > 0 ? ['--', ...args] : [])], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve({ script, ok: code === 0, code: code ?? signal, ms: Date.now() - started }));
  });
}

async function runLane(lane) {
  const results = [];
  for (const script of lane) {
    const result = await runScript(script);
    results.push(result);
    if (!result.ok) break;
  }
  return results;
}

const timings = [];
const startedAll = Date.now();
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const results = (await Promise.all(stage.lanes.map(runLane))).flat();
  timings.push({ name: stage.name, ms: Date.now() - started, results });
  const failed = results.filter((result) => !result.ok);
  console.log(`=== ${stage.name}: ${failed.length ? 'FAILED' : 'passed'} in ${seconds(Date.now() - started)} ===`);
  if (failed.length) {
    for (const result of failed) console.error(`npm run ${result.script} failed (${result.code})`);
    break;
  }
}

console.log('\nStage times:');
for (const { name, ms, results } of timings) {
  console.log(`  ${name.padEnd(28)} ${seconds(ms).padStart(9)}  (${results.map((r) => `${r.script} ${seconds(r.ms)}`).join(', ')})`);
}
console.log(`  ${'total'.padEnd(28)} ${seconds(Date.now() - startedAll).padStart(9)}`);
process.exitCode = timings.some(({ results }) => results.some((result) => !result.ok)) ? 1 : 0;
