import { and, count, desc, eq, gte, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import { OBSERVATION_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import type { Db, DbOrTx } from '../../db/client';
import { observationDayCounts, observationMonthCounts, observations, organisations, users } from '../../db/schema';
import { preparedPages } from '../../db/first-pages';

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

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day (YYYY-MM-DD) an instant falls on. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** A stretch of time, its end exclusive. */
interface TimeRange {
  start: Date;
  end: Date;
}

/**
 * A range as the organisation's counts read it: the whole UTC days inside it (from the day
 * counts, `to` exclusive) and the two cut edges around them (from the reports). Without a whole
 * day, the first edge is the whole range and the second is empty.
 */
function splitRange(start: Date, end: Date): { days: { from: string; to: string } | null; edges: [TimeRange, TimeRange] } {
  const firstWhole = new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
  const endWhole = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  if (firstWhole >= endWhole) return { days: null, edges: [{ start, end }, { start: end, end }] };
  return {
    days: { from: utcDay(firstWhole), to: utcDay(endWhole) },
    edges: [
      { start, end: firstWhole },
      { start: endWhole, end },
    ],
  };
}

/** Month (1–12, on the client's clock) of a report's time. */
function monthOf(utcOffset: number) {
  // The offset is a checked integer (-840 to 840), written into the text so that SELECT and
  // GROUP BY name the same expression (two parameters would be two expressions).
  const minutes = sql.raw(String(Math.trunc(utcOffset)));
  return sql<number>`extract(month from (${observations.reportedAt} at time zone 'UTC') + make_interval(mins => ${minutes}))::int`;
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

  /** True when the row was written; false, with nothing written, when its id is already stored (a repeated create). */
  async insert(tx: DbOrTx, row: ObservationInsert): Promise<boolean> {
    const written = await tx.insert(observations).values(row).onConflictDoNothing({ target: observations.id }).returning({ id: observations.id });
    return written.length > 0;
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

  async update(tx: DbOrTx, id: string, values: Partial<ObservationInsert>, now: Date): Promise<void> {
    await tx.update(observations).set({ ...values, updatedAt: now }).where(eq(observations.id, id));
  },

  /**
   * One contractor's counts per month (on the client's clock) and category of its reports in the
   * organisation in [start, end), as a prepared statement (issue 21: planning and building it each
   * time cost more than running it). The offset is a value: GROUP BY names the month by its
   * position. Migration 0023's index answers it alone (an index-only scan).
   */
  prepareContractorGraph(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const month = sql<number>`extract(month from (${observations.reportedAt} at time zone 'UTC') + make_interval(mins => ${p('utcOffset')}::int))::int`;
    const counts = db
      .select({ month, category: observations.category, n: sql<number>`count(*)::int` })
      .from(observations)
      .where(
        and(
          eq(observations.contractorId, p('contractorId')),
          eq(observations.organisationId, p('organisationId')),
          gte(observations.reportedAt, p('start')),
          lt(observations.reportedAt, p('end')),
        ),
      )
      .groupBy(sql`1`, observations.category)
      .prepare('observations_contractor_graph');
    return (scope: ObservationScope & { contractorId: string }, utcOffset: number): Promise<{ month: number; category: string; n: number }[]> =>
      counts.execute({
        contractorId: scope.contractorId,
        organisationId: scope.organisationId,
        start: scope.start.toISOString(),
        end: scope.end.toISOString(),
        utcOffset: Math.trunc(utcOffset),
      });
  },

  /**
   * One more report of that organisation and category on its UTC day and in its UTC month (in the
   * report's transaction): one statement.
   */
  async bumpDayCount(tx: DbOrTx, organisationId: string, reportedAt: Date, category: string): Promise<void> {
    const day = utcDay(reportedAt);
    await tx.execute(sql`
      with day as (
        insert into ${observationDayCounts} (organisation_id, day, category, n)
        values (${organisationId}, ${day}::date, ${category}, 1)
        on conflict (organisation_id, day, category) do update set n = ${observationDayCounts.n} + 1
      )
      insert into ${observationMonthCounts} (organisation_id, month, category, n)
      values (${organisationId}, ${`${day.slice(0, 8)}01`}::date, ${category}, 1)
      on conflict (organisation_id, month, category) do update set n = ${observationMonthCounts.n} + 1`);
  },

  /** Recounts the day and month counts of these organisations from their reports (seed, bench). */
  async rebuildDayCounts(tx: DbOrTx, organisationIds: readonly string[]): Promise<void> {
    if (organisationIds.length === 0) return;
    const ids = [...organisationIds];
    await tx.delete(observationDayCounts).where(inArray(observationDayCounts.organisationId, ids));
    await tx.delete(observationMonthCounts).where(inArray(observationMonthCounts.organisationId, ids));
    await tx.execute(sql`
      insert into ${observationDayCounts} (organisation_id, day, category, n)
      select organisation_id, (reported_at at time zone 'UTC')::date, category, count(*)::int
      from ${observations} where ${inArray(observations.organisationId, ids)}
      group by 1, 2, 3`);
    await tx.execute(sql`
      insert into ${observationMonthCounts} (organisation_id, month, category, n)
      select organisation_id, date_trunc('month', day)::date, category, sum(n)::int
      from ${observationDayCounts} where ${inArray(observationDayCounts.organisationId, ids)}
      group by 1, 2, 3`);
  },

  /**
   * The organisation's counts per month and category of a year on the client's clock ([start,
   * end), its months starting at `boundaries`). A local month's whole UTC days are its own UTC
   * month's days less the one a boundary cuts (the client is not on UTC: the month's last day east
   * of it, its first day west of it): so the UTC month's sum (the month counts) less that day's
   * count, in one prepared statement (issue 21: building it cost more than running it); and the
   * cut days' reports counted from the reports themselves, each in its local month.
   */
  prepareOrganisationGraph(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const monthNumber = (column: typeof observationMonthCounts.month | typeof observationDayCounts.day) =>
      sql<number>`extract(month from ${column})::int`;
    const wholeDays = db
      .select({ month: monthNumber(observationMonthCounts.month), category: observationMonthCounts.category, n: observationMonthCounts.n })
      .from(observationMonthCounts)
      .where(
        and(
          eq(observationMonthCounts.organisationId, p('organisationId')),
          gte(observationMonthCounts.month, p('from')),
          lt(observationMonthCounts.month, p('to')),
        ),
      )
      .unionAll(
        db
          .select({ month: monthNumber(observationDayCounts.day), category: observationDayCounts.category, n: sql<number>`-${observationDayCounts.n}` })
          .from(observationDayCounts)
          .where(
            and(
              eq(observationDayCounts.organisationId, p('organisationId')),
              // The cut days as text ('' for none): one parameter on either driver.
              sql`${observationDayCounts.day} = any(string_to_array(${p('cutDays')}, ',')::date[])`,
            ),
          ),
      )
      .prepare('observations_organisation_graph');
    return async (
      organisationId: string,
      bounds: { start: Date; end: Date; boundaries: readonly Date[] },
      utcOffset: number,
    ): Promise<{ month: number; category: string; n: number }[]> => {
      const year = new Date(bounds.start.getTime() + utcOffset * 60_000).getUTCFullYear();
      const [from, to] = [`${year}-01-01`, `${year + 1}-01-01`];
      // A boundary not at a UTC midnight cuts its day; those inside the year's UTC months come off
      // their month's sum (the one before the year, or after it, is in no month read here).
      const cut = [...new Set(bounds.boundaries.filter((b) => b.getTime() % DAY_MS !== 0).map(utcDay))];
      const cutDays = cut.filter((d) => d >= from && d < to).join(',');
      const whole = await wholeDays.execute({ organisationId, from, to, cutDays });
      if (cut.length === 0) return whole;
      const cutRanges = cut.map((d) => {
        const dayStart = new Date(`${d}T00:00:00Z`);
        return and(gte(observations.reportedAt, dayStart), lt(observations.reportedAt, new Date(dayStart.getTime() + DAY_MS)));
      });
      const parts = await db
        .select({ month: monthOf(utcOffset), category: observations.category, n: sql<number>`count(*)::int` })
        .from(observations)
        .where(and(whereScope({ organisationId, start: bounds.start, end: bounds.end }), or(...cutRanges)))
        .groupBy(sql`1`, observations.category);
      return [...whole, ...parts];
    };
  },

  /**
   * How many reports the scope holds. For a whole organisation the UTC days the range covers
   * whole are read from the day counts, and only its cut edges (a client not on UTC) from the
   * reports; one contractor's are counted from its own reports.
   */
  async count(db: DbOrTx, scope: ObservationScope): Promise<number> {
    const rawCount = async (ranges: TimeRange[]) => {
      const live = ranges.filter((r) => r.start < r.end);
      if (live.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(observations)
        .where(
          and(
            eq(observations.organisationId, scope.organisationId),
            scope.contractorId !== undefined ? eq(observations.contractorId, scope.contractorId) : undefined,
            or(...live.map((r) => and(gte(observations.reportedAt, r.start), lt(observations.reportedAt, r.end)))),
          ),
        );
      return row?.n ?? 0;
    };
    if (scope.contractorId !== undefined) return rawCount([{ start: scope.start, end: scope.end }]);
    const { days, edges } = splitRange(scope.start, scope.end);
    if (days === null) return rawCount(edges);
    const [whole] = await db
      .select({ n: sql<number>`coalesce(sum(${observationDayCounts.n}), 0)::int` })
      .from(observationDayCounts)
      .where(
        and(
          eq(observationDayCounts.organisationId, scope.organisationId),
          gte(observationDayCounts.day, days.from),
          lt(observationDayCounts.day, days.to),
        ),
      );
    const edgeCount = await rawCount(edges);
    return (whole?.n ?? 0) + edgeCount;
  },

  /**
   * The organisation's report table (company/reporttable without a contractor): a page of the
   * range's reports, newest first, and how many there are, counted as count() does (the whole UTC
   * days from the day counts, the cut edges from the reports). One statement, prepared as a
   * statement of this database: on PostgreSQL parsed once per connection, and for a first page of
   * whole days planned once too, where the count and the page, each parsed and planned for every
   * request, cost more than they ran (issue 21). An empty page (past the end) reads its total on
   * its own.
   */
  prepareOrganisationTable(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const inRange = (start: string, end: string) => and(gte(observations.reportedAt, p(start)), lt(observations.reportedAt, p(end)));
    const ofOrganisation = eq(observations.organisationId, p('organisationId'));
    const dayCounts = sql`(select coalesce(sum(${observationDayCounts.n}), 0) from ${observationDayCounts}
        where ${and(eq(observationDayCounts.organisationId, p('organisationId')), gte(observationDayCounts.day, p('firstDay')), lt(observationDayCounts.day, p('endDay')))})`;
    const edgeCount = sql`(select count(*) from ${observations} where ${and(ofOrganisation, or(inRange('edge1Start', 'edge1End'), inRange('edge2Start', 'edge2End')))})`;
    // A range of whole UTC days (the table's month on a UTC clock) has no edge to count: its
    // statements leave the edges' count out. With it, PostgreSQL's plan for any range guesses
    // rows in the two edges that a plan for the values knows empty, looks far dearer, and the
    // statement was planned again at every call.
    const variant = (edges: boolean) => {
      const name = `observations_organisation_table${edges ? '' : '_days'}`;
      const total = edges ? sql<number>`(${dayCounts} + ${edgeCount})::int` : sql<number>`${dayCounts}::int`;
      return {
        total: db.select({ total }).from(sql`(select 1) as one`).prepare(`${name}_total`),
        // The page's rows carry the total: the same expression, evaluated once (an InitPlan). The
        // first page of each size is a statement of its own, planned once (preparedPages).
        page: preparedPages(OBSERVATION_TABLE_PAGE_SIZES, ({ limit, offset }, suffix) =>
          db
            .select({ row: observations, contractorName: users.name, total })
            .from(observations)
            .innerJoin(users, eq(users.id, observations.contractorId))
            .where(and(ofOrganisation, inRange('start', 'end')))
            .orderBy(desc(observations.reportedAt), desc(observations.id))
            .offset(offset)
            .limit(limit)
            .prepare(`${name}_with_total${suffix}`),
        ),
      };
    };
    const withEdges = variant(true);
    const wholeDays = variant(false);
    return async (scope: { organisationId: string; start: Date; end: Date }, offset: number, limit: number): Promise<{ rows: ObservationRecord[]; total: number }> => {
      const { days, edges } = splitRange(scope.start, scope.end);
      const statements = days !== null && edges.every((e) => e.start >= e.end) ? wholeDays : withEdges;
      const iso = (d: Date) => d.toISOString();
      const values = {
        organisationId: scope.organisationId,
        start: iso(scope.start),
        end: iso(scope.end),
        // No whole day: an empty day range, and the first edge is the whole range.
        firstDay: days?.from ?? utcDay(scope.start),
        endDay: days?.to ?? utcDay(scope.start),
        edge1Start: iso(edges[0].start),
        edge1End: iso(edges[0].end),
        edge2Start: iso(edges[1].start),
        edge2End: iso(edges[1].end),
        offset,
        limit,
      };
      const rows = await statements.page(limit, offset).execute(values);
      const first = rows[0];
      if (first) return { rows: rows.map(toRecord), total: first.total };
      const [row] = await statements.total.execute(values);
      return { rows: [], total: row?.total ?? 0 };
    };
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
