import { describe, expect, it } from 'vitest';
import { CONTRACTOR_IDS_MAX, CONTRACTOR_SEARCH_MAX_LENGTH, CONTRACTOR_SEARCH_PAGE_SIZES, PAGE_MAX } from '../constants';
import { messages } from '../messages';
import { contractorSearchPageSchema, getContractorIdsSchema, getContractorLocationsSchema, searchContractorsSchema } from './contractor-search.schema';

const m = messages.users;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('searchContractorsSchema', () => {
  it('fills the defaults: no search, any location and status, the first page of 50, every field', () => {
    expect(searchContractorsSchema.parse({ companyId: 'org1' })).toEqual({ companyId: 'org1', search: '', location: '', page: 1, pageSize: 50, fields: 'full' });
  });

  it("takes fields 'picker' (a company picker's rows) or 'full'", () => {
    expect(searchContractorsSchema.parse({ companyId: 'org1', fields: 'picker' }).fields).toBe('picker');
    expect(searchContractorsSchema.parse({ companyId: 'org1', fields: 'full' }).fields).toBe('full');
  });

  it('trims the search and the location, and keeps the rest as sent', () => {
    const body = { companyId: ' org1 ', search: '  sea ', location: ' Aberdeen ', status: 'inactive', ids: ['a', 'b'], page: 3, pageSize: 10 };
    expect(searchContractorsSchema.parse(body)).toEqual({
      companyId: 'org1',
      search: 'sea',
      location: 'Aberdeen',
      status: 'inactive',
      ids: ['a', 'b'],
      page: 3,
      pageSize: 10,
      fields: 'full',
    });
  });

  it.each(CONTRACTOR_SEARCH_PAGE_SIZES)('takes the page size %i', (pageSize) => {
    expect(searchContractorsSchema.safeParse({ companyId: 'org1', pageSize }).success).toBe(true);
  });

  it.each([
    [{ search: 'x'.repeat(CONTRACTOR_SEARCH_MAX_LENGTH + 1) }, m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH)],
    [{ search: 12 }, m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH)],
    [{ location: 'x'.repeat(256) }, m.searchLocationTooLong(255)],
    [{ status: 'enabled' }, m.searchStatusInvalid],
    [{ fields: 'all' }, m.searchFieldsInvalid],
    [{ fields: 3 }, m.searchFieldsInvalid],
    [{ ids: 'abc' }, m.searchIdsList],
    [{ ids: [''] }, 'ids is required'],
    [{ ids: Array.from({ length: CONTRACTOR_IDS_MAX + 1 }, (_, i) => `c${i}`) }, m.searchIdsTooMany(CONTRACTOR_IDS_MAX)],
    [{ page: 0 }, messages.assessment.pageInvalid],
    [{ page: 1.5 }, messages.assessment.pageInvalid],
    [{ page: PAGE_MAX + 1 }, messages.assessment.pageInvalid],
    [{ pageSize: 7 }, messages.assessment.pageSizeOneOf(CONTRACTOR_SEARCH_PAGE_SIZES)],
  ])('refuses %o with its text', (extra, message) => {
    expect(firstMessage(searchContractorsSchema.safeParse({ companyId: 'org1', ...extra }))).toBe(message);
  });

  it('needs the organisation', () => {
    expect(firstMessage(searchContractorsSchema.safeParse({}))).toBe('companyId is required');
    expect(firstMessage(searchContractorsSchema.safeParse({ companyId: '  ' }))).toBe('companyId is required');
  });

  it('a search of exactly the longest length passes', () => {
    expect(searchContractorsSchema.safeParse({ companyId: 'org1', search: 'x'.repeat(CONTRACTOR_SEARCH_MAX_LENGTH) }).success).toBe(true);
  });
});

describe('getContractorIdsSchema and getContractorLocationsSchema', () => {
  it('the ids call takes the filters without paging', () => {
    expect(getContractorIdsSchema.parse({ companyId: 'org1', search: ' a ', location: 'Dundee', status: 'active', page: 2 })).toEqual({
      companyId: 'org1',
      search: 'a',
      location: 'Dundee',
      status: 'active',
    });
    expect(firstMessage(getContractorIdsSchema.safeParse({ companyId: 'org1', status: 'x' }))).toBe(m.searchStatusInvalid);
  });

  it('the locations call takes the organisation alone', () => {
    expect(getContractorLocationsSchema.parse({ companyId: 'org1', search: 'x' })).toEqual({ companyId: 'org1' });
    expect(firstMessage(getContractorLocationsSchema.safeParse({}))).toBe('companyId is required');
  });
});

describe('contractorSearchPageSchema', () => {
  it('describes an empty page past the end, with the total', () => {
    expect(contractorSearchPageSchema.safeParse({ items: [], total: 9, page: 5, pageSize: 50 }).success).toBe(true);
    expect(contractorSearchPageSchema.safeParse({ items: [], total: -1, page: 1, pageSize: 50 }).success).toBe(false);
  });
});
