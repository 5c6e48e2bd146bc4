import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { migrationsFolder } from './client';

/** The `when` of the newest migration this build ships (drizzle's journal). */
export function latestShippedMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Resolves when the database answers a statement. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * The newest migration applied to the database (the `created_at` drizzle records, which is the
 * journal's `when`); null when none is (no migrations table yet).
 */
export async function latestAppliedMigration(db: Db): Promise<number | null> {
  const exists = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  // Both drivers reply with { rows } (node-postgres QueryResult, PGlite Results).
  const present = (exists as { rows?: Array<{ present: boolean }> }).rows?.[0]?.present;
  if (!present) return null;
  const result = await db.execute(sql`select max(created_at) as at from drizzle.__drizzle_migrations`);
  const at = (result as { rows?: Array<{ at: string | number | null }> }).rows?.[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}
