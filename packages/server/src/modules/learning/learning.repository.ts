import { and, asc, desc, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { LEARNING_TABLE_PAGE_SIZES, NOTICES_TOPIC } from '@palisade/domain/constants';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import {
  learningCategories,
  learningDocuments,
  learningEmployeeTotals,
  learningMonthSeconds,
  learningOrgMonthSeconds,
  learningProgress,
  users,
} from '../../db/schema';
import { preparedPages, type PageBounds } from '../../db/first-pages';
import { containsPattern } from '../../db/like';
import { namedStatement } from '../../db/named-statement';



export type LearningDocRow = typeof learningDocuments.$inferSelect;
export type LearningDocInsert = typeof learningDocuments.$inferInsert;
export type ProgressRow = typeof learningProgress.$inferSelect;

/** An employee of the Employee Learning table with its sums. */
export interface EmployeeLearningRow {
  id: string;
  name: string;
  email: string;
  contractorId: string | null;
  contractorName: string | null;
  seconds: number;
  completed: number;
}

/** The only place that touches the learning tables (documents, categories, progress, month sums). */
export const learningRepository = {
  /** The new row; undefined, with nothing written, when its id is already stored (a repeated create). */
  async insertDocument(db: DbOrTx, row: LearningDocInsert): Promise<LearningDocRow | undefined> {
    const [created] = await db.insert(learningDocuments).values(row).onConflictDoNothing({ target: learningDocuments.id }).returning();
    return created;
  },

  async findDocument(db: DbOrTx, id: string): Promise<LearningDocRow | undefined> {
    const rows = await db.select().from(learningDocuments).where(eq(learningDocuments.id, id)).limit(1);
    return rows[0];
  },

  /** Sets the uploaded file of a pending document, once (false when it was set already). */
  async attachFile(db: DbOrTx, id: string, set: Pick<LearningDocRow, 'file' | 'fileName'>): Promise<LearningDocRow | undefined> {
    const [row] = await db
      .update(learningDocuments)
      .set({ ...set, ready: true })
      .where(and(eq(learningDocuments.id, id), eq(learningDocuments.ready, false)))
      .returning();
    return row;
  },

  /** Ready documents of an organisation: of one topic, or every topic but Notices; newest first. */
  async listDocuments(db: DbOrTx, organisationIds: readonly string[], topic: string | null): Promise<LearningDocRow[]> {
    if (organisationIds.length === 0) return [];
    return db
      .select()
      .from(learningDocuments)
      .where(
        and(
          inArray(learningDocuments.organisationId, [...organisationIds]),
          topic === null ? ne(learningDocuments.topic, NOTICES_TOPIC) : eq(learningDocuments.topic, topic),
          eq(learningDocuments.ready, true),
        ),
      )
      .orderBy(desc(learningDocuments.createdAt), desc(learningDocuments.id));
  },

  /** The categories or sub-categories an organisation added, oldest first. */
  async addedCategories(db: DbOrTx, organisationId: string): Promise<{ kind: 'category' | 'subcategory'; name: string }[]> {
    return db
      .select({ kind: learningCategories.kind, name: learningCategories.name })
      .from(learningCategories)
      .where(eq(learningCategories.organisationId, organisationId))
      .orderBy(asc(learningCategories.createdAt), asc(learningCategories.name));
  },

  /** Adds a name; false when the organisation has it already (any case). */
  async insertCategory(db: DbOrTx, row: { id: string; organisationId: string; kind: 'category' | 'subcategory'; name: string }): Promise<boolean> {
    const inserted = await db.insert(learningCategories).values(row).onConflictDoNothing().returning({ id: learningCategories.id });
    return inserted.length > 0;
  },

  /**
   * An employee's progress on a document, locked for the update of recordProgress. The row is
   * first created empty (0 seconds, not completed) when missing: SELECT … FOR UPDATE locks nothing
   * on a row that does not exist, so two first calls at once would both count their full seconds
   * into the month; the insert makes the second wait for the first to commit and then read it.
   */
  async lockProgress(tx: DbOrTx, key: { docId: string; userId: string; organisationId: string; contractorId: string }): Promise<ProgressRow> {
    await tx.insert(learningProgress).values({ ...key, seconds: 0, completed: false }).onConflictDoNothing();
    const rows = await tx
      .select()
      .from(learningProgress)
      .where(and(eq(learningProgress.docId, key.docId), eq(learningProgress.userId, key.userId)))
      .for('update');
    const row = rows[0];
    if (!row) throw new Error('learning_progress row missing after its insert');
    return row;
  },

  /** Writes an employee's progress row (insert or update of seconds and completion), changed at `now`. */
  async upsertProgress(tx: DbOrTx, row: typeof learningProgress.$inferInsert, now: Date): Promise<void> {
    await tx
      .insert(learningProgress)
      .values({ ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [learningProgress.docId, learningProgress.userId],
        set: { seconds: row.seconds, completed: row.completed, completedAt: row.completedAt, updatedAt: now },
      });
  },

  /**
   * Adds seconds to an organisation's month of a contractor, and to the organisation's month: one
   * statement (its insert of the contractor's row is a CTE of the other).
   */
  async addMonthSeconds(tx: DbOrTx, key: { organisationId: string; month: string; contractorId: string }, seconds: number): Promise<void> {
    if (seconds <= 0) return;
    await tx.execute(sql`
      with contractor as (
        insert into ${learningMonthSeconds} (organisation_id, month, contractor_id, seconds)
        values (${key.organisationId}, ${key.month}::date, ${key.contractorId}, ${seconds})
        on conflict (organisation_id, month, contractor_id) do update set seconds = ${learningMonthSeconds.seconds} + excluded.seconds
      )
      insert into ${learningOrgMonthSeconds} (organisation_id, month, seconds)
      values (${key.organisationId}, ${key.month}::date, ${seconds})
      on conflict (organisation_id, month) do update set seconds = ${learningOrgMonthSeconds.seconds} + excluded.seconds`);
  },

  /** Adds an employee's growth of seconds and of completed modules to its sums (learning_employee_totals). */
  async addEmployeeTotals(tx: DbOrTx, userId: string, seconds: number, completed: number): Promise<void> {
    if (seconds <= 0 && completed <= 0) return;
    await tx
      .insert(learningEmployeeTotals)
      .values({ userId, seconds, completed })
      .onConflictDoUpdate({
        target: learningEmployeeTotals.userId,
        set: {
          seconds: sql`${learningEmployeeTotals.seconds} + excluded.seconds`,
          completed: sql`${learningEmployeeTotals.completed} + excluded.completed`,
        },
      });
  },

  /**
   * The sums of an organisation's employees counted again from their progress rows (after a load
   * that wrote those directly: the seed, the bench's generator).
   */
  async rebuildEmployeeTotals(db: DbOrTx, organisationId: string): Promise<void> {
    await db.execute(sql`
      insert into ${learningEmployeeTotals} (user_id, seconds, completed)
      select user_id, sum(seconds), count(*) filter (where completed) from ${learningProgress}
      where organisation_id = ${organisationId} group by user_id
      on conflict (user_id) do update set seconds = excluded.seconds, completed = excluded.completed`);
  },

  /**
   * The organisation's month sums counted again from its contractors' (after a load that wrote
   * those directly: the seed, the bench's generator).
   */
  async rebuildOrganisationMonths(db: DbOrTx, organisationId: string): Promise<void> {
    await db.delete(learningOrgMonthSeconds).where(eq(learningOrgMonthSeconds.organisationId, organisationId));
    await db.execute(sql`
      insert into ${learningOrgMonthSeconds} (organisation_id, month, seconds)
      select organisation_id, month, sum(seconds) from ${learningMonthSeconds} where organisation_id = ${organisationId} group by 1, 2`);
  },

  /**
   * Seconds per month (1 to 12) of a year: the organisation's (its own month sums, 12 rows at
   * most), or one contractor's employees'.
   */
  async monthSeconds(db: DbOrTx, organisationId: string, year: number, contractorId: string | null): Promise<Map<number, number>> {
    const inYear = (month: SQLWrapper) =>
      sql`${month} >= ${`${year}-01-01`}::date and ${month} < ${`${year + 1}-01-01`}::date`;
    const rows =
      contractorId === null
        ? await db
            .select({
              month: sql<number>`extract(month from ${learningOrgMonthSeconds.month})::int`.mapWith(Number),
              seconds: sql<number>`${learningOrgMonthSeconds.seconds}`.mapWith(Number),
            })
            .from(learningOrgMonthSeconds)
            .where(and(eq(learningOrgMonthSeconds.organisationId, organisationId), inYear(learningOrgMonthSeconds.month)))
        : await db
            .select({
              month: sql<number>`extract(month from ${learningMonthSeconds.month})::int`.mapWith(Number),
              seconds: sql<number>`sum(${learningMonthSeconds.seconds})`.mapWith(Number),
            })
            .from(learningMonthSeconds)
            .where(
              and(
                eq(learningMonthSeconds.organisationId, organisationId),
                inYear(learningMonthSeconds.month),
                eq(learningMonthSeconds.contractorId, contractorId),
              ),
            )
            .groupBy(learningMonthSeconds.month);
    return new Map(rows.map((r) => [r.month, r.seconds]));
  },

  /**
   * The Employee Learning table's reads: a page of an organisation's live employees (or one
   * contractor's) by name, each with its seconds and completed modules (learning_employee_totals,
   * one row each) and its contractor's name, with how many modules the organisation offers, in
   * one statement (one round trip); how many employees a scope has; and the ids a search matches.
   *
   * A search (ILIKE '%text%' on the employee's name or its company's) is found through the
   * trigram indexes of pg_trgm (issue 63): users_employee_name_trgm_idx for the employees' names
   * (migration 0018), the contractors' (users_contractor_search_trgm_idx, 0032) for the
   * companies', then the employees of the companies found by users_contractor_name_live_idx; never
   * a read of every employee. A page of the matches is then read by their ids. Each shape is a
   * named statement (on PostgreSQL parsed and planned once per connection: planning a search cost
   * more than running it); the generic plan of a search still takes the trigram indexes, whatever
   * its text. An unsearched page is read along users_org_type_name_live_idx (or
   * users_contractor_name_live_idx), the first page of each size with its bounds written in
   * (db/first-pages.ts).
   */
  prepareEmployeeReads(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    // Written into the text, not sent as values: the partial indexes' conditions name these types.
    const EMPLOYEE = sql.raw(String(UserType.EMPLOYEE));
    const CONTRACTOR = sql.raw(String(UserType.CONTRACTOR));
    type Scope = { organisationId: SQLWrapper; contractorId: SQLWrapper | null };
    /** The rows (aliased) of the scope: its organisation, and its contractor when it is one's. */
    const inScope = (alias: string, scope: Scope) =>
      sql`${sql.raw(alias)}.organisation_id = ${scope.organisationId}${scope.contractorId === null ? sql`` : sql` and ${sql.raw(alias)}.contractor_id = ${scope.contractorId}`}`;
    /** The scope's live employees (aliased). */
    const live = (alias: string, scope: Scope) =>
      sql`${inScope(alias, scope)} and ${sql.raw(alias)}.type = ${EMPLOYEE} and ${sql.raw(alias)}.deleted_at is null`;
    /** The reply: the page's rows as JSON in name order, from `page` ((id, name, email, contractor_id) rows named e), and the modules. */
    const reply = (organisationId: SQLWrapper, page: SQLWrapper) => sql`select
      (select count(*)::int from ${learningDocuments} where ${and(
        eq(learningDocuments.organisationId, organisationId),
        ne(learningDocuments.topic, NOTICES_TOPIC),
        eq(learningDocuments.ready, true),
      )}) as modules,
      (select coalesce(json_agg(json_build_object(
        'id', e.id, 'name', e.name, 'email', e.email, 'contractorId', e.contractor_id,
        'contractorName', (select c.name from ${users} c where c.id = e.contractor_id),
        'seconds', coalesce(pr.seconds, 0), 'completed', coalesce(pr.completed, 0)) order by e.name, e.id), '[]'::json)
      from ${page}
      left join ${learningEmployeeTotals} pr on pr.user_id = e.id) as rows`;
    /** The unsearched page of a scope, along its name index. */
    const unsearched = (scope: Scope, bounds: PageBounds) =>
      reply(
        scope.organisationId,
        sql`(select u.id, u.name, u.email, u.contractor_id from ${users} u where ${live('u', scope)}
          order by u.name, u.id limit ${bounds.limit} offset ${bounds.offset}) e`,
      );
    /** How many employees a scope has. */
    const counted = (scope: Scope) => sql`select count(*)::int as n from ${users} u where ${live('u', scope)}`;
    /**
     * The ids of the scope's employees that a search matches, in name order: those whose name
     * holds the text, and those of the companies whose name holds it. Each text is first matched
     * alone through its trigram index (materialized, so that no plan reads the scope's every
     * employee by its organisation instead), then the scope's rows among them are kept.
     */
    const matched = (scope: Scope, pattern: SQLWrapper) =>
      sql`with named as materialized (
          select x.id, x.name, x.contractor_id, x.organisation_id from ${users} x
          where x.type = ${EMPLOYEE} and x.deleted_at is null and x.name ilike ${pattern}
        ), companies as materialized (
          select c.id from ${users} c where c.type = ${CONTRACTOR} and c.deleted_at is null and c.name ilike ${pattern}
        ), m as materialized (
          select x.id, x.name from named x where ${inScope('x', scope)}
          union
          select u.id, u.name from ${users} u where u.contractor_id in (select id from companies) and ${live('u', scope)}
        )
        select coalesce(array_agg(m.id order by m.name, m.id), '{}'::text[]) as ids from m`;
    /** The page of these employees of the scope (ids in name order; those no longer in it left out). */
    const byIds = (scope: Scope) =>
      reply(
        scope.organisationId,
        sql`(select u.id, u.name, u.email, u.contractor_id from unnest(${p('ids')}::text[]) as k(id)
          join ${users} u on u.id = k.id where ${live('u', scope)}) e`,
      );
    type Reply = { modules: number; rows: EmployeeLearningRow[] };
    const placeholders = (contractor: boolean): Scope => ({ organisationId: p('organisationId'), contractorId: contractor ? p('contractorId') : null });
    const scoped = <T>(make: (contractor: boolean) => T) => new Map(([false, true] as const).map((contractor) => [contractor, make(contractor)]));
    const suffix = (contractor: boolean) => (contractor ? '_contractor' : '');
    const pages = scoped((contractor) =>
      preparedPages(LEARNING_TABLE_PAGE_SIZES, (bounds, first) =>
        namedStatement<Reply>(`learning_employee_page${suffix(contractor)}${first}`, unsearched(placeholders(contractor), bounds)),
      ),
    );
    const matches = scoped((contractor) =>
      namedStatement<{ ids: string[] }>(`learning_employee_search${suffix(contractor)}`, matched(placeholders(contractor), p('pattern'))),
    );
    const pagesOfIds = scoped((contractor) => namedStatement<Reply>(`learning_employee_ids${suffix(contractor)}`, byIds(placeholders(contractor))));
    const counts = scoped((contractor) => namedStatement<{ n: number }>(`learning_employee_count${suffix(contractor)}`, counted(placeholders(contractor))));
    const statementOf = <T>(map: Map<boolean, T>, contractorId: string | null): T => {
      const statement = map.get(contractorId !== null);
      if (!statement) throw new Error('no statement for the scope');
      return statement;
    };
    const page = (rows: Reply[]) => ({ rows: rows[0]?.rows ?? [], modules: rows[0]?.modules ?? 0 });
    return {
      /** A page of the scope's employees by name (the organisation's, or one contractor's). */
      async page(q: { organisationId: string; contractorId: string | null; limit: number; offset: number }) {
        return page(await statementOf(pages, q.contractorId)(q.limit, q.offset)(db, q));
      },
      /** How many employees the scope has (an index-only count along its name index). */
      async count(q: { organisationId: string; contractorId: string | null }): Promise<number> {
        return (await statementOf(counts, q.contractorId)(db, q))[0]?.n ?? 0;
      },
      /** The ids of the scope's employees whose name or company's name holds `search` (ILIKE '%text%'), in name order. */
      async searchIds(q: { organisationId: string; contractorId: string | null; search: string }): Promise<string[]> {
        const rows = await statementOf(matches, q.contractorId)(db, { ...q, pattern: containsPattern(q.search) });
        return rows[0]?.ids ?? [];
      },
      /** These employees of the scope, in this order (ids no longer in it are left out). */
      async pageOf(q: { organisationId: string; contractorId: string | null; ids: readonly string[] }) {
        return page(await statementOf(pagesOfIds, q.contractorId)(db, { ...q, ids: [...q.ids] }));
      },
      /** The search's statement as it is prepared, its values placeholders (tests: its generic plan). */
      searchStatement: (contractor: boolean) => matched(placeholders(contractor), p('pattern')),
    };
  },
};
