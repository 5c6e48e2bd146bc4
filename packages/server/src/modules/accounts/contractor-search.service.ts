import { AppError } from '@palisade/domain/errors';
import type {
  ContractorIdsReply,
  ContractorLocationsReply,
  ContractorPickerPage,
  ContractorSearchPage,
  GetContractorIdsBody,
  SearchContractorsBody,
} from '@palisade/domain/users/contractor-search.schema';
import type { Db } from '../../db/client';
import { mayList } from '../../lib/reading-scope';
import type { AuthContext } from '../../plugins/auth-context';
import { presentContractorPage } from './accounts.presenter';
import { accountsRepository, type ContractorFilter } from './accounts.repository';
import { contractorSearchRepository } from './contractor-search.repository';

/**
 * The contractor search (issue 63): an organisation's contractor companies a page at a time, as
 * the pickers, the companies table and the Share dialog ask for them, never the whole list. The
 * organisation is one the caller may list (its own; an auditor's working organisation), as for
 * getContractorsByCompanyId: any other is 404.
 */
export function createContractorSearch(deps: { db: Db }) {
  const { db } = deps;

  function filterOf(ctx: AuthContext, body: GetContractorIdsBody & { ids?: readonly string[] | undefined }): ContractorFilter {
    // 404, never 403: whether another tenant's id exists is not the caller's business.
    if (!mayList(ctx, body.companyId)) throw new AppError('NOT_FOUND');
    return {
      organisationId: body.companyId,
      readerOrganisationIds: ctx.organisationIds,
      search: body.search,
      location: body.location,
      status: body.status,
      ids: body.ids,
    };
  }

  return {
    /**
     * One page of the contractors that match, by name then id, with the count of all that match:
     * each as the companies table reads it, or (fields 'picker') as a company picker lists it.
     */
    async searchContractors(ctx: AuthContext, body: SearchContractorsBody): Promise<ContractorSearchPage | ContractorPickerPage> {
      const filter = filterOf(ctx, body);
      const page = { limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
      const at = { page: body.page, pageSize: body.pageSize };
      if (body.fields === 'picker') {
        const { items, total } = await contractorSearchRepository.pickerPage(db, filter, ctx.user.id, page);
        return { items, total, ...at };
      }
      const { rows, total } = await accountsRepository.searchContractors(db, filter, page);
      return presentContractorPage(rows, { total, ...at }, ctx);
    },

    /** Every contractor id that matches, in the same order (select all that match, select by location). */
    async getContractorIds(ctx: AuthContext, body: GetContractorIdsBody): Promise<ContractorIdsReply> {
      const ids = await accountsRepository.contractorIds(db, filterOf(ctx, body));
      return { ids, total: ids.length };
    },

    /** The organisation's contractors' locations with their count. */
    async getContractorLocations(ctx: AuthContext, companyId: string): Promise<ContractorLocationsReply> {
      if (!mayList(ctx, companyId)) throw new AppError('NOT_FOUND');
      return { locations: await accountsRepository.contractorLocations(db, companyId) };
    },
  };
}
export type ContractorSearch = ReturnType<typeof createContractorSearch>;
