import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, userOrganisations, users } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

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

  /** Organisations of a file's owner: its own and those it serves. */
  async ownerOrganisations(db: DbOrTx, ownerId: string): Promise<string[]> {
    const [own] = await db.select({ org: users.organisationId }).from(users).where(eq(users.id, ownerId));
    const assoc = await db
      .select({ org: userOrganisations.organisationId })
      .from(userOrganisations)
      .where(eq(userOrganisations.userId, ownerId));
    return [...(own?.org ? [own.org] : []), ...assoc.map((a) => a.org)];
  },
};
