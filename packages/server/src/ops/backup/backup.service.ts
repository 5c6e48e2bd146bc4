import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, ENTRY, type BackupManifest, type StoredFileEntry } from './backup-manifest';
import { dumpDatabase } from './database-dump';
import { storeReaderFor } from './stored-files';
import { TarWriter } from './tar-writer';

export interface BackupResult {
  file: string;
  /** The archive's size on disk (gzipped). */
  bytes: number;
  manifest: BackupManifest;
  /** Keys listed that were deleted before they could be read (the portal deleted them meanwhile). */
  vanished: string[];
}

/**
 * `npm run backup -- --to FILE` (issue 61): one gzipped tar holding the database (PGlite's data
 * directory dump, or pg_dump's custom format), then every stored file under files/<key>, then
 * manifest.json (format, backend, time, row counts per table, each file's key, size and SHA-256),
 * from a running portal without stopping it. The database comes first: a file the dumped rows
 * name was stored before them (uploads are stored, then recorded), so it is still there when the
 * files are read after the dump; files uploaded meanwhile are archived too, unnamed by any row.
 * Written to FILE.partial and renamed at the end: FILE is a whole archive or nothing.
 */
export async function createBackup(
  deps: { config: Config; clock: Clock; log?: (line: string) => void; env?: NodeJS.ProcessEnv },
  input: { to: string },
): Promise<BackupResult> {
  const log = deps.log ?? (() => undefined);
  const target = path.resolve(input.to);
  const partial = `${target}.partial`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const written = pipeline(gzip, out);
  // Observed at once: a failing disk must not go unhandled while entries are written.
  void written.catch(() => undefined);
  const tar = new TarWriter(gzip, deps.clock.now());
  const dump = await dumpDatabase({ config: deps.config, clock: deps.clock, tempFile: `${target}.database.partial`, env: deps.env, log }).catch(async (err: unknown) => {
    gzip.destroy();
    out.destroy();
    await fs.rm(partial, { force: true });
    throw err;
  });
  const reader = storeReaderFor(deps.config);
  try {
    const database = await tar.addStream(dump.entry, dump.size, dump.body());
    await dump.cleanup();
    log(`Database: ${dump.size} bytes, ${Object.keys(dump.rowCounts).length} tables. Files…`);
    const files: StoredFileEntry[] = [];
    const vanished: string[] = [];
    for (const key of await reader.keys()) {
      const opened = await reader.open(key);
      if (!opened) {
        vanished.push(key);
        continue;
      }
      const entry = await tar.addStream(`${ENTRY.filesPrefix}${key}`, opened.size, opened.body);
      files.push({ key, ...entry });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      backend: dump.entry === ENTRY.postgresDump ? 'postgres' : 'pglite',
      createdAt: dump.createdAt,
      source: dump.source,
      database: { entry: dump.entry, ...database },
      rowCounts: dump.rowCounts,
      fileStore: reader.kind,
      files,
    };
    await tar.addBuffer(ENTRY.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    gzip.end();
    await written;
    await fs.rename(partial, target);
    const { size } = await fs.stat(target);
    return { file: target, bytes: size, manifest, vanished };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await dump.cleanup();
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    reader.close();
  }
}

/** The command's summary. */
export function formatBackupResult(r: BackupResult): string {
  const rows = Object.values(r.manifest.rowCounts).reduce((a, b) => a + b, 0);
  const fileBytes = r.manifest.files.reduce((a, f) => a + f.size, 0);
  const lines = [
    `Backup written to ${r.file} (${r.bytes} bytes):`,
    `  database: ${r.manifest.backend} (${r.manifest.source}), ${Object.keys(r.manifest.rowCounts).length} tables, ${rows} rows, as of ${r.manifest.createdAt}`,
    `  files: ${r.manifest.files.length} from the ${r.manifest.fileStore === 's3' ? 'S3 bucket' : 'local folder'} (${fileBytes} bytes)`,
  ];
  if (r.vanished.length > 0) lines.push(`  ${r.vanished.length} files were deleted by the portal while the backup ran: ${r.vanished.join(', ')}`);
  return lines.join('\n');
}
