import { and, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, organisationStorage, userOrganisations, users } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Lock class of pg_advisory_xact_lock(class, key) for one owner's unattached uploads. */
const UNATTACHED_LOCK_CLASS = 1713;

export const filesRepository = {
  async insert(db: DbOrTx, row: typeof files.$inferInsert): Promise<void> {
    await db.insert(files).values(row);
  },

  async findById(db: DbOrTx, id: string): Promise<FileRow | undefined> {
    const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return rows[0];
  },

  /** The records of these stored paths (those that exist). */
  async findByPaths(db: DbOrTx, paths: readonly string[]): Promise<FileRow[]> {
    if (paths.length === 0) return [];
    return db.select().from(files).where(inArray(files.path, [...paths]));
  },

  async deleteByPath(db: DbOrTx, path: string): Promise<void> {
    await db.delete(files).where(eq(files.path, path));
  },

  /** A file's owner (a profile image's user) with the organisations it serves (assoc_companies). */
  async owner(db: DbOrTx, ownerId: string): Promise<{ user: UserRow; assoc: string[] } | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, ownerId));
    if (!user) return undefined;
    const assoc = await db
      .select({ org: userOrganisations.organisationId })
      .from(userOrganisations)
      .where(eq(userOrganisations.userId, ownerId));
    return { user, assoc: assoc.map((a) => a.org) };
  },

  /** Bytes the organisation's files take (the trigger of migration 0013 keeps the count). */
  async storageUsed(db: DbOrTx, organisationId: string): Promise<number> {
    const [row] = await db
      .select({ used: organisationStorage.usedBytes })
      .from(organisationStorage)
      .where(eq(organisationStorage.organisationId, organisationId));
    return row?.used ?? 0;
  },

  /**
   * The same, with the organisation's count locked until the transaction ends: uploads of one
   * organisation decide one after another, so two cannot both take the last free bytes.
   */
  async lockStorageUsed(tx: DbOrTx, organisationId: string): Promise<number> {
    await tx.insert(organisationStorage).values({ organisationId, usedBytes: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ used: organisationStorage.usedBytes })
      .from(organisationStorage)
      .where(eq(organisationStorage.organisationId, organisationId))
      .for('update');
    return row?.used ?? 0;
  },

  /** How many files of this owner nothing uses yet. */
  async countUnattached(db: DbOrTx, ownerId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.ownerId, ownerId), isNotNull(files.unattachedSince)));
    return row?.n ?? 0;
  },

  /** Holds the owner's unattached uploads until the transaction ends, so that counts and inserts do not interleave. */
  async lockUnattached(tx: DbOrTx, ownerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${UNATTACHED_LOCK_CLASS}, hashtext(${ownerId}))`);
  },

  /**
   * Marks these files as in use; returns the paths that exist. Their rows stay locked until the
   * transaction ends, so a sweep running meanwhile waits and then finds them attached.
   */
  async markAttached(tx: DbOrTx, paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const rows = await tx.update(files).set({ unattachedSince: null }).where(inArray(files.path, [...paths])).returning({ path: files.path });
    return rows.map((r) => r.path);
  },

  /** Marks these files (those still attached) as unused since `at`. */
  async markUnattached(tx: DbOrTx, paths: readonly string[], at: Date): Promise<void> {
    if (paths.length === 0) return;
    await tx
      .update(files)
      .set({ unattachedSince: at })
      .where(and(inArray(files.path, [...paths]), isNull(files.unattachedSince)));
  },

  /**
   * Deletes the records of files unattached since before `cutoff`; their paths. One statement:
   * instances sweeping at once each get a disjoint share, and a row attached meanwhile (locked by
   * markAttached) is re-checked after that commits and kept.
   */
  async deleteUnattachedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
    const rows = await db.delete(files).where(lt(files.unattachedSince, cutoff)).returning({ path: files.path });
    return rows.map((r) => r.path);
  },
};
