// `npm test`: every layer of the suite, in two lanes side by side, each lane's steps in order: the
// web build and the browser scenarios; the typecheck and lint (`check`: one process, one program
// per tsconfig), the unit tests and the API suite (PGlite, then PostgreSQL). Each line a step prints is prefixed with its name; at the end, a table of the
// steps' times and one line counting the tests.
//
// The browser lane has the machine first: a scenario's cost grows with the time it takes (pages
// that are open keep rendering and polling), while the other lane's work is the same however long
// it waits. So that lane runs at the lowest priority (nice 19) and takes what the browsers leave. No
// test in the suite depends on how fast the machine is (issue 55), so the lanes may share it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The steps: each is an npm script; a lane runs its steps in order and stops at a failure. */
const lanes = [
  { nice: 0, steps: ['build', 'test:e2e:run'] },
  { nice: 19, steps: ['check', 'test:unit', 'test:api'] },
];
/** `nice` where there is one (Linux, macOS); elsewhere every lane runs at the same priority. */
const canNice = process.platform !== 'win32';

// Counts of the runners' closing lines: vitest ("Tests  12 passed | 1 skipped (13)", "3 failed")
// and Playwright's list reporter ("  57 passed (9.2m)", "  1 failed", "  2 flaky").
const ANSI = /\x1b\[[0-9;]*m/g;
const counts = { passed: 0, failed: 0, skipped: 0 };

// The lines that name a failure, printed again under the closing table of a failed run: a CI log
// often keeps only its tail, and the failures scroll far above it. The failed tests' titles
// (Playwright's ✘ and numbered summary, vitest's × and FAIL) come first, then their first error
// lines, each kind capped so that one cannot crowd out the other.
const TITLE_LINE = /^\s*(✘|×|FAIL\b|\d+\) )/;
const ERROR_LINE = /^\s*(Error|TimeoutError|AssertionError)\b/;
const MAX_TITLES = 40;
const MAX_ERRORS = 20;
const failures = { titles: [], errors: [] };
function noteFailure(step, line) {
  const text = line.replace(ANSI, '');
  const [kind, max] = TITLE_LINE.test(text) ? ['titles', MAX_TITLES] : ERROR_LINE.test(text) ? ['errors', MAX_ERRORS] : [null, 0];
  if (kind && failures[kind].length < max) failures[kind].push(`[${step}] ${text.trim()}`);
}
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
function run(step, nice) {
  const started = Date.now();
  const [command, args] = nice && canNice ? ['nice', ['-n', String(nice), npm, 'run', '--silent', step]] : [npm, ['run', '--silent', step]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, shell: process.platform === 'win32' });
    const prefix = `[${step}] `;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        count(step, line);
        noteFailure(step, line);
        process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

const results = [];
await Promise.all(
  lanes.map(async ({ nice, steps }) => {
    for (const step of steps) {
      const result = await run(step, nice);
      results.push(result);
      console.log(`[${step}] ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(0)} s`);
      if (result.code !== 0) return;
    }
  }),
);

const ran = new Set(results.map((r) => r.step));
const skipped = lanes.flatMap((l) => l.steps).filter((s) => !ran.has(s));
console.log('\nstep          exit  seconds');
for (const r of results) console.log(`${r.step.padEnd(14)}${String(r.code).padStart(4)}  ${r.seconds.toFixed(0).padStart(7)}`);
for (const s of skipped) console.log(`${s.padEnd(14)} not run (an earlier step of its lane failed)`);
const failedSteps = results.filter((r) => r.code !== 0).length + skipped.length;
if (failedSteps > 0 || counts.failed > 0) {
  console.log(`\nfailed tests (up to ${MAX_TITLES}):\n${failures.titles.join('\n') || '(none named)'}`);
  if (failures.errors.length > 0) console.log(`\ntheir first errors (up to ${MAX_ERRORS}):\n${failures.errors.join('\n')}`);
}
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);
