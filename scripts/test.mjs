// `npm test`: every layer of the suite. The layers run in three lanes side by side, each lane's
// steps in order, so that a machine's two cores stay busy (a browser scenario waits on the page
// while the API suite computes): lint, typecheck and the unit tests; the API suite on PGlite and
// then PostgreSQL; the web build and the browser scenarios. Each line a step prints is prefixed
// with its name; at the end, a table of the steps' times and one line counting the tests.
// No test in the suite depends on how fast the machine is (issue 55), so the lanes may share it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The steps: each is an npm script; a lane runs its steps in order and stops at a failure. */
const lanes = [
  ['lint', 'typecheck', 'test:unit'],
  ['test:api'],
  ['build', 'test:e2e:run'],
];

// Counts of the runners' closing lines: vitest ("Tests  12 passed | 1 skipped (13)", "3 failed")
// and Playwright's list reporter ("  57 passed (9.2m)", "  1 failed", "  2 flaky").
const ANSI = /\x1b\[[0-9;]*m/g;
const counts = { passed: 0, failed: 0, skipped: 0 };
function count(step, line) {
  const text = line.replace(ANSI, '');
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(text);
  if (vitest) {
    for (const [, n, what] of vitest[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
      if (what === 'todo') counts.skipped += Number(n);
      else counts[what] += Number(n);
    }
    return;
  }
  if (step.startsWith('test:e2e')) {
    const pw = /^\s+(\d+) (passed|failed|skipped|flaky|did not run)\b/.exec(text);
    if (pw) {
      const n = Number(pw[1]);
      if (pw[2] === 'passed' || pw[2] === 'skipped') counts[pw[2]] += n;
      else counts.failed += n;
    }
  }
}

/** Runs one npm script with its lines prefixed; resolves with its exit code and time. */
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', step], { cwd: root, env: { ...process.env, FORCE_COLOR: '0' }, shell: process.platform === 'win32' });
    const prefix = `[${step}] `;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        count(step, line);
        process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

const results = [];
await Promise.all(
  lanes.map(async (steps) => {
    for (const step of steps) {
      const result = await run(step);
      results.push(result);
      console.log(`[${step}] ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(0)} s`);
      if (result.code !== 0) return;
    }
  }),
);

const ran = new Set(results.map((r) => r.step));
const skipped = lanes.flat().filter((s) => !ran.has(s));
console.log('\nstep          exit  seconds');
for (const r of results) console.log(`${r.step.padEnd(14)}${String(r.code).padStart(4)}  ${r.seconds.toFixed(0).padStart(7)}`);
for (const s of skipped) console.log(`${s.padEnd(14)} not run (an earlier step of its lane failed)`);
const failedSteps = results.filter((r) => r.code !== 0).length + skipped.length;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
