import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ComplianceDocumentState, ComplianceStatus } from '@palisade/domain/compliance/compliance.rules';
import { DEFAULT_TIME_ZONE } from '@palisade/domain/organisations/time-zone';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import { storedZoneSql } from '../organisations/time-zone.repository';
import { containsPattern } from '../../db/like';
import { complianceCurrent, complianceDocuments, complianceRequirements, complianceVersions, organisations, userOrganisations, users } from '../../db/schema';

export type RequirementRow = typeof complianceRequirements.$inferSelect;
export type RequirementValues = Omit<typeof complianceRequirements.$inferInsert, 'id' | 'organisationId' | 'createdBy' | 'version' | 'retiredAt' | 'createdAt' | 'updatedAt'>;
export type DocumentRow = typeof complianceDocuments.$inferSelect;
export type DocumentValues = typeof complianceDocuments.$inferInsert;

/** A contractor of an organisation as the compliance screens name it. */
export interface ContractorRef {
  id: string;
  name: string;
  location: string;
}

/** What the matrix, its export, the summary and the overall states keep to. */
export interface MatrixFilter {
  organisationId: string;
  /** The UTC day the statuses are read on (YYYY-MM-DD). */
  today: string;
  /** Company name contains, any case; '' = any. */
  search: string;
  /** The contractor's location, any case and spaces around; '' = any. */
  location: string;
  /** Only these contractors. */
  contractorIds?: readonly string[];
}

/** Rows that have a cell of this status (within requirementId when given), or to whom requirementId applies. */
export interface RowFilter {
  status?: ComplianceStatus | undefined;
  requirementId?: string | undefined;
}

/** One cell of the matrix as the database reads it (the status computed from the dates in SQL). */
export interface CellRow {
  contractorId: string;
  requirementId: string;
  status: ComplianceStatus;
  documentId: string | null;
  expiryDate: string | null;
}

/** Cells of one contractor, mandatory or not, of one status: what the counts and overall states are made of. */
export interface TallyRow {
  contractorId: string;
  mandatory: boolean | null;
  status: ComplianceStatus | null;
  n: number;
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** A live contractor of the organisation (the organisation has not disabled it for itself). */
const linkedTo = (organisationId: string, userId: SQL | string) =>
  sql`exists (select 1 from ${userOrganisations} uo where uo.user_id = ${userId} and uo.organisation_id = ${organisationId} and uo.disabled_at is null)`;

/**
 * The cells of the matching contractors × the organisation's live requirements that apply to
 * them, each with its status on `today` (the SQL of complianceStatus in the domain: the routes'
 * tests walk both across the boundary days): the CTEs `c` (contractors) and `cells`.
 */
function cellsCte(f: MatrixFilter): SQL {
  const pattern = f.search === '' ? null : containsPattern(f.search);
  return sql`with c as (
      select u.id, u.name, coalesce(u.location, '') as location from ${users} u
      where u.type = ${UserType.CONTRACTOR} and u.deleted_at is null and ${linkedTo(f.organisationId, sql`u.id`)}
      ${pattern === null ? sql`` : sql`and u.name ilike ${pattern}`}
      ${f.location === '' ? sql`` : sql`and lower(trim(coalesce(u.location, ''))) = lower(trim(${f.location}))`}
      ${f.contractorIds === undefined ? sql`` : f.contractorIds.length === 0 ? sql`and false` : sql`and u.id in (${list(f.contractorIds)})`}
    ),
    r as materialized (
      select id, scope, contractor_ids, array(select lower(l) from unnest(locations) l) as locations, expires, mandatory,
        coalesce((select max(d) from unnest(reminder_days) d), 0) as win
      from ${complianceRequirements} where organisation_id = ${f.organisationId} and retired_at is null
    ),
    cells as (
      select c.id as cid, r.id as rid, r.mandatory, cc.document_id, cc.expiry_date::text as expiry_date,
        case
          when cc.state is null then 'MISSING'
          when cc.state = 'SUBMITTED' then 'SUBMITTED'
          when cc.state = 'REJECTED' then 'REJECTED'
          when not r.expires or cc.expiry_date is null then 'VALID'
          when cc.expiry_date < ${f.today}::date then 'EXPIRED'
          when cc.expiry_date - ${f.today}::date <= r.win then 'EXPIRING'
          else 'VALID'
        end as status
      from c cross join r
      left join ${complianceCurrent} cc on cc.organisation_id = ${f.organisationId} and cc.requirement_id = r.id and cc.contractor_id = c.id
      where r.scope = 'ALL'
        or (r.scope = 'COMPANIES' and c.id = any(r.contractor_ids))
        or (r.scope = 'LOCATIONS' and lower(trim(c.location)) = any(r.locations))
    )`;
}

function rowCondition(rf: RowFilter): SQL {
  if (rf.status !== undefined)
    return sql`c.id in (select cid from cells where status = ${rf.status}${rf.requirementId === undefined ? sql`` : sql` and rid = ${rf.requirementId}`})`;
  if (rf.requirementId !== undefined) return sql`c.id in (select cid from cells where rid = ${rf.requirementId})`;
  return sql`true`;
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as { rows?: T[] }).rows ?? []);
}

