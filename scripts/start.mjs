// `npm start`: builds the web app and the server when their builds are missing or stale, then
// runs the compiled server (plain JavaScript; tsx is for `npm run dev` and the tests).
// Plain Node and the installed packages: it must work on a fresh clone after `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildReason, ensureServerBuild, serverNodeArgs } from './server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'packages/web/dist/index.html');
/** What the web build reads: a change to any of these makes dist stale. */
const buildInputs = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/build',
  'packages/web/first-styles.json',
  'packages/domain/src',
].map((p) => path.join(root, p));
const reason = buildReason(builtIndex, buildInputs);
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@palisade/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.error || build.status !== 0) {
    const why = build.error
      ? build.error.message
      : build.signal
        ? `signal ${build.signal}`
        : `exit code ${build.status}`;
    console.error(`\nThe web build failed (${why}); the server was not started.`);
    console.error('Fix the errors above, or run `npm run build` to see them again.');
    process.exit(typeof build.status === 'number' && build.status !== 0 ? build.status : 1);
  }
} else {
  console.log('The web build is up to date.');
}

try {
  await ensureServerBuild();
} catch (err) {
  console.error(`\nThe server build failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); the server was not started.`);
  process.exit(1);
}

const server = spawn(process.execPath, serverNodeArgs(), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
});

// Forwarding SIGINT/SIGTERM. A signal sent to the whole process group (Ctrl-C in a terminal, a test
// runner stopping `npm start`) has reached the server already, and the server's handler is
// `process.once`: a second copy arriving after that handler ran would end the server before its
// graceful close. So the signal is forwarded only when the server has not taken it itself: on Linux
// that is read from /proc (the server still catches the signal: it has not had one); elsewhere,
// SIGTERM is forwarded and SIGINT, by convention sent to the group, is not. Should the server still
// run some seconds later anyway, the signal is sent to it then.
const SETTLE_MS = 200;
// The server's own deadline (SHUTDOWN_TIMEOUT_MS, 10 s by default), and a little more.
const FORCE_AFTER_MS = (Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000) + 2_000;

/** Whether the server currently catches a signal; null when the platform does not tell. */
function serverCatches(signal) {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
    if (!mask) return null;
    return ((BigInt(`0x${mask}`) >> BigInt(os.constants.signals[signal] - 1)) & 1n) === 1n;
  } catch {
    return null;
  }
}

const running = () => server.exitCode === null && server.signalCode === null;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    setTimeout(() => {
      if (!running()) return;
      const catches = serverCatches(signal);
      if (catches === true || (catches === null && signal === 'SIGTERM')) {
        server.kill(signal);
        return;
      }
      setTimeout(() => {
        if (running()) server.kill(signal);
      }, FORCE_AFTER_MS).unref();
    }, SETTLE_MS);
  });
}

// A process manager or container runtime stops `npm start` by signalling the process it started,
// npm, alone: npm and the shell it runs this script in end without passing the signal on, and
// this script, re-parented, would keep the server running (issue 64). So it watches its parent:
// once that is gone, the server is stopped as SIGTERM would (it drains, then exits, and so does
// this script). `node scripts/start.mjs` (the README's production command) has no such middlemen.
const parentAtStart = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(orphanWatch);
  console.log('npm start was stopped: stopping the server');
  if (running()) server.kill('SIGTERM');
}, 500);
orphanWatch.unref();

server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  // Ended by a signal: the shell's convention, 128 + its number.
  process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 0));
});
