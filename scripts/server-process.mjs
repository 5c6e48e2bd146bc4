// The server as `npm start` runs it: the compiled packages/server/dist/main.js, built when missing
// or stale, run by Node with the flags below. scripts/start.mjs and the load bench
// (packages/bench/src/spawn-server.ts) both take it from here, so that the bench measures
// the process users run. Plain Node and the installed packages, like start.mjs.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The compiled server (scripts/build-server.mjs). */
export const serverEntry = path.join(root, 'packages/server/dist/main.js');

/** What the server build reads: a change to any of these makes dist/main.js stale. */
const serverInputs = ['packages/server/src', 'packages/server/package.json', 'packages/domain/src', 'scripts/build-server.mjs'].map((p) =>
  path.join(root, p),
);

/**
 * V8 lets the old generation grow to a multiple of what survives a full collection before the next
 * one, and that multiple follows the heap's size limit: with Node's default limit on this kind of
 * machine (4 GB) it is 4, with 1 GB about 1.6. Under the 200-user load (issue 17) the server keeps
 * ~75 MB after a collection, and its heap grew to ~300 MB with the default but stayed under ~140 MB
 * with 1 GB, with req/s and p99 unchanged within the noise (PGlite and PostgreSQL, repeated). 1 GB
 * is still far above what the server keeps (its reply caches hold 64 MB at most). A
 * --max-old-space-size in NODE_OPTIONS wins.
 */
export const SERVER_MAX_OLD_SPACE_MB = 1024;

/**
 * The young generation's two semi-spaces are 16 MB each by default here, and the server fills
 * them: 32 MB resident for objects that live one request. With 8 MB each (issue 21, 2026-11-29,
 * PostgreSQL): RSS after loading 125-128 MB instead of 142-147; at the end of
 * the 200 000-response bench run 226 and 230 MB, against 215-249 in three runs without (target
 * 250); each call's share of SELECT 1 as without. The 200-user load run (--load 200, alternated):
 * 2 096 and 2 120 req/s, p99 256 and 247 ms, RSS at most 178 and 155 MB, against 2 027 and 2 090
 * req/s, p99 274 and 262 ms, 196 and 194 MB. A --max-semi-space-size in NODE_OPTIONS wins.
 */
export const SERVER_MAX_SEMI_SPACE_MB = 8;

/** Node's arguments for the server: its flags, then the entry point. */
export function serverNodeArgs(env = process.env) {
  const heap = [
    ['--max-old-space-size', SERVER_MAX_OLD_SPACE_MB],
    ['--max-semi-space-size', SERVER_MAX_SEMI_SPACE_MB],
  ]
    // One the NODE_OPTIONS already give wins.
    .filter(([flag]) => !new RegExp(`${flag}\\b`).test(env.NODE_OPTIONS ?? ''))
    .map(([flag, mb]) => `${flag}=${mb}`);
  return ['--enable-source-maps', ...heap, serverEntry];
}

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

/** Why a build must be (re)made, or null when its output is newer than all its inputs. */
export function buildReason(output, inputs) {
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

/** Why the server must be (re)built, or null when dist/main.js is up to date. */
export function serverBuildReason() {
  return buildReason(serverEntry, serverInputs);
}

/**
 * Builds the server when it is missing or stale; what was done is told to `log`. Throws when the
 * code does not compile (esbuild has printed why).
 */
export async function ensureServerBuild(log = console.log) {
  const reason = serverBuildReason();
  if (!reason) {
    log('The server build is up to date.');
    return;
  }
  log(`Building the server (${reason})…`);
  // Imported only when a build is needed: esbuild is not loaded otherwise.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
