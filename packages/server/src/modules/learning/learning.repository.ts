import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { NOTICES_TOPIC } from '@palisade/domain/constants';
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
   * An organisation's employees (or one contractor's): every one's id, name and company's name, by name
   * (EmployeeDirectory: what the table pages and a search matches), and a page of given ids. Each page
   * comes with its rows' seconds and completed modules (learning_employee_totals, one row each),
   * their contractor's name, and how many modules the organisation offers: one statement (one
   * round trip) each.
   *
   * Each shape is prepared once as a statement of this database: on PostgreSQL parsed and planned
   * once per connection, where planning cost about as much as running it (issue 21).
   */
  prepareEmployeeReads(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const live = (contractor: boolean) =>
      and(
        eq(users.organisationId, p('organisationId')),
        eq(users.type, UserType.EMPLOYEE),
        isNull(users.deletedAt),
        contractor ? eq(users.contractorId, p('contractorId')) : undefined,
      );
    /** The page's rows as JSON in `order`, from `page`: (id, name, email, contractor_id) rows named e. */
    const reply = (page: SQLWrapper, order: SQLWrapper) => sql`select
      (select count(*)::int from ${learningDocuments} where ${and(
        eq(learningDocuments.organisationId, p('organisationId')),
        ne(learningDocuments.topic, NOTICES_TOPIC),
        eq(learningDocuments.ready, true),
      )}) as modules,
      (select coalesce(json_agg(json_build_object(
        'id', e.id, 'name', e.name, 'email', e.email, 'contractorId', e.contractor_id,
        'contractorName', (select c.name from ${users} c where c.id = e.contractor_id),
        'seconds', coalesce(pr.seconds, 0), 'completed', coalesce(pr.completed, 0)) order by ${order}), '[]'::json)
      from ${page}
      left join ${learningEmployeeTotals} pr on pr.user_id = e.id) as rows`;
    type Reply = { modules: number; rows: EmployeeLearningRow[] };
    const scoped = <T>(make: (contractor: boolean) => T) => ({ all: make(false), contractor: make(true) });
    const suffix = (contractor: boolean) => (contractor ? '_contractor' : '');
    // Given ids, in their order; only those still employees of the scope.
    const byIds = scoped((contractor) =>
      namedStatement<Reply>(
        `learning_employee_ids${suffix(contractor)}`,
        reply(
          sql`(select ${users.id}, ${users.name}, ${users.email}, ${users.contractorId}, k.n
            from unnest(${p('ids')}::text[]) with ordinality as k(id, n) join ${users} on ${users.id} = k.id where ${live(contractor)}) e`,
          sql`e.n`,
        ),
      ),
    );
    const directory = scoped((contractor) =>
      namedStatement<{ id: string; name: string; company: string | null }>(
        `learning_employee_directory${suffix(contractor)}`,
        sql`select ${users.id}, ${users.name}, (select c.name from ${users} c where c.id = ${users.contractorId}) as company
          from ${users} where ${live(contractor)} order by ${users.name}, ${users.id}`,
      ),
    );
    const scopeOf = (contractorId: string | null) => (contractorId === null ? 'all' : 'contractor');
    const page = (rows: Reply[]) => ({ rows: rows[0]?.rows ?? [], modules: rows[0]?.modules ?? 0 });
    return {
      /** These employees of the scope, in this order (ids no longer in it are left out). */
      async pageOf(q: { organisationId: string; contractorId: string | null; ids: readonly string[] }) {
        return page(await byIds[scopeOf(q.contractorId)](db, q));
      },
      /** Every employee of the scope: id and name, by name. */
      async directory(q: { organisationId: string; contractorId: string | null }): Promise<{ id: string; name: string }[]> {
        return directory[scopeOf(q.contractorId)](db, q);
      },
    };
  },
};
