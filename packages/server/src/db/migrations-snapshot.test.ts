import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../paths';

const run = promisify(execFile);

// The tables (src/db/tables/*) and the migrations agree: drizzle-kit, run on a copy of the
// migrations folder, finds nothing to write (issue 62). A change to a table without its migration
// and snapshot fails here, not in a later session's generate. It reads no database: each API pass
// (PGlite, PostgreSQL) runs it alike.
describe('drizzle-kit generate', () => {
  it('reports no changes between the tables and the last migration’s snapshot', async () => {
    const server = serverRoot;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-drizzle-'));
    try {
      await fs.cp(path.join(server, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
      const bin = path.join(server, '../../node_modules/drizzle-kit/bin.cjs');
      const args = [bin, 'generate', '--dialect', 'postgresql', '--schema', path.join(server, 'src/db/schema.ts'), '--out', './drizzle'];
      const { stdout } = await run(process.execPath, args, { cwd: dir, timeout: 120_000 });
      expect(stdout).toContain('No schema changes');
      const written = await fs.readdir(path.join(dir, 'drizzle'));
      const before = await fs.readdir(path.join(server, 'drizzle'));
      expect(written.sort()).toEqual(before.sort());
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
