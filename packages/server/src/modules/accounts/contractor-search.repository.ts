import { sql, type SQL } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import type { ContractorPickerItem } from '@palisade/domain/users/contractor-search.schema';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { namedStatement } from '../../db/named-statement';
import { userOrganisations, users } from '../../db/schema';
import type { ContractorFilter } from './accounts.repository';

const p = (name: string) => sql.placeholder(name);
// Written into the text, not sent as a value: a constant of every plan.
const CONTRACTOR = sql.raw(String(UserType.CONTRACTOR));

/** Which of the filter's parts a search uses: each combination is a statement of its own. */
interface Shape {
  search: boolean;
  location: boolean;
  status: 'active' | 'inactive' | null;
  ids: boolean;
}

/** The contractor (aliased u) serves one of the reader's organisations that has not disabled it for itself only. */
const activeForReader = sql`(u.is_active and exists (select 1 from ${userOrganisations} uo
  where uo.user_id = u.id and uo.organisation_id = any(${p('readers')}::text[]) and uo.disabled_at is null))`;

/**
 * The picker's page (pickerPage) for one shape of filter. The matches are the full search's
 * (accounts.repository contractorsWhere, the same conditions on the same columns; the route tests
 * compare the two shapes' pages), read from the organisation's memberships, five columns each.
 */
function pickerSql(shape: Shape): SQL {
  const conditions: SQL[] = [sql`o.organisation_id = ${p('organisationId')}`, sql`u.type = ${CONTRACTOR}`, sql`u.deleted_at is null`];
  if (shape.search)
    conditions.push(
      sql`(u.name ilike ${p('pattern')} or u.email ilike ${p('pattern')} or u.location ilike ${p('pattern')} or u.contact_person_name ilike ${p('pattern')})`,
    );
  if (shape.location) conditions.push(sql`u.location = ${p('location')}`);
  if (shape.status === 'active') conditions.push(activeForReader);
  if (shape.status === 'inactive') conditions.push(sql`not ${activeForReader}`);
  if (shape.ids) conditions.push(sql`u.id = any(${p('ids')}::text[])`);
  // isActive as the full page presents it (users.presenter activeFor): the account is on, and the
  // reader is the account itself, or one of the reader's organisations it serves has not
  // disabled it for itself only, or it serves none of them.
  const serves = (enabledOnly: boolean) => sql`exists (select 1 from ${userOrganisations} uo
    where uo.user_id = x.id and uo.organisation_id = any(${p('readers')}::text[])${enabledOnly ? sql` and uo.disabled_at is null` : sql``})`;
  return sql`with m as materialized (
      select u.id, u.name, u.location, u.contact_person_name, u.is_active
      from ${userOrganisations} o join ${users} u on u.id = o.user_id
      where ${sql.join(conditions, sql` and `)}
    )
    select (select count(*)::int from m) as total,
      (select coalesce(json_agg(json_build_object(
          '_id', x.id, 'name', x.name, 'location', x.location, 'contactPersonName', x.contact_person_name,
          'isActive', x.is_active and (x.id = ${p('viewerId')} or ${serves(true)} or not ${serves(false)})
        ) order by lower(x.name), x.id), '[]'::json)
        from (select * from m order by lower(m.name), m.id limit ${p('limit')} offset ${p('offset')}) x) as items`;
}

type PickerRow = { total: number; items: ContractorPickerItem[] };
const statements = new Map<string, (db: DbOrTx, values: Record<string, unknown>) => Promise<PickerRow[]>>();

/** The named statement of a shape, made on first use. */
function statementOf(shape: Shape) {
  const key = [shape.search && 'search', shape.location && 'location', shape.status, shape.ids && 'ids'].filter(Boolean).join('_');
  let statement = statements.get(key);
  if (!statement) {
    statement = namedStatement<PickerRow>(`contractor_picker${key === '' ? '' : `_${key}`}`, pickerSql(shape));
    statements.set(key, statement);
  }
  return statement;
}

/**
 * The company pickers' page of the contractor search (issue 63; fields 'picker'): a picker shows a
 * name, a location and a contact person, so its page reads those columns of the matches and
 * nothing else: not the accounts' other columns (profile image, phone, code…) nor every
 * organisation each serves, which the full page reads and presents for each row.
 */
export const contractorSearchRepository = {
  /**
   * One page of the matches as a picker lists them, by name (any case) then id, and the count of
   * all of them, in one statement: the matches are read once, counted, and the page's rows built
   * as JSON. A named statement per shape of filter (db/named-statement.ts): on PostgreSQL each
   * connection plans it once, where planning cost about as much as running it.
   */
  async pickerPage(
    db: DbOrTx,
    f: ContractorFilter,
    viewerId: string,
    page: { limit: number; offset: number },
  ): Promise<{ items: ContractorPickerItem[]; total: number }> {
    const shape: Shape = { search: f.search !== '', location: f.location !== '', status: f.status ?? null, ids: f.ids !== undefined };
    const rows = await statementOf(shape)(db, {
      organisationId: f.organisationId,
      readers: [...f.readerOrganisationIds],
      viewerId,
      limit: page.limit,
      offset: page.offset,
      ...(shape.search ? { pattern: containsPattern(f.search) } : {}),
      ...(shape.location ? { location: f.location } : {}),
      ...(shape.ids ? { ids: [...(f.ids ?? [])] } : {}),
    });
    return { items: rows[0]?.items ?? [], total: rows[0]?.total ?? 0 };
  },
};
