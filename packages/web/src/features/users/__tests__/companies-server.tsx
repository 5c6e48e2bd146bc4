import type { ReactNode } from 'react';
import type { SearchContractorsInput } from '@palisade/domain/users/contractor-search.schema';
import { useMe } from '../../../lib/session';
import type { MockReply } from '../../../test/mock-fetch';
import type { Company } from '../api/account-types';

/** Renders its children once the profile (the mocked /api/auth/me) has arrived. */
export function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

/**
 * A stand-in for POST /api/contractor/searchContractors over `all`: the search in the name,
 * e-mail, location or contact person (any case), by name, paged; each body it was asked with is
 * kept in `asked`.
 */
export function companiesServer(all: readonly Company[]) {
  const asked: SearchContractorsInput[] = [];
  const handler = (body: unknown): MockReply => {
    const input = body as SearchContractorsInput;
    asked.push(input);
    const needle = (input.search ?? '').toLowerCase();
    const found = all
      .filter((c) =>
        [c.name, c.emailid, c.location, c.contactPersonName].some((v) =>
          (v ?? '').toLowerCase().includes(needle),
        ),
      )
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? 50;
    return {
      data: {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      },
    };
  };
  return { asked, handler };
}
