import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentReply, CreateAssessmentInput } from '@palisade/domain/assessments/assessment.schema';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { ASSESSMENT_CONTRACTORS_MAX, CONTRACTOR_IDS_MAX, CONTRACTOR_SEARCH_MAX_LENGTH, CONTRACTOR_SEARCH_PAGE_SIZES } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type {
  ContractorIdsReply,
  ContractorLocationsReply,
  ContractorPickerPage,
  ContractorSearchPage,
  GetContractorIdsInput,
  SearchContractorsInput,
} from '@palisade/domain/users/contractor-search.schema';
import type { ContractorReply } from '@palisade/domain/users/users.schema';
import { userOrganisations, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accountsRepository, contractorsWhere, type AccountValues } from './accounts.repository';

/**
 * The contractor search (issue 63): POST /contractor/searchContractors, getContractorIds and
 * getContractorLocations, on PGlite and (PALISADE_TEST_BACKEND=postgres) PostgreSQL.
 */
const m = messages.users;
const SEARCH = '/api/contractor/searchContractors';
const IDS = '/api/contractor/getContractorIds';
const LOCATIONS = '/api/contractor/getContractorLocations';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let contractor1: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;
/** The contractors this file adds, by a short name. */
const added: Record<string, string> = {};
let otherContractor: string;

type NewContractor = Partial<AccountValues> & { name: string };
const values = (c: NewContractor, i: number): AccountValues & { id: string; type: number } => ({
  id: newId(),
  type: UserType.CONTRACTOR,
  email: c.email ?? `search${i}-${newId().slice(0, 6)}@search.test`,
  contactPersonName: c.contactPersonName ?? 'Rory Search',
  location: c.location ?? 'Montrose',
  code: c.code ?? null,
  phone: c.phone ?? null,
  name: c.name,
});

/** Adds contractors to an organisation as the bulk add does (one insert). */
async function addContractors(list: readonly NewContractor[], organisationId = demoOrg): Promise<string[]> {
  const rows = list.map(values);
  await accountsRepository.insertAccounts(t.db, rows, organisationId);
  return rows.map((r) => r.id);
}

