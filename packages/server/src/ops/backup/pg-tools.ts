import { spawn } from 'node:child_process';

/** What the backup and restore commands stop on, with a message meant for the operator. */
export class BackupRefused extends Error {}

const CLIENT_TOOLS =
  'install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client; RHEL: dnf install postgresql; macOS: brew install libpq), of the same major version as the server or newer';

/**
 * A PostgreSQL URL split for a child process: the password goes in PGPASSWORD (the environment),
 * not on the command line, where every user's `ps` would show it.
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs one of PostgreSQL's client tools (pg_dump, pg_restore) found on PATH (`env.PATH` when
 * given); resolves when it exits 0, rejects with its stderr otherwise, and with a clear message
 * when it is not on PATH.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new BackupRefused(`${tool} was not found on PATH; ${CLIENT_TOOLS}.`) : err);
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupRefused(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}
