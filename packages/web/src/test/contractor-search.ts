import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getContractorIdsSchema,
  getContractorLocationsSchema,
  searchContractorsSchema,
  type GetContractorIdsBody,
} from '@palisade/domain/users/contractor-search.schema';
import type { ContractorReply } from '@palisade/domain/users/users.schema';
import type { MockHandler, MockReply } from './mock-fetch';

/** A contractor company as the contractor calls reply, with what a test does not care about filled in. */
export function makeContractor(
  fields: Pick<ContractorReply, '_id' | 'name'> & Partial<ContractorReply>,
): ContractorReply {
  const email = `${fields._id}@demo.test`;
  return {
    user: fields._id,
    contractorId: fields._id,
    location: null,
    emailid: email,
    emailId: email,
    contactPersonName: null,
    mobile: null,
    code: null,
    isActive: true,
    sharedAccount: false,
    profileImage: null,
    companyId: 'org1',
    assoc_companies: ['org1'],
    ...fields,
  };
}

/** One call the fake server answered: its path and its body as sent. */
export interface AskedCall {
  path: string;
  body: Record<string, unknown>;
}

function matches(c: ContractorReply, q: GetContractorIdsBody): boolean {
  const needle = q.search.toLowerCase();
  const fields = [c.name, c.emailid, c.location ?? '', c.contactPersonName ?? ''];
  if (needle && !fields.some((f) => f.toLowerCase().includes(needle))) return false;
  if (q.location && c.location !== q.location) return false;
  if (q.status === 'active' && !c.isActive) return false;
  if (q.status === 'inactive' && c.isActive) return false;
  return true;
}

function byName(a: ContractorReply, b: ContractorReply): number {
  return a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a._id.localeCompare(b._id);
}

function refused(message: string | undefined): MockReply {
  return { status: 400, message: message ?? 'Bad request' };
}

/**
 * searchContractors, getContractorIds and getContractorLocations as the server answers them over
 * `list` (the shared contract of issue 63), each body checked by its domain schema (a body the
 * server would refuse is refused here: 400). Every call is pushed to `asked`.
 */
export function contractorSearchHandlers(
  list: readonly ContractorReply[],
  asked: AskedCall[] = [],
): Record<string, MockHandler> {
  const record = (path: string, body: unknown) =>
    asked.push({ path, body: (body ?? {}) as Record<string, unknown> });
  return {
    '/api/contractor/searchContractors': (body) => {
      record('/api/contractor/searchContractors', body);
      const parsed = searchContractorsSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const q = parsed.data;
      const ids = q.ids ? new Set(q.ids) : null;
      const rows = list.filter((c) => matches(c, q) && (!ids || ids.has(c._id))).sort(byName);
      const start = (q.page - 1) * q.pageSize;
      return {
        data: {
          items: rows.slice(start, start + q.pageSize),
          total: rows.length,
          page: q.page,
          pageSize: q.pageSize,
        },
      };
    },
    '/api/contractor/getContractorIds': (body) => {
      record('/api/contractor/getContractorIds', body);
      const parsed = getContractorIdsSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const ids = list
        .filter((c) => matches(c, parsed.data))
        .sort(byName)
        .map((c) => c._id);
      return { data: { ids, total: ids.length } };
    },
    '/api/contractor/getContractorLocations': (body) => {
      record('/api/contractor/getContractorLocations', body);
      const parsed = getContractorLocationsSchema.safeParse(body);
      if (!parsed.success) return refused(parsed.error.issues[0]?.message);
      const counts = new Map<string, number>();
      for (const c of list)
        if (c.location) counts.set(c.location, (counts.get(c.location) ?? 0) + 1);
      const locations = [...counts]
        .sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))
        .map(([location, count]) => ({ location, count }));
      return { data: { locations } };
    },
  };
}

/**
 * Picks a company in a CompanyPicker: types `typed` into the combobox named `label` and clicks the
 * option named `name` once the server's matches show. A deferred picker's stand-in (read-only) is
 * clicked first, and the picker that takes its place is typed in.
 */
export async function pickCompany(label: string | RegExp, typed: string, name: string | RegExp) {
  const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: label });
  await userEvent.click(input());
  await waitFor(() => expect(input().readOnly).toBe(false));
  await userEvent.clear(input());
  await userEvent.type(input(), typed);
  const listbox = await screen.findByRole('listbox');
  await userEvent.click(await within(listbox).findByRole('option', { name }));
}