async function search(body: SearchContractorsInput, cookie = admin): Promise<ContractorSearchPage> {
  const res = await t.post<ContractorSearchPage>(SEARCH, body, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}
const names = (page: ContractorSearchPage) => page.items.map((c) => c.name);

/** The same search with fields 'picker' (the company pickers' rows). */
async function picker(body: SearchContractorsInput, cookie = admin): Promise<ContractorPickerPage> {
  const res = await t.post<ContractorPickerPage>(SEARCH, { ...body, fields: 'picker' }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}
/** A full page cut to the picker's fields: what fields 'picker' must give for the same body. */
const cut = (page: ContractorSearchPage): ContractorPickerPage => ({
  ...page,
  items: page.items.map(({ _id, name, location, contactPersonName, isActive }) => ({ _id, name, location, contactPersonName, isActive })),
});

async function idsOf(body: GetContractorIdsInput, cookie = admin): Promise<ContractorIdsReply> {
  const res = await t.post<ContractorIdsReply>(IDS, body, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** The whole list as getContractorsByCompanyId gives it (ordered by name, then id). */
async function wholeList(cookie = admin): Promise<ContractorReply[]> {
  const res = await t.post<ContractorReply[]>('/api/contractor/getContractorsByCompanyId', { companyId: demoOrg }, cookie);
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  contractor1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  otherContractor = await t.userId('contractor@other.test');

  const [kelpie, fjord, stonehaven1, stonehaven2, ishbel, underscore, shared] = await addContractors([
    { name: 'Kelpie Welding', location: 'Brechin' },
    { name: 'Arbroath Coatings', email: 'ops@fjord-mail.test', location: 'Arbroath' },
    { name: 'Harbour Rigging', location: 'Stonehaven' },
    { name: 'Dunnottar Drilling', location: 'Stonehaven' },
    { name: 'Glen Survey', contactPersonName: 'Ishbel Munro', location: 'Forfar' },
    { name: 'Bervie Fencing', email: 'site_ops@bervie.test', location: 'Inverbervie' },
    { name: 'Shared Haulage', location: 'Laurencekirk' },
  ]);
  Object.assign(added, { kelpie, fjord, stonehaven1, stonehaven2, ishbel, underscore, shared });
  // Shared Haulage also serves the other organisation (a shared account, DECISIONS.md).
  await t.db.insert(userOrganisations).values({ userId: shared ?? '', organisationId: otherOrg });
  // Twelve quarries whose names differ only in case, for the order and the pages.
  const quarries = await addContractors(
    ['Quarry b', 'quarry A', 'QUARRY c', 'Quarry d', 'quarry E', 'Quarry f', 'quarry G', 'Quarry h', 'quarry I', 'Quarry j', 'Quarry K', 'quarry l'].map(
      (name) => ({ name, location: 'Quarrytown' }),
    ),
  );
  added.quarry = quarries[0] ?? '';
  // One of another organisation with a name the searches below would match.
  added.foreignKelpie = (await addContractors([{ name: 'Kelpie Foreign', location: 'Brechin' }], otherOrg))[0] ?? '';
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/contractor/searchContractors', () => {
  it('finds by part of the name, e-mail, location or contact person, in any case', async () => {
    expect(names(await search({ companyId: demoOrg, search: 'kELPie' }))).toEqual(['Kelpie Welding']);
    expect(names(await search({ companyId: demoOrg, search: 'FJORD-mail' }))).toEqual(['Arbroath Coatings']);
    expect(names(await search({ companyId: demoOrg, search: 'stoneHAV' }))).toEqual(['Dunnottar Drilling', 'Harbour Rigging']);
    expect(names(await search({ companyId: demoOrg, search: 'ishbel' }))).toEqual(['Glen Survey']);
    // Trimmed; nothing matches a text no contractor holds.
    expect(names(await search({ companyId: demoOrg, search: '  kelpie  ' }))).toEqual(['Kelpie Welding']);
    const none = await search({ companyId: demoOrg, search: 'zzqqxx' });
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
  });

  it('matches the LIKE marks literally', async () => {
    expect(names(await search({ companyId: demoOrg, search: '_ops' }))).toEqual(['Bervie Fencing']);
    expect((await search({ companyId: demoOrg, search: '%' })).total).toBe(0);
    // 'e_w' would match "Kelpie Welding" if _ were any character.
    expect((await search({ companyId: demoOrg, search: 'e_w' })).total).toBe(0);
    expect((await search({ companyId: demoOrg, search: 'e w' })).total).toBeGreaterThan(0);
  });

  it('gives each contractor exactly as getContractorsByCompanyId does, in its order, a page at a time', async () => {
    const whole = await wholeList();
    expect(whole.length).toBeGreaterThan(20);
    const paged: ContractorReply[] = [];
    for (let page = 1; ; page += 1) {
      const res = await search({ companyId: demoOrg, page, pageSize: 10 });
      expect(res).toMatchObject({ total: whole.length, page, pageSize: 10 });
      if (res.items.length === 0) break;
      paged.push(...res.items);
    }
    expect(paged).toEqual(whole);
    // The first page of 50 by default.
    const first = await search({ companyId: demoOrg });
    expect(first.pageSize).toBe(50);
    expect(first.items).toEqual(whole.slice(0, 50));
  });

  it('orders by name in any case, then id; page 2 follows page 1; a page past the end is empty with the total', async () => {
    const expected = ['quarry A', 'Quarry b', 'QUARRY c', 'Quarry d', 'quarry E', 'Quarry f', 'quarry G', 'Quarry h', 'quarry I', 'Quarry j', 'Quarry K', 'quarry l'];
    const p1 = await search({ companyId: demoOrg, search: 'quarry', pageSize: 5 });
    const p2 = await search({ companyId: demoOrg, search: 'quarry', pageSize: 5, page: 2 });
    const p3 = await search({ companyId: demoOrg, search: 'quarry', pageSize: 5, page: 3 });
    expect([...names(p1), ...names(p2), ...names(p3)]).toEqual(expected);
    expect([p1.total, p2.total, p3.total]).toEqual([12, 12, 12]);
    expect(names(p3)).toHaveLength(2);
    expect(await search({ companyId: demoOrg, search: 'quarry', pageSize: 5, page: 9 })).toEqual({ items: [], total: 12, page: 9, pageSize: 5 });
    expect(await search({ companyId: demoOrg, search: 'zzqqxx', page: 2 })).toEqual({ items: [], total: 0, page: 2, pageSize: 50 });
  });

  it('keeps to a location, exactly', async () => {
    const res = await search({ companyId: demoOrg, location: 'Stonehaven' });
    expect(names(res)).toEqual(['Dunnottar Drilling', 'Harbour Rigging']);
    expect(res.items.every((c) => c.location === 'Stonehaven')).toBe(true);
    expect((await search({ companyId: demoOrg, location: 'Stone' })).total).toBe(0);
    expect((await search({ companyId: demoOrg, location: 'stonehaven' })).total).toBe(0);
    // With a search: both must hold.
    expect(names(await search({ companyId: demoOrg, location: 'Stonehaven', search: 'harbour' }))).toEqual(['Harbour Rigging']);
    expect((await search({ companyId: demoOrg, location: '' })).total).toBe((await wholeList()).length);
  });

  it('keeps to a status as the reader sees it, the organisation\'s own disable of a shared account included', async () => {
    const off = await t.post('/api/contractor/changeContractorAccStatus', { contractorId: added.kelpie, disable: true }, admin);
    expect(off.status).toBe(200);
    // Shared Haulage also serves the other organisation: disabled for Demo Gas only.
    const sharedOff = await t.post<ContractorReply>('/api/contractor/changeContractorAccStatus', { contractorId: added.shared, disable: true }, admin);
    expect(sharedOff.body.data).toMatchObject({ isActive: false, sharedAccount: true });
    try {
      const inactive = await search({ companyId: demoOrg, status: 'inactive' });
      expect(names(inactive)).toEqual(['Kelpie Welding', 'Shared Haulage']);
      expect(inactive.items.every((c) => !c.isActive)).toBe(true);
      // The pickers' rows tell the same: isActive as the reader sees it.
      expect(await picker({ companyId: demoOrg, status: 'inactive' })).toEqual(cut(inactive));
      expect(await picker({ companyId: demoOrg, search: 'haul' })).toEqual(cut(await search({ companyId: demoOrg, search: 'haul' })));
      expect((await picker({ companyId: otherOrg, search: 'haul' }, otherAdmin)).items).toMatchObject([{ name: 'Shared Haulage', isActive: true }]);
      const active = await search({ companyId: demoOrg, status: 'active', pageSize: 50 });
      expect(active.items.every((c) => c.isActive)).toBe(true);
      expect(names(active)).not.toContain('Kelpie Welding');
      expect(active.total + inactive.total).toBe((await wholeList()).length);
      // The other organisation still reads its contractor as active.
      const there = await search({ companyId: otherOrg, status: 'active' }, otherAdmin);
      expect(names(there)).toContain('Shared Haulage');
      expect(names(await search({ companyId: otherOrg, status: 'inactive' }, otherAdmin))).toEqual([]);
      // With a search too.
      expect(names(await search({ companyId: demoOrg, status: 'inactive', search: 'haul' }))).toEqual(['Shared Haulage']);
    } finally {
      await t.post('/api/contractor/changeContractorAccStatus', { contractorId: added.kelpie, disable: false }, admin);
      await t.post('/api/contractor/changeContractorAccStatus', { contractorId: added.shared, disable: false }, admin);
    }
    expect((await search({ companyId: demoOrg, status: 'inactive' })).total).toBe(0);
  });

  it('keeps to the ids given: only the organisation\'s, unknown and foreign ones left out', async () => {
    const res = await search({
      companyId: demoOrg,
      ids: [added.stonehaven1 ?? '', added.kelpie ?? '', 'no-such-id', otherContractor, added.foreignKelpie ?? ''],
    });
    expect(names(res)).toEqual(['Harbour Rigging', 'Kelpie Welding']);
    expect(res.total).toBe(2);
    expect(await search({ companyId: demoOrg, ids: [] })).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    // With a search, both hold.
    expect(names(await search({ companyId: demoOrg, ids: [added.stonehaven1 ?? '', added.kelpie ?? ''], search: 'kelp' }))).toEqual(['Kelpie Welding']);
    // As many ids as a call may name.
    const many = Array.from({ length: CONTRACTOR_IDS_MAX - 1 }, (_, i) => `missing-${i}`);
    expect(names(await search({ companyId: demoOrg, ids: [...many, added.ishbel ?? ''] }))).toEqual(['Glen Survey']);
  });

  it("fields 'picker' gives the same matches, order, pages and total, each row only with what a picker shows", async () => {
    const bodies: SearchContractorsInput[] = [
      { companyId: demoOrg },
      { companyId: demoOrg, page: 2, pageSize: 10 },
      { companyId: demoOrg, search: 'quarry', pageSize: 5, page: 2 },
      { companyId: demoOrg, search: 'quarry', pageSize: 5, page: 9 },
      { companyId: demoOrg, search: 'ISHBEL' },
      { companyId: demoOrg, search: '_ops' },
      { companyId: demoOrg, location: 'Stonehaven' },
      { companyId: demoOrg, status: 'active', search: 'kelpie' },
      { companyId: demoOrg, ids: [added.stonehaven1 ?? '', added.kelpie ?? '', otherContractor, added.foreignKelpie ?? ''] },
    ];
    for (const body of bodies) expect(await picker(body), JSON.stringify(body)).toEqual(cut(await search(body)));
    const first = await picker({ companyId: demoOrg });
    expect(first.items.length).toBe(Math.min(50, first.total));
    expect(first.total).toBeGreaterThan(20);
    for (const item of first.items) expect(Object.keys(item).sort()).toEqual(['_id', 'contactPersonName', 'isActive', 'location', 'name']);
    // An auditor serving the organisation reads it too; another organisation's companyId is 404.
    expect(await picker({ companyId: demoOrg, search: 'kelpie' }, auditor1)).toEqual(cut(await search({ companyId: demoOrg, search: 'kelpie' }, auditor1)));
    expect((await t.post(SEARCH, { companyId: otherOrg, fields: 'picker' }, admin)).status).toBe(404);
    expect((await t.post(SEARCH, { companyId: demoOrg, fields: 'picker' }, contractor1)).status).toBe(403);
  });

  it('refuses bad input with the catalogue\'s texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ companyId: demoOrg, fields: 'everything' }, m.searchFieldsInvalid],
      [{ companyId: demoOrg, search: 'x'.repeat(CONTRACTOR_SEARCH_MAX_LENGTH + 1) }, m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH)],
      [{ companyId: demoOrg, pageSize: 7 }, messages.assessment.pageSizeOneOf(CONTRACTOR_SEARCH_PAGE_SIZES)],
      [{ companyId: demoOrg, page: 0 }, messages.assessment.pageInvalid],
      [{ companyId: demoOrg, status: 'disabled' }, m.searchStatusInvalid],
      [{ companyId: demoOrg, ids: Array.from({ length: CONTRACTOR_IDS_MAX + 1 }, (_, i) => `c${i}`) }, m.searchIdsTooMany(CONTRACTOR_IDS_MAX)],
      [{ companyId: demoOrg, ids: 'all' }, m.searchIdsList],
      [{}, 'companyId is required'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post(SEARCH, body, admin);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('401 without a session; 403 for a contractor and an employee', async () => {
    expect((await t.post(SEARCH, { companyId: demoOrg })).status).toBe(401);
    for (const cookie of [contractor1, employee]) expect((await t.post(SEARCH, { companyId: demoOrg }, cookie)).status).toBe(403);
  });

  it('another organisation\'s companyId is 404, as for getContractorsByCompanyId', async () => {
    for (const [companyId, cookie] of [
      [otherOrg, admin],
      [demoOrg, otherAdmin],
      ['no-such-org', admin],
    ] as const) {
      expect((await t.post('/api/contractor/getContractorsByCompanyId', { companyId }, cookie)).status).toBe(404);
      expect((await t.post(SEARCH, { companyId, search: 'kelpie' }, cookie)).status).toBe(404);
      expect((await t.post(IDS, { companyId }, cookie)).status).toBe(404);
      expect((await t.post(LOCATIONS, { companyId }, cookie)).status).toBe(404);
    }
    // The other organisation finds its own Kelpie, never Demo Gas's.
    expect(names(await search({ companyId: otherOrg, search: 'kelpie' }, otherAdmin))).toEqual(['Kelpie Foreign']);
  });

  it('an auditor serving the organisation searches it as the organisation does', async () => {
    const asAdmin = await search({ companyId: demoOrg, search: 'stonehaven' });
    expect(await search({ companyId: demoOrg, search: 'stonehaven' }, auditor1)).toEqual(asAdmin);
    expect(await idsOf({ companyId: demoOrg, location: 'Stonehaven' }, auditor1)).toEqual(await idsOf({ companyId: demoOrg, location: 'Stonehaven' }));
    expect((await t.post(LOCATIONS, { companyId: demoOrg }, auditor1)).status).toBe(200);
    // Not an organisation it does not serve.
    expect((await t.post(SEARCH, { companyId: otherOrg }, auditor1)).status).toBe(404);
  });


  it('its condition is one the trigram index of the four columns serves', async () => {
    // At the demo's size reading every contractor is cheapest, so the planner is left no other
    // way in: no plain scans, no btree of users, no lookups by id. What remains for the search's condition is a
    // BitmapOr of the trigram index's four columns (migration 0032); a condition the index cannot
    // serve (another expression, another kind of user) would leave only the disabled plain scan.
    const filter = { organisationId: demoOrg, readerOrganisationIds: [demoOrg], search: 'zqx', location: '' };
    let plan = '';
    await t.db
      .transaction(async (tx) => {
        for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan', 'enable_nestloop']) await tx.execute(sql.raw(`set local ${setting} = off`));
        for (const index of ['users_organisation_idx', 'users_org_type_name_live_idx', 'users_contractor_name_live_idx']) await tx.execute(sql.raw(`drop index ${index}`));
        const res: unknown = await tx.execute(sql`explain ${tx.select({ id: users.id }).from(users).where(contractorsWhere(filter))}`);
        plan = (res as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!plan) throw err;
      });
    expect(plan).toMatch(/BitmapOr/);
    expect(plan.match(/Bitmap Index Scan on users_contractor_search_trgm_idx/g)).toHaveLength(4);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });
});

describe('POST /api/contractor/getContractorIds', () => {
  it('gives every id that matches, in the search\'s order, with how many', async () => {
    const quarries = await idsOf({ companyId: demoOrg, search: 'QUARRY' });
    expect(quarries.total).toBe(12);
    const pages = await search({ companyId: demoOrg, search: 'quarry', pageSize: 20 });
    expect(quarries.ids).toEqual(pages.items.map((c) => c._id));
    expect(await idsOf({ companyId: demoOrg, location: 'Stonehaven' })).toEqual({
      ids: [added.stonehaven2, added.stonehaven1],
      total: 2,
    });
    const all = await idsOf({ companyId: demoOrg });
    expect(all.ids).toEqual((await wholeList()).map((c) => c._id));
    expect(all.ids).not.toContain(otherContractor);
    expect(all.ids).not.toContain(added.foreignKelpie);
    expect(await idsOf({ companyId: demoOrg, search: 'zzqqxx' })).toEqual({ ids: [], total: 0 });
  });

  it('keeps to a status', async () => {
    await t.post('/api/contractor/changeContractorAccStatus', { contractorId: added.ishbel, disable: true }, admin);
    try {
      expect(await idsOf({ companyId: demoOrg, status: 'inactive' })).toEqual({ ids: [added.ishbel], total: 1 });
      expect((await idsOf({ companyId: demoOrg, status: 'active' })).ids).not.toContain(added.ishbel);
    } finally {
      await t.post('/api/contractor/changeContractorAccStatus', { contractorId: added.ishbel, disable: false }, admin);
    }
  });

  it('refuses bad input, no session and other roles', async () => {
    const long = await t.post(IDS, { companyId: demoOrg, search: 'x'.repeat(CONTRACTOR_SEARCH_MAX_LENGTH + 1) }, admin);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH));
    const missing = await t.post(IDS, { search: 'a' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('companyId is required');
    expect((await t.post(IDS, { companyId: demoOrg })).status).toBe(401);
    for (const cookie of [contractor1, employee]) expect((await t.post(IDS, { companyId: demoOrg }, cookie)).status).toBe(403);
  });
});

describe('POST /api/contractor/getContractorLocations', () => {
  it('counts the organisation\'s live contractors by location, none empty, by name', async () => {
    const res = await t.post<ContractorLocationsReply>(LOCATIONS, { companyId: demoOrg }, admin);
    expect(res.status).toBe(200);
    const counts = new Map<string, number>();
    for (const c of await wholeList()) if (c.location) counts.set(c.location, (counts.get(c.location) ?? 0) + 1);
    const expected = [...counts].map(([location, count]) => ({ location, count })).sort((a, b) => a.location.localeCompare(b.location));
    expect(res.body.data.locations).toEqual(expected);
    expect(res.body.data.locations).toContainEqual({ location: 'Stonehaven', count: 2 });
    expect(res.body.data.locations).toContainEqual({ location: 'Quarrytown', count: 12 });
    // Brechin's foreign contractor is the other organisation's: one here.
    expect(res.body.data.locations).toContainEqual({ location: 'Brechin', count: 1 });
    // A deleted contractor leaves the count.
    const [gone] = await addContractors([{ name: 'Gone Contracting', location: 'Stonehaven' }]);
    expect((await t.post<ContractorLocationsReply>(LOCATIONS, { companyId: demoOrg }, admin)).body.data.locations).toContainEqual({ location: 'Stonehaven', count: 3 });
    expect((await t.post('/api/contractor/deleteContractor', { contractorId: gone }, admin)).status).toBe(200);
    expect((await t.post<ContractorLocationsReply>(LOCATIONS, { companyId: demoOrg }, admin)).body.data.locations).toContainEqual({ location: 'Stonehaven', count: 2 });
  });

  it('refuses bad input, no session and other roles', async () => {
    const missing = await t.post(LOCATIONS, {}, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('companyId is required');
    expect((await t.post(LOCATIONS, { companyId: demoOrg })).status).toBe(401);
    for (const cookie of [contractor1, employee]) expect((await t.post(LOCATIONS, { companyId: demoOrg }, cookie)).status).toBe(403);
  });
});

describe('sharing an assessment with 1 000 contractors at once', () => {
  it('selects a location\'s 1 000 contractors, creates the assessment shared with them, edits it and reads it back', async () => {
    const many = await addContractors(Array.from({ length: 1000 }, (_, i) => ({ name: `Peterhead Supplier ${String(i).padStart(4, '0')}`, location: 'Peterhead' })));
    const chosen = await idsOf({ companyId: demoOrg, location: 'Peterhead' });
    expect(chosen.total).toBe(1000);
    expect([...chosen.ids].sort()).toEqual([...many].sort());

    const A = '/api/assessment';
    const categories = await t.post<Category[]>(`${A}/categories/getAssessCategoriesByCompanyId`, { companyId: demoOrg }, admin);
    const questions = await t.post<Question[]>(`${A}/questions/getQuestionsByCompanyId`, { companyId: demoOrg }, admin);
    const body: CreateAssessmentInput = {
      name: 'Peterhead Supplier Survey',
      dueDate: isoDay(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000)),
      contractors: chosen.ids,
      sections: [
        {
          category: categories.body.data[0]?._id ?? '',
          totalMarks: 10,
          factors: { social: true },
          questions: [{ question: questions.body.data[0]?._id ?? '', questType: { answerType: 'yesNo' } }],
        },
      ],
    };
    const created = await t.post<AssessmentReply>(`${A}/createAssessment`, body, admin);
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.data._id;
    const read = await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: id }, admin);
    expect([...read.body.data.contractors].sort()).toEqual([...many].sort());

    // Edited: the location's contractors but three, and the three demo contractors: still 1 000.
    const demo = await Promise.all(['contractor1@demo.test', 'contractor2@demo.test', 'contractor3@demo.test'].map((e) => t.userId(e)));
    const next = [...chosen.ids.slice(3), ...demo];
    const edited = await t.post<AssessmentReply>(`${A}/editAssessment`, { assessmentId: id, version: created.body.data.version, updateData: { contractors: next } }, admin);
    expect(edited.status, edited.body.message).toBe(200);
    const again = await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: id }, admin);
    expect([...again.body.data.contractors].sort()).toEqual([...next].sort());
    expect(next).toHaveLength(ASSESSMENT_CONTRACTORS_MAX);

    // One more than an assessment may take is refused with the catalogue's text, nothing changed.
    const refused = await t.post(`${A}/editAssessment`, { assessmentId: id, updateData: { contractors: [...chosen.ids, demo[0]] } }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.assessment.tooManyCompanies);
    expect((await t.post<AssessmentReply>(`${A}/getAssessmentById`, { assessmentId: id }, admin)).body.data.contractors).toHaveLength(next.length);
  }, 60_000);
});
