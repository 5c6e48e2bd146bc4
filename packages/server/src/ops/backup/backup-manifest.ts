import { z } from 'zod';

/** What an archive of `npm run backup` says it is; restore refuses other formats and newer versions. */
export const BACKUP_FORMAT = 'palisade-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The archive's entries: the database first, then every stored file, the manifest last. */
export const ENTRY = {
  pgliteDump: 'database/pglite-datadir.tar',
  postgresDump: 'database/postgres.dump',
  filesPrefix: 'files/',
  manifest: 'manifest.json',
} as const;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const storedFile = z.object({
  /** The file store's key (the archive holds it at files/<key>). */
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
});

/** manifest.json, the archive's last entry. */
export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  /** Which database the archive holds: a PGlite data directory dump, or pg_dump's custom format. */
  backend: z.enum(['pglite', 'postgres']),
  /** When the database's snapshot was taken (ISO 8601, UTC). */
  createdAt: z.string(),
  /** How the database was read: through the running server, by the command itself, or pg_dump. */
  source: z.enum(['running-server', 'data-folder', 'pg_dump']),
  database: z.object({ entry: z.string(), size: z.number().int().nonnegative(), sha256: sha256Hex }),
  /** Rows per table ("schema.table") in the same snapshot as the dump. */
  rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  /** Where the files came from. */
  fileStore: z.enum(['local', 's3']),
  files: z.array(storedFile),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type StoredFileEntry = z.infer<typeof storedFile>;
