import { and, asc, count, eq, inArray, isNull, ne, not, sql, type SQL } from 'drizzle-orm';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { UserType } from '@palisade/domain/user-types';
import type { ContractorStatus } from '@palisade/domain/users/contractor-search.schema';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { organisations, userOrganisations, users } from '../../db/schema';
import type { UserRow } from '../auth/auth.repository';

/**
 * The PostgreSQL channel that tells every instance whose memberships changed (payload: the user
 * id): a shared account disabled, enabled or unlinked by one organisation. Open realtime sockets
 * of that user re-read their organisations (realtime/hub.ts).
 */
export const MEMBERSHIP_CHANNEL = 'memberships';

/** A contractor company or an auditor with its assoc_companies. */
export interface AccountWithOrgs {
  user: UserRow;
  assoc: string[];
  /** Those of assoc that disabled the account for themselves only (user_organisations.disabled_at). */
  disabledIn: string[];
}

/** The columns an organisation may set on a contractor or auditor account. */
export interface AccountValues {
  name: string;
  email: string;
  contactPersonName: string;
  location: string | null;
  code: string | null;
  /** E.164. */
  phone: string | null;
}

/** The fields whose value must be unique among one organisation's accounts of one kind. */
export type OrganisationUniqueField = 'name' | 'code' | 'phone';

const assocOf = sql<string[]>`coalesce((select array_agg(uo.organisation_id order by uo.created_at, uo.organisation_id) from ${userOrganisations} uo where uo.user_id = ${users.id}), '{}')`;
const disabledInOf = sql<string[]>`coalesce((select array_agg(uo.organisation_id order by uo.organisation_id) from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.disabled_at is not null), '{}')`;

/** Live accounts of one kind linked to one organisation. */
function inOrganisation(organisationId: string, type: number): SQL | undefined {
  return and(
    eq(users.type, type),
    isNull(users.deletedAt),
    sql`exists (select 1 from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.organisation_id = ${organisationId})`,
  );
}

/** What a contractor search keeps to (contractor-search.service). */
export interface ContractorFilter {
  organisationId: string;
  /**
   * The organisations the reader works for: a contractor is active to it when the account is on
   * and one of them has not disabled it for itself only (users.presenter's activeFor).
   */
  readerOrganisationIds: readonly string[];
  /** Anywhere in the name, e-mail, location or contact person, any case; '' = any. */
  search: string;
  /** Exactly; '' = any. */
  location: string;
  status?: ContractorStatus | undefined;
  /** Only these. */
  ids?: readonly string[] | undefined;
}

/**
 * The organisation's live contractors that match. The search's four ILIKEs are what the trigram
 * index users_contractor_search_trgm_idx serves (migration 0032) when the text is rare; a common
 * one is cheaper checked on the organisation's contractors, and the planner does so.
 */
