// `npm run files:migrate -- --to s3`: copies the local file folder (DATA_DIR/files) into the S3
// bucket of the S3_* variables, once, before the instances are switched to S3. Objects already in
// the bucket with the same size are skipped, so that it can be run again after an interruption.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { createS3FileStore, type S3FileStore } from './s3-file-store';

export interface MigrationReport {
  copied: number;
  skipped: number;
  /** Keys that could not be copied, with the reason. */
  failed: Array<{ key: string; error: string }>;
}

/** Every file under a folder, as store keys (relative, with `/`). */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Copies every file under `from` into the store under the same key; a key already there with the
 * same size is skipped. Files are streamed one at a time; no size limit applies (they were checked
 * when uploaded).
 */
export async function migrateFiles(opts: { from: string; to: S3FileStore; log?: (line: string) => void }): Promise<MigrationReport> {
  const log = opts.log ?? (() => undefined);
  const report: MigrationReport = { copied: 0, skipped: 0, failed: [] };
  for (const key of await keysUnder(opts.from)) {
    const file = path.join(opts.from, ...key.split('/'));
    try {
      const { size } = await fs.stat(file);
      if ((await opts.to.sizeOf(key)) === size) {
        report.skipped += 1;
        continue;
      }
      await opts.to.put(key, createReadStream(file), Number.MAX_SAFE_INTEGER);
      report.copied += 1;
      log(`copied ${key} (${size} bytes)`);
    } catch (err) {
      report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
      log(`FAILED ${key}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return report;
}

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  if (values.to !== 's3') throw new Error('Usage: npm run files:migrate -- --to s3 [--from <folder>] (the S3_* variables name the bucket)');
  const config = loadConfig();
  if (!config.s3) throw new Error('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) first');
  const from = path.resolve(values.from ?? path.join(config.dataDir, 'files'));
  const store = createS3FileStore(config.s3);
  try {
    await store.check();
    console.log(`Copying ${from} into the bucket ${config.s3.bucket}…`);
    const report = await migrateFiles({ from, to: store, log: (line) => console.log(line) });
    console.log(`Done: ${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed.`);
    if (report.failed.length > 0) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
