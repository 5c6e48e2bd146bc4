import { and, count, desc, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@palisade/domain/audit/audit.actions';
import type { AuditFilter } from '@palisade/domain/audit/audit.schema';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  organisationId: string | null;
  /** One of the actions that have a sentence (AUDIT_ACTIONS). */
  action: AuditAction;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  /** When, for an entry written after the fact (the demo seed's history); now by default. */
  at?: Date;
}

/** A row of the log with its actor's name and type (null when the actor is gone or none). */
export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorType: number | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** The rows of one organisation that match the filter. */
function matching(organisationId: string, f: AuditFilter): SQL {
  const parts: SQL[] = [eq(auditLog.organisationId, organisationId)];
  if (f.actorId !== undefined) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.entity !== undefined) parts.push(eq(auditLog.entity, f.entity));
  if (f.entityId !== undefined) parts.push(eq(auditLog.entityId, f.entityId));
  if (f.from !== undefined) parts.push(gte(auditLog.at, new Date(f.from)));
  if (f.to !== undefined) parts.push(lte(auditLog.at, new Date(f.to)));
  const all = and(...parts);
  if (!all) throw new Error('no condition');
  return all;
}

const rowOf = (entry: AuditEntry) => ({
  actorId: entry.actorId,
  organisationId: entry.organisationId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ...(entry.at ? { at: entry.at } : {}),
});

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: users.name,
  actorType: users.type,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
};

/**
 * The only place that touches audit_log. The table is append-only (migration 0014): there is
 * no update or delete here, and the database refuses them.
 */
export const auditRepository = {
  /**
   * append's INSERT as SQL, for a change made in one statement to carry its entry as a part (a
   * data-modifying WITH) of that statement: the same row, in the same transaction, without a
   * round trip (nor a BEGIN and COMMIT) of its own. Each part of the entry is SQL (a placeholder
   * of a named statement, or a column of what `from` selects); the entry is written once per row
   * of `from`, none when it has none.
   */
  appendSelectSql(
    entry: { [K in Exclude<keyof AuditEntry, 'action' | 'at'>]-?: SQL | Placeholder | string } & { action: AuditAction },
    from: SQL,
  ): SQL {
    // The action is one of AUDIT_ACTIONS (letters and a dot): a literal of the statement.
    return sql`insert into ${auditLog} (actor_id, organisation_id, action, entity, entity_id, before, after)
      select ${entry.actorId}, ${entry.organisationId}, ${sql.raw(`'${entry.action.replace(/[^A-Za-z.]/g, '')}'`)}, ${entry.entity}, ${entry.entityId},
        ${entry.before}, ${entry.after}
      ${from}`;
  },

  /** Appends to the audit log, inside the caller's transaction. */
  async append(db: DbOrTx, entry: AuditEntry): Promise<void> {
    await db.insert(auditLog).values(rowOf(entry));
  },

  /** Appends many entries in one statement a thousand (the demo seed's history). */
  async appendMany(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += 1000) {
      await db.insert(auditLog).values(entries.slice(i, i + 1000).map(rowOf));
    }
  },

  /** One page of an organisation's log, newest first, and how many rows match in all. */
  async page(
    db: DbOrTx,
    organisationId: string,
    filter: AuditFilter,
    page: number,
    pageSize: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = matching(organisationId, filter);
    const rows = await db
      .select(rowColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [all] = await db.select({ n: count() }).from(auditLog).where(where);
    return { rows, total: all?.n ?? 0 };
  },

  /** The newest `limit` rows of an organisation's log that match, newest first (the export). */
  async newest(db: DbOrTx, organisationId: string, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
    return db
      .select(rowColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(matching(organisationId, filter))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  },

  /** Everyone who appears in an organisation's log, by name. */
  async actors(db: DbOrTx, organisationId: string): Promise<{ id: string; name: string; type: number }[]> {
    return db
      .selectDistinct({ id: users.id, name: users.name, type: users.type })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(eq(auditLog.organisationId, organisationId))
      .orderBy(users.name, users.id);
  },
};