export function contractorsWhere(f: ContractorFilter): SQL | undefined {
  const pattern = f.search === '' ? null : containsPattern(f.search);
  const activeForReader = sql`(${users.isActive} and exists (select 1 from ${userOrganisations} uo
    where uo.user_id = ${users.id} and ${inArray(sql`uo.organisation_id`, [...f.readerOrganisationIds])} and uo.disabled_at is null))`;
  return and(
    inOrganisation(f.organisationId, UserType.CONTRACTOR),
    pattern === null
      ? undefined
      : sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.location} ilike ${pattern} or ${users.contactPersonName} ilike ${pattern})`,
    f.location === '' ? undefined : eq(users.location, f.location),
    f.status === undefined ? undefined : f.status === 'active' ? activeForReader : not(activeForReader),
    f.ids === undefined ? undefined : inArray(users.id, [...f.ids]),
  );
}

/** The contractor search's order: by name in any case, then id (a stable order across pages). */
const contractorOrder = [asc(sql`lower(${users.name})`), asc(users.id)];

function columnOf(field: OrganisationUniqueField): SQL {
  switch (field) {
    case 'name':
      return sql`lower(${users.name})`;
    case 'code':
      return sql`lower(${users.code})`;
    case 'phone':
      return sql`${users.phone}`;
  }
}

/** The only place that reads and writes contractor and auditor accounts for the admin area. */
export const accountsRepository = {
  async findWithOrgs(db: DbOrTx, id: string): Promise<AccountWithOrgs | undefined> {
    const rows = await db.select({ user: users, assoc: assocOf, disabledIn: disabledInOf }).from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },

  /** Any account with that email, of any kind and organisation, deleted ones included. */
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return rows[0];
  },

  /** The account with this email when it is of the organisation or serves it; undefined otherwise. */
  async findByEmailInOrganisation(db: DbOrTx, email: string, organisationId: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.email, email.toLowerCase()),
          sql`(${users.organisationId} = ${organisationId} or exists (select 1 from ${userOrganisations} uo
            where uo.user_id = ${users.id} and uo.organisation_id = ${organisationId}))`,
        ),
      )
      .limit(1);
    return rows[0];
  },

  /** Which of these (lower-case) emails any account holds. */
  async emailsTaken(db: DbOrTx, emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, [...emails]));
    return new Set(rows.map((r) => r.email));
  },

  /** True when a live account of that kind in the organisation has the value (case-insensitive for name and code). */
  async isTaken(
    db: DbOrTx,
    q: { organisationId: string; type: number; field: OrganisationUniqueField; value: string; excludeId?: string | undefined },
  ): Promise<boolean> {
    const value = q.field === 'phone' ? q.value : q.value.toLowerCase();
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inOrganisation(q.organisationId, q.type), sql`${columnOf(q.field)} = ${value}`, q.excludeId ? ne(users.id, q.excludeId) : undefined))
      .limit(1);
    return rows.length > 0;
  },

  /** Which of these names (lower-case) live accounts of that kind in the organisation hold. */
  async namesTaken(db: DbOrTx, organisationId: string, type: number, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const lowered = names.map((n) => n.toLowerCase());
    const rows = await db
      .select({ name: sql<string>`lower(${users.name})` })
      .from(users)
      .where(and(inOrganisation(organisationId, type), inArray(sql`lower(${users.name})`, lowered)));
    return new Set(rows.map((r) => r.name));
  },

  /** The live accounts of one kind in an organisation, by name. */
  async listInOrganisation(db: DbOrTx, organisationId: string, type: number): Promise<AccountWithOrgs[]> {
    return db
      .select({ user: users, assoc: assocOf, disabledIn: disabledInOf })
      .from(users)
      .where(inOrganisation(organisationId, type))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  },

  /**
   * One page of the organisation's contractors that match, with the count of all that match, in
   * one statement: the page's ids and count(*) over () first, then the page's accounts with their
   * organisations (read for the page's rows only). A page past the end has no row to carry the
   * count: it is counted apart.
   */
  async searchContractors(db: DbOrTx, f: ContractorFilter, page: { limit: number; offset: number }): Promise<{ rows: AccountWithOrgs[]; total: number }> {
    const where = contractorsWhere(f);
    const matched = db
      .select({ id: users.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(users)
      .where(where)
      .orderBy(...contractorOrder)
      .limit(page.limit)
      .offset(page.offset)
      .as('matched');
    const rows = await db
      .select({ user: users, assoc: assocOf, disabledIn: disabledInOf, total: matched.total })
      .from(matched)
      .innerJoin(users, eq(users.id, matched.id))
      .orderBy(...contractorOrder);
    const first = rows[0];
    if (first) return { rows: rows.map(({ user, assoc, disabledIn }) => ({ user, assoc, disabledIn })), total: Number(first.total) };
    if (page.offset === 0) return { rows: [], total: 0 };
    const totals = await db.select({ n: count() }).from(users).where(where);
    return { rows: [], total: totals[0]?.n ?? 0 };
  },

  /** The ids of every contractor of the organisation that matches, in the search's order. */
  async contractorIds(db: DbOrTx, f: ContractorFilter): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(contractorsWhere(f))
      .orderBy(...contractorOrder);
    return rows.map((r) => r.id);
  },

  /** The organisation's live contractors' distinct non-empty locations, with their count, by location (any case). */
  async contractorLocations(db: DbOrTx, organisationId: string): Promise<{ location: string; count: number }[]> {
    const location = sql<string>`${users.location}`;
    return db
      .select({ location, count: count() })
      .from(users)
      .where(and(inOrganisation(organisationId, UserType.CONTRACTOR), sql`${users.location} <> ''`))
      .groupBy(users.location)
      .orderBy(asc(sql`lower(${users.location})`), asc(users.location));
  },

  /** New accounts (no password yet), each linked to the organisation. */
  async insertAccounts(
    db: DbOrTx,
    rows: readonly (AccountValues & { id: string; type: number })[],
    organisationId: string,
  ): Promise<UserRow[]> {
    if (rows.length === 0) return [];
    const created = await db
      .insert(users)
      .values(rows.map((r) => ({ ...r, passwordHash: null, organisationId: null, isActive: true })))
      .returning();
    await db.insert(userOrganisations).values(rows.map((r) => ({ userId: r.id, organisationId })));
    return created;
  },

  async update(db: DbOrTx, id: string, values: Partial<AccountValues>, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ ...values, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  async setActive(db: DbOrTx, id: string, isActive: boolean, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  /** Soft delete: the row stays (history refers to it; the email stays reserved). */
  async softDelete(db: DbOrTx, id: string, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  /** Ends the link between an account and one organisation (the account serves others). */
  async unlink(db: DbOrTx, userId: string, organisationId: string): Promise<void> {
    await db
      .delete(userOrganisations)
      .where(and(eq(userOrganisations.userId, userId), eq(userOrganisations.organisationId, organisationId)));
  },

  /** Tells every instance (after the commit) that the user's memberships changed. */
  async notifyMembershipChanged(db: DbOrTx, userId: string): Promise<void> {
    await db.execute(sql`select pg_notify(${MEMBERSHIP_CHANNEL}, ${userId})`);
  },

  /**
   * Disables or enables the account for one organisation only; the account stays as it is
   * elsewhere (disabled at `now`). False when the account does not serve the organisation.
   */
  async setMembershipDisabled(db: DbOrTx, userId: string, organisationId: string, disabled: boolean, now: Date): Promise<boolean> {
    const rows = await db
      .update(userOrganisations)
      .set({ disabledAt: disabled ? now : null })
      .where(and(eq(userOrganisations.userId, userId), eq(userOrganisations.organisationId, organisationId)))
      .returning({ userId: userOrganisations.userId });
    return rows.length > 0;
  },

  async setProfileImage(db: DbOrTx, id: string, image: FileRecord, now: Date): Promise<UserRow | undefined> {
    const rows = await db.update(users).set({ profileImage: image, updatedAt: now }).where(eq(users.id, id)).returning();
    return rows[0];
  },

  async organisationName(db: DbOrTx, id: string): Promise<string | undefined> {
    const rows = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id)).limit(1);
    return rows[0]?.name;
  },
};
