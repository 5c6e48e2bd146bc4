import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@palisade/server/db/client';
import { createLocalFileStore } from '@palisade/server/storage/file-store';
import { buildExportZip } from '@palisade/server/modules/exports/export-archive';
import { prepareScaleData } from './scale-data';

/**
 * Issue 61: an organisation's export streams, so the process's memory stays flat whatever the
 * organisation's size. `node --import tsx packages/bench/src/export-memory.ts --dir DIR [--size 1000]
 * [--responses 20000]` makes the bench's data set in DIR (as the e2e scale run does; kept for later
 * runs), then builds Demo Gas Ltd's export (the generated contractors are its) into a local file
 * store in a temporary folder, sampling the RSS every 20 ms: it prints the RSS before, the peak,
 * the growth (target ≤ 100 MB), the zip's size and the rows per table.
 */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

const { values } = parseArgs({
  options: { dir: { type: 'string' }, size: { type: 'string' }, responses: { type: 'string' }, 'page-rows': { type: 'string' } },
});
if (!values.dir) throw new Error('--dir DIR is required (the data set is made there when missing)');
const dir = path.resolve(values.dir);
if (!fs.existsSync(path.join(dir, 'pglite'))) {
  const started = performance.now();
  const summary = await prepareScaleData(dir, { size: Number(values.size ?? 1000), responses: Number(values.responses ?? 20_000) });
  console.log(`data set made in ${Math.round(performance.now() - started)} ms: ${summary}`);
}
const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), queueTimeoutMs: 30 * 60_000 });
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-export-memory-'));
try {
  const [org] = rowsOf<{ id: string; name: string }>(await database.db.execute(sql`select id, name from organisations where name = 'Demo Gas Ltd'`));
  if (!org) throw new Error('no Demo Gas Ltd in this data set');
  const [linked] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from user_organisations where organisation_id = ${org.id}`));
  // A first query warms the database; the baseline is taken after it, with the heap collected when allowed (--expose-gc).
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const built = await buildExportZip(
    { db: database.db, store: createLocalFileStore(storeDir), ...(values['page-rows'] ? { pageRows: Number(values['page-rows']) } : {}) },
    { organisationId: org.id, organisationName: org.name, key: 'exports/memory/export.zip', builtAt: new Date() },
  );
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const ms = Math.round(performance.now() - started);
  console.log(`${org.name}: ${linked?.n ?? 0} contractors and auditors linked; export built in ${ms} ms, zip ${mb(built.size)}, ${built.files} files (${built.missingFiles.length} named but not stored)`);
  console.log(`rows: ${built.tables.map((t) => `${t.table} ${t.rows}`).join(', ')}`);
  console.log(`RSS before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)} (target ≤ 100 MB: ${peak - before <= 100 * 1024 * 1024 ? 'met' : 'MISSED'})`);
} finally {
  await database.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
}
