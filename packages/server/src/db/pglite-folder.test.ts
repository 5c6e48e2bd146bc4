import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, type Db } from './client';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './pglite-settings';

/** The running database's shared_buffers, as PostgreSQL shows it ("32MB"). */
async function sharedBuffers(db: Db): Promise<string | undefined> {
  const rows = await db.select({ value: sql<string>`current_setting('shared_buffers')` }).from(sql`(select 1) as one`);
  return rows[0]?.value;
}

/**
 * A new PGlite folder is initialised in a process of its own (client.ts): the server opens a
 * ready database, keeps what is written across a restart, and never re-initialises a folder.
 */
describe('PGlite in a folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-pglite-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('initialises a new folder, then keeps its data from one start to the next', async () => {
    const first = await openDatabase({ pgliteDir: dir });
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    // PGlite's memory never shrinks: the server runs it with shared_buffers of its own (32MB, not
    // PGlite's 128MB; issue 17), and PGLITE_SHARED_BUFFERS sets another.
    expect(DEFAULT_PGLITE_SHARED_BUFFERS).toBe('32MB');
    expect(await sharedBuffers(first.db)).toBe('32MB');
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();

    const again = await openDatabase({ pgliteDir: dir, pgliteSharedBuffers: '16MB' });
    const kept = await again.db.select({ n: sql<number>`n` }).from(sql`kept`);
    expect(kept).toEqual([{ n: 42 }]);
    expect(await sharedBuffers(again.db)).toBe('16MB');
    await again.close();
  });

  it('takes PGLITE_SHARED_BUFFERS as a PostgreSQL size with its unit', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '32' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '32MB; drop' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });
});
