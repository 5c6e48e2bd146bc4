// `npm start`: builds the web app and the server when their builds are missing or stale, then
// runs the compiled server (plain JavaScript; tsx is for `npm run dev` and the tests).
// Plain Node and the installed packages: it must work on a fresh clone after `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'packages/web/dist/index.html');
/** What the web build reads: a change to any of these makes dist stale. */
const buildInputs = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/domain/src',
].map((p) => path.join(root, p));
const builtServer = path.join(root, 'packages/server/dist/main.js');
/** What the server build reads. */
const serverInputs = ['packages/server/src', 'packages/server/package.json', 'packages/domain/src', 'scripts/build-server.mjs'].map((p) =>
  path.join(root, p),
);

/** Tests are not part of the build: editing one does not make dist stale. */
function isTestOnly(entry) {
  if (entry.isDirectory()) return entry.name === 'test' || entry.name === '__tests__';
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name);
}

/** The newest mtime (ms) under a file or folder, with the file that has it; 0 when absent. */
function newest(target) {
  let best = { mtime: 0, file: target };
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return best;
  }
  if (!stat.isDirectory()) return { mtime: stat.mtimeMs, file: target };
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || isTestOnly(entry)) continue;
    const found = newest(path.join(target, entry.name));
    if (found.mtime > best.mtime) best = found;
  }
  return best;
}

/** Why a build must be (re)made, or null when its output is up to date. */
function buildReason(output, inputs) {
  let builtAt;
  try {
    builtAt = fs.statSync(output).mtimeMs;
  } catch {
    return `${path.relative(root, output)} is missing`;
  }
  for (const input of inputs) {
    const found = newest(input);
    if (found.mtime > builtAt) return `${path.relative(root, found.file)} is newer than the build`;
  }
  return null;
}

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

const serverReason = buildReason(builtServer, serverInputs);
if (serverReason) {
  console.log(`Building the server (${serverReason})…`);
  try {
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  } catch (err) {
    console.error(`\nThe server build failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); the server was not started.`);
    process.exit(1);
  }
} else {
  console.log('The server build is up to date.');
}

const server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
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

server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  // Ended by a signal: the shell's convention, 128 + its number.
  process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 0));
});
