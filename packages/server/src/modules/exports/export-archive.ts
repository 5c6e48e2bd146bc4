import { once } from 'node:events';
import { Readable } from 'node:stream';
import * as archiverModule from 'archiver';
import type { Archiver, ArchiverOptions } from 'archiver';
import { EXPORT_PAGE_ROWS, PRODUCT_NAME } from '@palisade/domain/constants';
import { exportCsvHeader, exportCsvLines, exportReadme, type ReadmeTable } from '@palisade/domain/exports/export.rules';
import type { Db } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { EXPORT_TABLES, NOT_EXPORTED, exportDataRepository as repo, type ExportTable, type PageKey, type TableShape } from './export-data.repository';

/**
 * archiver 7 (installed) exports one function, (format, options) → archive; @types/archiver 8
 * describes version 8's classes instead, so the function is typed here.
 */
const createArchive = (archiverModule as unknown as { default: (format: 'zip', options?: ArchiverOptions) => Archiver }).default;

/** The zip's size limit in the store: none (it is not an upload). */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** What a built export holds. */
export interface BuiltExport {
  size: number;
  tables: Array<{ table: string; rows: number }>;
  files: number;
  missingFiles: string[];
}

/** The organisation's rows of one table, a page at a time (keyset), as parsed JSON texts. */
async function* pagesOf(db: Db, spec: ExportTable, shape: TableShape, org: string, pageRows: number, signal?: AbortSignal): AsyncGenerator<string[]> {
  let after: PageKey | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page = await repo.page(db, spec, shape, org, after, pageRows);
    if (page.length === 0) return;
    yield page.map((r) => r.json);
    const last = page[page.length - 1];
    if (!last || page.length < pageRows) return;
    after = last.key;
  }
}

/**
 * Builds the zip of every record of an organisation (issue 61) and streams it into the file store
 * under `key` as it is made: each table is read in keyset pages (EXPORT_PAGE_ROWS rows) and
 * written as JSON and as CSV, every stored file of the organisation is streamed from the store
 * into the zip, and README.txt describes each file. One zip entry is made at a time, and the
 * store's pace holds back the reading (stream back-pressure), so the memory it takes does not
 * grow with the organisation's size. A file the store does not hold is listed in the README.
 */
export async function buildExportZip(
  deps: { db: Db; store: FileStore; pageRows?: number; signal?: AbortSignal },
  input: { organisationId: string; organisationName: string; key: string; builtAt: Date },
): Promise<BuiltExport> {
  const { db, store } = deps;
  const pageRows = deps.pageRows ?? EXPORT_PAGE_ROWS;
  const org = input.organisationId;
  const archive = createArchive('zip', { zlib: { level: 6 } });
  const stored = store.put(input.key, archive, NO_LIMIT);
  // The store failing stops the build; the build failing stops the store's upload (and removes it).
  const storeFailed = stored.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  );
  void storeFailed.catch(() => undefined);

  /** Adds one entry and waits until the zip has taken all of it (one entry at a time). */
  async function add(source: Readable | string, name: string): Promise<void> {
    const taken = once(archive, 'entry');
    archive.append(source, { name, date: input.builtAt });
    await Promise.race([taken, storeFailed]);
  }

  try {
    const existing = await repo.existingTables(db);
    const readme: ReadmeTable[] = [];
    for (const spec of EXPORT_TABLES) {
      if (!existing.has(spec.table)) continue;
      const shape = await repo.shape(db, spec);
      let rows = 0;
      await add(
        Readable.from(
          (async function* json() {
            yield '[';
            let first = true;
            for await (const page of pagesOf(db, spec, shape, org, pageRows, deps.signal)) {
              rows += page.length;
              yield `${first ? '\n' : ',\n'}${page.join(',\n')}`;
              first = false;
            }
            yield first ? ']\n' : '\n]\n';
          })(),
          { objectMode: false },
        ),
        `data/${spec.table}.json`,
      );
      await add(
        Readable.from(
          (async function* csv() {
            yield exportCsvHeader(shape.columns);
            for await (const page of pagesOf(db, spec, shape, org, pageRows, deps.signal)) {
              yield exportCsvLines(
                shape.columns,
                page.map((text) => JSON.parse(text) as Record<string, unknown>),
              );
            }
          })(),
          { objectMode: false },
        ),
        `data/${spec.table}.csv`,
      );
      readme.push({ table: spec.table, description: spec.description, rows, columns: shape.columns });
    }

    // Every stored file of the organisation, streamed from the store.
    const filesSpec = EXPORT_TABLES.find((t) => t.table === 'files');
    let files = 0;
    const missingFiles: string[] = [];
    if (filesSpec && existing.has('files')) {
      const shape = await repo.shape(db, filesSpec);
      for await (const page of pagesOf(db, filesSpec, shape, org, pageRows, deps.signal)) {
        for (const text of page) {
          deps.signal?.throwIfAborted();
          const { path } = JSON.parse(text) as { path: string };
          let body: Readable;
          try {
            body = await store.get(path);
          } catch {
            missingFiles.push(path);
            continue;
          }
          await add(body, `files/${path}`);
          files += 1;
        }
      }
    }

    await add(
      exportReadme({
        product: PRODUCT_NAME,
        organisation: input.organisationName,
        organisationId: org,
        builtAt: input.builtAt.toISOString(),
        tables: readme,
        files,
        missingFiles,
        notExported: NOT_EXPORTED,
      }),
      'README.txt',
    );
    await Promise.race([archive.finalize(), storeFailed]);
    const size = await stored;
    return { size, tables: readme.map((t) => ({ table: t.table, rows: t.rows })), files, missingFiles };
  } catch (err) {
    // Ends the upload: the store removes what it received.
    archive.abort();
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
    await stored.catch(() => undefined);
    await store.delete(input.key).catch(() => undefined);
    throw err;
  }
}
