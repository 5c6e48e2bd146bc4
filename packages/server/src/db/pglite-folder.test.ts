import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

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
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();

    const again = await openDatabase({ pgliteDir: dir });
    const kept = await again.db.select({ n: sql<number>`n` }).from(sql`kept`);
    expect(kept).toEqual([{ n: 42 }]);
    await again.close();
  }, 120_000);
});
