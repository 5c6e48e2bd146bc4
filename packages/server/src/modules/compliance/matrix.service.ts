import { LRUCache } from 'lru-cache';
import { overallCompliance, type ComplianceStatus, type OverallCompliance } from '@palisade/domain/compliance/compliance.rules';
import type { MatrixReply, MatrixRow, OverallStatesReply, SummaryReply } from '@palisade/domain/compliance/compliance.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { dayIn } from '@palisade/domain/organisations/time-zone';
import { neutralisedCell } from '@palisade/domain/text/spreadsheet-cell';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { ownOrganisation, todayOf } from './compliance-access';
import { zeroCounts, zeroOverall } from './compliance.presenter';
import { complianceRepository as repo, type CellRow, type ContractorRef, type MatrixFilter, type RequirementRow, type TallyRow } from './compliance.repository';

const m = messages.compliance;

/** The matrix's filters as the calls send them. */
export interface MatrixQuery {
  companyId: string;
  search: string;
  location: string;
  status?: ComplianceStatus | undefined;
  requirementId?: string | undefined;
}

/** Replies kept (matrix pages, summaries, overall states of lists), across organisations. */
const KEPT_REPLIES = 300;

/** The export's content type. */
export const COMPLIANCE_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One CSV cell: formula-neutralised (companies named their own texts) and quoted when it must be. */
function csvCell(value: string): string {
  const safe = neutralisedCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Each contractor's overall state from its tally rows (a contractor without cells is compliant). */
function overallByContractor(tally: readonly TallyRow[]): Map<string, OverallCompliance> {
  const cells = new Map<string, { mandatory: boolean; status: ComplianceStatus }[]>();
  for (const t of tally) {
    const list = cells.get(t.contractorId) ?? [];
    if (t.status !== null && t.mandatory !== null) list.push({ mandatory: t.mandatory, status: t.status });
    cells.set(t.contractorId, list);
  }
  return new Map([...cells].map(([id, list]) => [id, overallCompliance(list)]));
}

/**
 * The organisation's compliance matrix (issue 57): contractors (by name, server-paged) × its live
 * requirements, each cell's status computed from the dates in SQL over compliance_current (one row
 * per cell), in a few statements whatever the number of contractors; its CSV export, the home
 * card's summary and the overall state beside contractors' names. For the organisation's users and
 * its auditors.
 */
export function createComplianceMatrixService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  // Replies kept by organisation, its compliance version (bumped by every write that may change
  // them, migration 0037), the day and the query: one key lookup instead of 20 000 cells.
  const kept = new LRUCache<string, { value: MatrixReply | SummaryReply | OverallStatesReply }>({ max: KEPT_REPLIES });
  async function keptOr<T extends MatrixReply | SummaryReply | OverallStatesReply>(organisationId: string, query: unknown, read: (today: string) => Promise<T>): Promise<T> {
    // The version is read before the rows: a write after it makes the next reader's key a new one.
    const { version, timeZone } = await repo.complianceVersion(db, organisationId);
    const today = dayIn(clock.now(), timeZone);
    const key = JSON.stringify([organisationId, version, today, query]);
    const hit = kept.get(key);
    if (hit) return hit.value as T;
    const value = await read(today);
    kept.set(key, { value });
    return value;
  }

  async function setUp(organisationId: string, q: MatrixQuery, today: string): Promise<{ filter: MatrixFilter; requirements: RequirementRow[] }> {
    const requirements = await repo.listRequirements(db, organisationId, false);
    if (q.requirementId !== undefined && !requirements.some((r) => r.id === q.requirementId))
      throw new AppError('NOT_FOUND', m.requirementNotFound, { field: 'requirementId' });
    return { filter: { organisationId, today, search: q.search, location: q.location }, requirements };
  }

  /** The rows of these contractors, one cell per requirement in its order (null where it does not apply). */
  function rowsOf(contractors: readonly ContractorRef[], cells: readonly CellRow[], requirements: readonly RequirementRow[]): MatrixRow[] {
    const byContractor = new Map<string, Map<string, CellRow>>();
    for (const c of cells) {
      const row = byContractor.get(c.contractorId) ?? new Map<string, CellRow>();
      row.set(c.requirementId, c);
      byContractor.set(c.contractorId, row);
    }
    return contractors.map((c) => {
      const own = byContractor.get(c.id) ?? new Map<string, CellRow>();
      const rowCells = requirements.map((r) => {
        const cell = own.get(r.id);
        return { requirementId: r.id, status: cell?.status ?? null, documentId: cell?.documentId ?? null, expiryDate: cell?.expiryDate ?? null };
      });
      const judged = requirements.flatMap((r) => {
        const cell = own.get(r.id);
        return cell ? [{ mandatory: r.mandatory, status: cell.status }] : [];
      });
      return { contractor: { _id: c.id, name: c.name, location: c.location }, overall: overallCompliance(judged), cells: rowCells };
    });
  }

  return {
    /** getMatrix: one page of contractors, the counts per status over every contractor matching search and location. */
    async matrix(ctx: AuthContext, q: MatrixQuery & { page: number; pageSize: number }): Promise<MatrixReply> {
      const organisationId = ownOrganisation(ctx, q.companyId);
      const query = ['matrix', q.search, q.location, q.status ?? null, q.requirementId ?? null, q.page, q.pageSize];
      return keptOr(organisationId, query, async (today) => {
        const { filter, requirements } = await setUp(organisationId, q, today);
        const { rows: contractors, total } = await repo.matrixPage(db, filter, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
        const cells = await repo.cellsOf(db, filter, contractors.map((c) => c.id));
        const counts = zeroCounts();
        for (const c of await repo.statusCounts(db, filter)) counts[c.status] = c.n;
        return {
          requirements: requirements.map((r) => ({ _id: r.id, name: r.name, mandatory: r.mandatory })),
          rows: rowsOf(contractors, cells, requirements),
          total,
          page: q.page,
          pageSize: q.pageSize,
          counts,
        };
      });
    },

    /** exportMatrix: every contractor the filters match, as CSV: company, location, overall, then one column per requirement. */
    async exportCsv(ctx: AuthContext, q: MatrixQuery): Promise<{ fileName: string; bytes: Buffer }> {
      const organisationId = ownOrganisation(ctx, q.companyId);
      const { filter, requirements } = await setUp(organisationId, q, await todayOf(db, clock, organisationId));
      const { rows: contractors } = await repo.matrixPage(db, filter, q, null);
      const cells = await repo.cellsOf(db, filter, contractors.map((c) => c.id));
      const h = m.csvHeaders;
      const lines = [[h.company, h.location, h.overall, ...requirements.map((r) => r.name)].map(csvCell).join(',')];
      for (const row of rowsOf(contractors, cells, requirements)) {
        const statuses = row.cells.map((c) => (c.status === null ? '' : `${m.statusLabels[c.status]}${c.expiryDate ? ` (${c.expiryDate})` : ''}`));
        lines.push([row.contractor.name, row.contractor.location, m.overallLabels[row.overall], ...statuses].map(csvCell).join(','));
      }
      return { fileName: `compliance-${filter.today}.csv`, bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') };
    },

    /** getSummary: cells per status and contractors per overall state, over every contractor of the organisation. */
    async summary(ctx: AuthContext, companyId: string): Promise<SummaryReply> {
      const organisationId = ownOrganisation(ctx, companyId);
      return keptOr(organisationId, ['summary'], async (today) => {
        const tally = await repo.tally(db, { organisationId, today, search: '', location: '' });
        const counts = zeroCounts();
        for (const t of tally) if (t.status !== null) counts[t.status] += t.n;
        const overall = zeroOverall();
        for (const state of overallByContractor(tally).values()) overall[state] += 1;
        return { counts, overall };
      });
    },

    /** getOverallStates: the overall state of each named contractor of the organisation (others are left out). */
    async overallStates(ctx: AuthContext, companyId: string, contractorIds: readonly string[]): Promise<OverallStatesReply> {
      const organisationId = ownOrganisation(ctx, companyId);
      const ids = [...new Set(contractorIds)].sort();
      return keptOr(organisationId, ['states', ids], async (today) => {
        const tally = await repo.tally(db, { organisationId, today, search: '', location: '', contractorIds: ids });
        return { states: Object.fromEntries(overallByContractor(tally)) };
      });
    },
  };
}
export type ComplianceMatrixService = ReturnType<typeof createComplianceMatrixService>;
