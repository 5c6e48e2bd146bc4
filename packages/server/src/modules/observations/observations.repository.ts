import { and, count, desc, eq, gte, lt, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { observations, organisations, users } from '../../db/schema';

export type ObservationRow = typeof observations.$inferSelect;
export type ObservationInsert = typeof observations.$inferInsert;

/** A report with the name of its contractor, as replies show it. */
export type ObservationRecord = ObservationRow & { contractorName: string };

/** Which reports a graph, table or export reads: an organisation, maybe one contractor, a time range. */
export interface ObservationScope {
  organisationId: string;
  contractorId?: string | undefined;
  start: Date;
  /** Exclusive. */
  end: Date;
}

function whereScope(scope: ObservationScope): SQL | undefined {
  return and(
    eq(observations.organisationId, scope.organisationId),
    scope.contractorId !== undefined ? eq(observations.contractorId, scope.contractorId) : undefined,
    gte(observations.reportedAt, scope.start),
    lt(observations.reportedAt, scope.end),
  );
}

function selectRecords(db: DbOrTx) {
  return db
    .select({ row: observations, contractorName: users.name })
    .from(observations)
    .innerJoin(users, eq(users.id, observations.contractorId));
}

const toRecord = (r: { row: ObservationRow; contractorName: string }): ObservationRecord => ({ ...r.row, contractorName: r.contractorName });

export const observationsRepository = {
  /**
   * The next serial number of the organisation. The organisation's row is locked until the
   * transaction ends, so that two reports never take the same number.
   */
  async nextSrno(tx: DbOrTx, organisationId: string): Promise<number> {
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    const [row] = await tx.select({ n: max(observations.srno) }).from(observations).where(eq(observations.organisationId, organisationId));
    return (row?.n ?? 0) + 1;
  },

  async insert(tx: DbOrTx, row: ObservationInsert): Promise<void> {
    await tx.insert(observations).values(row);
  },

  async findById(db: DbOrTx, id: string): Promise<ObservationRecord | undefined> {
    const rows = await selectRecords(db).where(eq(observations.id, id)).limit(1);
    const first = rows[0];
    return first ? toRecord(first) : undefined;
  },

  /** The row locked for an update (inside a transaction). */
  async lockById(tx: DbOrTx, id: string): Promise<ObservationRow | undefined> {
    const rows = await tx.select().from(observations).where(eq(observations.id, id)).for('update');
    return rows[0];
  },

  async update(tx: DbOrTx, id: string, values: Partial<ObservationInsert>): Promise<void> {
    await tx.update(observations).set({ ...values, updatedAt: new Date() }).where(eq(observations.id, id));
  },

  /** Counts per month (1–12, on the client's clock) and category: one aggregate over the index. */
  async monthlyCounts(db: DbOrTx, scope: ObservationScope, utcOffset: number): Promise<{ month: number; category: string; n: number }[]> {
    // The offset is a checked integer (-840 to 840), written into the text so that SELECT and
    // GROUP BY name the same expression (two parameters would be two expressions).
    const minutes = sql.raw(String(Math.trunc(utcOffset)));
    const month = sql<number>`extract(month from (${observations.reportedAt} at time zone 'UTC') + make_interval(mins => ${minutes}))::int`;
    return db
      .select({ month, category: observations.category, n: sql<number>`count(*)::int` })
      .from(observations)
      .where(whereScope(scope))
      .groupBy(sql`1`, observations.category);
  },

  /** How many reports the scope holds. */
  async count(db: DbOrTx, scope: ObservationScope): Promise<number> {
    const [row] = await db.select({ n: count() }).from(observations).where(whereScope(scope));
    return row?.n ?? 0;
  },

  /** A page of the scope's reports, newest first. */
  async page(db: DbOrTx, scope: ObservationScope, offset: number, limit: number): Promise<ObservationRecord[]> {
    const rows = await selectRecords(db)
      .where(whereScope(scope))
      .orderBy(desc(observations.reportedAt), desc(observations.id))
      .offset(offset)
      .limit(limit);
    return rows.map(toRecord);
  },
};