/** The only place that reads and writes the compliance tables (but the reminder sweep's marks). */
export const complianceRepository = {
  // ------------------------------------------------------------ requirements

  async insertRequirement(tx: DbOrTx, values: typeof complianceRequirements.$inferInsert): Promise<RequirementRow | undefined> {
    const [row] = await tx.insert(complianceRequirements).values(values).onConflictDoNothing({ target: complianceRequirements.id }).returning();
    return row;
  },

  async findRequirement(db: DbOrTx, id: string): Promise<RequirementRow | undefined> {
    const [row] = await db.select().from(complianceRequirements).where(eq(complianceRequirements.id, id)).limit(1);
    return row;
  },

  async countLive(db: DbOrTx, organisationId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(complianceRequirements)
      .where(and(eq(complianceRequirements.organisationId, organisationId), isNull(complianceRequirements.retiredAt)));
    return row?.n ?? 0;
  },

  /** Whether a live requirement of the organisation has this name (any case), other than `exceptId`. */
  async nameTaken(db: DbOrTx, organisationId: string, name: string, exceptId: string | null): Promise<boolean> {
    const rows = await db
      .select({ id: complianceRequirements.id })
      .from(complianceRequirements)
      .where(
        and(
          eq(complianceRequirements.organisationId, organisationId),
          isNull(complianceRequirements.retiredAt),
          sql`lower(${complianceRequirements.name}) = lower(${name})`,
          exceptId === null ? undefined : ne(complianceRequirements.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** An edit based on `version`: the row, or undefined when the version is stale. */
  async updateRequirement(tx: DbOrTx, id: string, version: number, values: RequirementValues, now: Date): Promise<RequirementRow | undefined> {
    const [row] = await tx
      .update(complianceRequirements)
      .set({ ...values, version: sql`${complianceRequirements.version} + 1`, updatedAt: now })
      .where(and(eq(complianceRequirements.id, id), eq(complianceRequirements.version, version), isNull(complianceRequirements.retiredAt)))
      .returning();
    return row;
  },

  async retireRequirement(tx: DbOrTx, id: string, version: number, now: Date): Promise<RequirementRow | undefined> {
    const [row] = await tx
      .update(complianceRequirements)
      .set({ retiredAt: now, version: sql`${complianceRequirements.version} + 1`, updatedAt: now })
      .where(and(eq(complianceRequirements.id, id), eq(complianceRequirements.version, version), isNull(complianceRequirements.retiredAt)))
      .returning();
    return row;
  },

  /** The organisation's requirements: live ones first, each group by name. */
  async listRequirements(db: DbOrTx, organisationId: string, includeRetired: boolean): Promise<RequirementRow[]> {
    return db
      .select()
      .from(complianceRequirements)
      .where(and(eq(complianceRequirements.organisationId, organisationId), includeRetired ? undefined : isNull(complianceRequirements.retiredAt)))
      .orderBy(sql`${complianceRequirements.retiredAt} is not null`, asc(sql`lower(${complianceRequirements.name})`), asc(complianceRequirements.id));
  },

  /** How many of these ids are live contractors of the organisation. */
  async countContractors(db: DbOrTx, organisationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(inArray(users.id, [...ids]), eq(users.type, UserType.CONTRACTOR), isNull(users.deletedAt), linkedTo(organisationId, sql`${users.id}`)));
    return row?.n ?? 0;
  },

  /** A contractor linked to the organisation (a disabled link too: its history stays readable), or undefined. */
  async contractorOf(db: DbOrTx, organisationId: string, contractorId: string): Promise<ContractorRef | undefined> {
    const [row] = await db
      .select({ id: users.id, name: users.name, location: sql<string>`coalesce(${users.location}, '')` })
      .from(users)
      .where(
        and(
          eq(users.id, contractorId),
          eq(users.type, UserType.CONTRACTOR),
          isNull(users.deletedAt),
          sql`exists (select 1 from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.organisation_id = ${organisationId})`,
        ),
      )
      .limit(1);
    return row;
  },

  // ------------------------------------------------------------ documents

  async insertDocument(tx: DbOrTx, values: DocumentValues): Promise<DocumentRow | undefined> {
    const [row] = await tx.insert(complianceDocuments).values(values).onConflictDoNothing({ target: complianceDocuments.id }).returning();
    return row;
  },

  async findDocument(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
    const [row] = await db.select().from(complianceDocuments).where(eq(complianceDocuments.id, id)).limit(1);
    return row;
  },

  /** The newest version's upload time of a requirement and contractor, or null. */
  async newestUploadAt(tx: DbOrTx, requirementId: string, contractorId: string): Promise<Date | null> {
    const [row] = await tx
      .select({ at: complianceDocuments.createdAt })
      .from(complianceDocuments)
      .where(and(eq(complianceDocuments.contractorId, contractorId), eq(complianceDocuments.requirementId, requirementId)))
      .orderBy(desc(complianceDocuments.createdAt), desc(complianceDocuments.id))
      .limit(1);
    return row?.at ?? null;
  },

  /** Makes this version the requirement's newest for the contractor (compliance_current). */
  async setCurrent(tx: DbOrTx, doc: DocumentRow, now: Date): Promise<void> {
    const values = { documentId: doc.id, state: doc.state, expiryDate: doc.expiryDate, updatedAt: now };
    await tx
      .insert(complianceCurrent)
      .values({ requirementId: doc.requirementId, contractorId: doc.contractorId, organisationId: doc.organisationId, ...values })
      .onConflictDoUpdate({ target: [complianceCurrent.requirementId, complianceCurrent.contractorId], set: values });
  },

  /** The id of the newest version of a requirement for a contractor, or null. */
  async currentDocumentId(db: DbOrTx, requirementId: string, contractorId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: complianceCurrent.documentId })
      .from(complianceCurrent)
      .where(and(eq(complianceCurrent.requirementId, requirementId), eq(complianceCurrent.contractorId, contractorId)))
      .limit(1);
    return row?.id ?? null;
  },

  /** A contractor's versions for a requirement, newest first. */
  async history(db: DbOrTx, requirementId: string, contractorId: string): Promise<DocumentRow[]> {
    return db
      .select()
      .from(complianceDocuments)
      .where(and(eq(complianceDocuments.contractorId, contractorId), eq(complianceDocuments.requirementId, requirementId)))
      .orderBy(desc(complianceDocuments.createdAt), desc(complianceDocuments.id));
  },

  /**
   * Judges a SUBMITTED version that is still the newest, and its cell; undefined (nothing
   * written) when it is judged already or no longer the newest.
   */
  async review(
    tx: DbOrTx,
    documentId: string,
    judgement: { state: ComplianceDocumentState; reviewedBy: string; reviewerName: string; reviewerType: number; remark: string },
    now: Date,
  ): Promise<DocumentRow | undefined> {
    const [row] = await tx
      .update(complianceDocuments)
      .set({ ...judgement, reviewedAt: now })
      .where(and(eq(complianceDocuments.id, documentId), eq(complianceDocuments.state, 'SUBMITTED')))
      .returning();
    if (!row) return undefined;
    const current = await tx
      .update(complianceCurrent)
      .set({ state: judgement.state, updatedAt: now })
      .where(eq(complianceCurrent.documentId, documentId))
      .returning({ id: complianceCurrent.documentId });
    return current.length > 0 ? row : undefined;
  },

  /** The organisation's live requirements that apply to the contractor, each with its newest version (or null). */
  async requirementsOf(db: DbOrTx, organisationId: string, contractor: ContractorRef): Promise<{ requirement: RequirementRow; latest: DocumentRow | null }[]> {
    const location = contractor.location.trim().toLowerCase();
    const rows = await db
      .select({ requirement: complianceRequirements, latest: complianceDocuments })
      .from(complianceRequirements)
      .leftJoin(
        complianceCurrent,
        and(eq(complianceCurrent.requirementId, complianceRequirements.id), eq(complianceCurrent.contractorId, contractor.id)),
      )
      .leftJoin(complianceDocuments, eq(complianceDocuments.id, complianceCurrent.documentId))
      .where(
        and(
          eq(complianceRequirements.organisationId, organisationId),
          isNull(complianceRequirements.retiredAt),
          sql`(${complianceRequirements.scope} = 'ALL'
            or (${complianceRequirements.scope} = 'COMPANIES' and ${contractor.id} = any(${complianceRequirements.contractorIds}))
            or (${complianceRequirements.scope} = 'LOCATIONS' and exists (select 1 from unnest(${complianceRequirements.locations}) l where lower(l) = ${location})))`,
        ),
      )
      .orderBy(asc(sql`lower(${complianceRequirements.name})`), asc(complianceRequirements.id));
    return rows;
  },

  /** What a document's notifications tell: the version, its requirement and its contractor. */
  async documentFacts(db: DbOrTx, documentId: string) {
    const [row] = await db
      .select({ document: complianceDocuments, requirement: complianceRequirements, contractorName: users.name })
      .from(complianceDocuments)
      .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceDocuments.requirementId))
      .innerJoin(users, eq(users.id, complianceDocuments.contractorId))
      .where(eq(complianceDocuments.id, documentId))
      .limit(1);
    return row;
  },

  // ------------------------------------------------------------ the matrix

  /** The organisation's compliance version (migration 0037's triggers bump it); 0 before its first write. */
  /** The organisation's compliance version and time zone (issue 60), by its key, in one statement. */
  async complianceVersion(db: DbOrTx, organisationId: string): Promise<{ version: number; timeZone: string }> {
    const [row] = await db
      .select({ version: sql<number>`coalesce(${complianceVersions.version}, 0)`.mapWith(Number), timeZone: storedZoneSql })
      .from(organisations)
      .leftJoin(complianceVersions, eq(complianceVersions.organisationId, organisations.id))
      .where(eq(organisations.id, organisationId));
    return row ?? { version: 0, timeZone: DEFAULT_TIME_ZONE };
  },

  /** One page of the matching contractors by name (any case), with how many match, in one statement. */
  async matrixPage(db: DbOrTx, f: MatrixFilter, rf: RowFilter, page: { limit: number; offset: number } | null): Promise<{ rows: ContractorRef[]; total: number }> {
    const rows = await rowsOf<{ id: string; name: string; location: string; total: number }>(
      db,
      sql`${cellsCte(f)}
        select c.id, c.name, c.location, (count(*) over ())::int as total from c
        where ${rowCondition(rf)}
        order by lower(c.name), c.id
        ${page === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
    );
    const first = rows[0];
    if (first || page === null || page.offset === 0) return { rows: rows.map(({ id, name, location }) => ({ id, name, location })), total: Number(first?.total ?? 0) };
    const [counted] = await rowsOf<{ n: number }>(db, sql`${cellsCte(f)} select count(*)::int as n from c where ${rowCondition(rf)}`);
    return { rows: [], total: Number(counted?.n ?? 0) };
  },

  /** The cells of these contractors (those that apply). */
  async cellsOf(db: DbOrTx, f: MatrixFilter, contractorIds: readonly string[]): Promise<CellRow[]> {
    if (contractorIds.length === 0) return [];
    const rows = await rowsOf<{ cid: string; rid: string; status: ComplianceStatus; document_id: string | null; expiry_date: string | null }>(
      db,
      sql`${cellsCte({ ...f, contractorIds })} select cid, rid, status, document_id, expiry_date from cells`,
    );
    return rows.map((r) => ({ contractorId: r.cid, requirementId: r.rid, status: r.status, documentId: r.document_id, expiryDate: r.expiry_date }));
  },

  /** Cells per status over every matching contractor. */
  async statusCounts(db: DbOrTx, f: MatrixFilter): Promise<{ status: ComplianceStatus; n: number }[]> {
    const rows = await rowsOf<{ status: ComplianceStatus; n: number }>(db, sql`${cellsCte(f)} select status, count(*)::int as n from cells group by status`);
    return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
  },

  /** Cells per contractor, mandatory and status (a contractor without cells: one row of nulls). */
  async tally(db: DbOrTx, f: MatrixFilter): Promise<TallyRow[]> {
    const rows = await rowsOf<{ cid: string; mandatory: boolean | null; status: ComplianceStatus | null; n: number }>(
      db,
      sql`${cellsCte(f)}
        select c.id as cid, x.mandatory, x.status, count(x.status)::int as n
        from c left join cells x on x.cid = c.id group by c.id, x.mandatory, x.status`,
    );
    return rows.map((r) => ({ contractorId: r.cid, mandatory: r.mandatory, status: r.status, n: Number(r.n) }));
  },
};
