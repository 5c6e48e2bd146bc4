import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../auth/auth.repository';
import { containsPattern } from '../../db/like';

/** The columns a contractor sets on its employee. */
export interface EmployeeValues {
  name: string;
  email: string;
  /** E.164. */
  phone: string | null;
  code: string | null;
}

/** A new employee row: its own id, its contractor and the organisation it works for. */
export interface NewEmployee extends EmployeeValues {
  id: string;
  contractorId: string;
  organisationId: string;
}

/** Live employees of one contractor in one organisation (users_contractor_idx). */
function ofContractor(contractorId: string, organisationId: string): SQL | undefined {
  return and(
    eq(users.contractorId, contractorId),
    eq(users.type, UserType.EMPLOYEE),
    eq(users.organisationId, organisationId),
    isNull(users.deletedAt),
  );
}

/** The only place that reads and writes a contractor's employees (users of type 5). */
export const employeesRepository = {
  async find(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },

  /**
   * One page of a contractor's employees in an organisation, by name; the search matches name,
   * e-mail, phone and code anywhere, in any case. With the count of all that match.
   */
  async page(
    db: DbOrTx,
    q: {
      contractorId: string;
      organisationId: string;
      search: string;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: UserRow[]; total: number }> {
    const pattern = q.search === '' ? null : containsPattern(q.search.toLowerCase());
    const where = and(
      ofContractor(q.contractorId, q.organisationId),
      pattern === null
        ? undefined
        : sql`(lower(${users.name}) like ${pattern} or ${users.email} like ${pattern} or coalesce(${users.phone}, '') like ${pattern} or lower(coalesce(${users.code}, '')) like ${pattern})`,
    );
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(q.limit)
      .offset(q.offset);
    const totals = await db.select({ n: count() }).from(users).where(where);
    return { rows, total: totals[0]?.n ?? 0 };
  },

  /** Which of these codes (lower-case) the contractor's live employees hold, in any organisation. */
  async codesTaken(
    db: DbOrTx,
    contractorId: string,
    codes: readonly string[],
    excludeId?: string,
  ): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await db
      .select({ code: sql<string>`lower(${users.code})` })
      .from(users)
      .where(
        and(
          eq(users.contractorId, contractorId),
          eq(users.type, UserType.EMPLOYEE),
          isNull(users.deletedAt),
          inArray(
            sql`lower(${users.code})`,
            codes.map((c) => c.toLowerCase()),
          ),
          excludeId ? ne(users.id, excludeId) : undefined,
        ),
      );
    return new Set(rows.map((r) => r.code));
  },

  /** New employees, active, without a password until their invitation is used. */
  async insert(db: DbOrTx, rows: readonly NewEmployee[]): Promise<UserRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(users)
      .values(
        rows.map((r) => ({ ...r, type: UserType.EMPLOYEE, passwordHash: null, isActive: true })),
      )
      .returning();
  },

  async update(
    db: DbOrTx,
    id: string,
    values: Partial<EmployeeValues>,
    now: Date,
  ): Promise<UserRow | undefined> {
    const rows = await db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  },

  async setActive(db: DbOrTx, id: string, isActive: boolean, now: Date): Promise<UserRow | undefined> {
    const rows = await db
      .update(users)
      .set({ isActive, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return rows[0];
  },
};
