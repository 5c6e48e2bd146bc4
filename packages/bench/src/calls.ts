/**
 * The calls the benchmark measures, each next to the two baselines (GET /api/bench/bare and
 * GET /api/bench/select1). A later issue that adds a call appends its entry here; the data it
 * needs comes from a step in generate.ts.
 */
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';

export interface BenchCall {
  /** Shown in the table. */
  name: string;
  method: 'GET' | 'POST';
  /** Below the server's origin, e.g. /api/auth/me. */
  path: string;
  /** Sent as JSON (POST). */
  body?: unknown;
  /** Sent as JSON (POST), built once the data set exists (its ids are random). */
  bodyOf?: (vars: BenchVars) => unknown;
  /** The path built once the data set exists (a GET whose query names an id). */
  pathOf?: (vars: BenchVars) => string;
  /** Signs in as this account (password DEMO_PASSWORD) and sends its session cookie. */
  as: string;
  /**
   * A list whose work may grow with the data set: measured ("spread") at the smaller size too
   * (--compare-at), and the ratio of the two p99s printed (issue 21: at most 1.5).
   */
  list?: true;
}

/** What a body may need of the generated data set. */
export interface BenchVars {
  /** The organisation the generated data belongs to (the demo seed's "Demo Gas Ltd"). */
  organisationId: string;
  /** The generated contractor the contractor calls sign in as (generate.ts BENCH_CONTRACTOR). */
  contractorId: string;
  /** Its most recently accessed response (5 sections × 10 questions). */
  responseId: string;
}

export const benchCalls: BenchCall[] = [
  { name: 'auth/me', method: 'GET', path: '/api/auth/me', as: 'admin@demo.test' },
  {
    // The Assessments modal of the overview: a page of the organisation's assessments nobody
    // started yet, as the modal asks (issue 21: paged on the server). (Every assessment expanded
    // is the spec's call too, but no screen asks for it: at --size 1000 it is 15 000 assessments
    // of 5 × 10 questions, a reply of some hundred MB.)
    name: 'assessment/getAssessmentsByCompanyIds NEW',
    method: 'POST',
    path: '/api/assessment/getAssessmentsByCompanyIds',
    bodyOf: (v) => ({
      companyIds: [v.organisationId],
      status: 'NEW',
      sections: false,
      page: 1,
      pageSize: 10,
    }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // Select Existing Question: the first page of the bank, 5 rows (issue 21: paged on the server).
    name: 'assessment/questions/getQuestionsByCompanyId',
    method: 'POST',
    path: '/api/assessment/questions/getQuestionsByCompanyId',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 5 }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // …and a search, 20 rows, by the text.
    name: 'assessment/questions/getQuestionsByCompanyId search',
    method: 'POST',
    path: '/api/assessment/questions/getQuestionsByCompanyId',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 20, search: 'question 01', sort: 'question' }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // The contractor pickers (issue 63): the first page of 50 of the organisation's contractors…
    name: 'contractor/searchContractors',
    method: 'POST',
    path: '/api/contractor/searchContractors',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 50 }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // …and as the user types three letters (a place: a quarter of the generated contractors).
    name: 'contractor/searchContractors search',
    method: 'POST',
    path: '/api/contractor/searchContractors',
    bodyOf: (v) => ({ companyId: v.organisationId, search: 'dun', page: 1, pageSize: 50 }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // The company pickers' own rows (fields 'picker': id, name, location, contact, status), as a
    // picker opens (the first 50)…
    name: 'contractor/searchContractors picker',
    method: 'POST',
    path: '/api/contractor/searchContractors',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 50, fields: 'picker' }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // …and as the user types three letters.
    name: 'contractor/searchContractors picker search',
    method: 'POST',
    path: '/api/contractor/searchContractors',
    bodyOf: (v) => ({ companyId: v.organisationId, search: 'dun', page: 1, pageSize: 50, fields: 'picker' }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // Issue 57: the organisation's Compliance matrix, its first page of 20 companies × the 20
    // requirements, with the counts per status over all of them…
    name: 'compliance/getMatrix',
    method: 'POST',
    path: '/api/compliance/getMatrix',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 20 }),
    as: 'admin@demo.test',
  },
  {
    // …and filtered to the expired cells, a later page.
    name: 'compliance/getMatrix expired',
    method: 'POST',
    path: '/api/compliance/getMatrix',
    bodyOf: (v) => ({ companyId: v.organisationId, status: 'EXPIRED', page: 3, pageSize: 20 }),
    as: 'admin@demo.test',
  },
  {
    name: 'assessment/responses/getResponsesByContractorId',
    method: 'POST',
    path: '/api/assessment/responses/getResponsesByContractorId',
    // As the contractor's Assessment list asks for it (issue 21): the first page of 10, newest
    // first. The home no longer reads this call; the unpaged list stays for the spec's client.
    bodyOf: (v) => ({ contractorId: v.contractorId, page: 1, pageSize: 10, sort: 'NTO' }),
    as: 'bench.contractor00001@demo.test',
    list: true,
  },
  {
    // The contractor's trend across rounds (issue 58): its own, on its home's My trend card; each
    // request another contractor in a spread row.
    name: 'trends/getContractorTrend',
    method: 'POST',
    path: '/api/trends/getContractorTrend',
    bodyOf: (v) => ({ contractorId: v.contractorId }),
    as: 'bench.contractor00001@demo.test',
  },
  {
    name: 'assessment/responses/getResponseById',
    method: 'POST',
    path: '/api/assessment/responses/getResponseById',
    bodyOf: (v) => ({ responseId: v.responseId }),
    as: 'bench.contractor00001@demo.test',
  },
  {
    // The organisation's assessments overview: a page of 50 summaries (progress and score from the kept columns).
    name: 'assessment/responses/getResponsesByCompanyIds',
    method: 'POST',
    path: '/api/assessment/responses/getResponsesByCompanyIds',
    bodyOf: (v) => ({ companyIds: [v.organisationId], include: { assessment: true }, sort: 'NTO', page: 1, pageSize: 50 }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // The auditor's dashboard: the SUBMITTED ones, newest first.
    name: 'assessment/responses/getResponsesByCompanyIds SUBMITTED',
    method: 'POST',
    path: '/api/assessment/responses/getResponsesByCompanyIds',
    bodyOf: (v) => ({ companyIds: [v.organisationId], status: 'SUBMITTED', pageSize: 50 }),
    as: 'auditor1@demo.test',
    list: true,
  },
  {
    // Every contractor's overall score over its COMPLETED responses (3 in 10 generated responses).
    name: 'assessment/responses/getTotalScoresOfContrsInCompany',
    method: 'POST',
    path: '/api/assessment/responses/getTotalScoresOfContrsInCompany',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'admin@demo.test',
    list: true,
  },
  // Dashboards (issue 13): the organisation home and the Engagement pages over every contractor.
  {
    // The Performance panel: one month (the previous one), every location.
    name: 'assessment/responses/getCapPerformanceData month',
    method: 'POST',
    path: '/api/assessment/responses/getCapPerformanceData',
    bodyOf: (v) => ({ ...previousMonth(), companyId: v.organisationId }),
    as: 'admin@demo.test',
  },
  {
    // A year at one location (a compare period may be a whole month of another year).
    name: 'assessment/responses/getCapPerformanceData year location',
    method: 'POST',
    path: '/api/assessment/responses/getCapPerformanceData',
    bodyOf: (v) => ({ ...lastYear(), companyId: v.organisationId, location: 'Dundee' }),
    as: 'admin@demo.test',
  },
  {
    name: 'assessment/responses/getESGOForAllContractors',
    method: 'POST',
    path: '/api/assessment/responses/getESGOForAllContractors',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'admin@demo.test',
  },
  {
    // The homes' Leaderboard card: the top 5, a page from the server (issue 21), with the number
    // ranked. (The whole leaderboard, the spec's call, is the card's View all.)
    name: 'admin/leaderboard',
    method: 'GET',
    path: '/api/admin/leaderboard',
    pathOf: (v) => leaderboardPage(v.organisationId),
    as: 'admin@demo.test',
    list: true,
  },
  {
    // A contractor's: the top 5 anonymised, with its own entry (its home's position card).
    name: 'admin/leaderboard contractor',
    method: 'GET',
    path: '/api/admin/leaderboard',
    pathOf: (v) => leaderboardPage(v.organisationId),
    as: 'bench.contractor00001@demo.test',
    list: true,
  },
  {
    name: 'dashboard/getEngagement',
    method: 'POST',
    path: '/api/dashboard/getEngagement',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'admin@demo.test',
  },
  {
    // A contractor's Engagement page: its own row, the others anonymised.
    name: 'dashboard/getEngagement contractor',
    method: 'POST',
    path: '/api/dashboard/getEngagement',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'bench.contractor00001@demo.test',
  },
  {
    name: 'dashboard/getPendingTasks',
    method: 'POST',
    path: '/api/dashboard/getPendingTasks',
    bodyOf: (v) => ({ companyId: v.organisationId, limit: 5 }),
    as: 'admin@demo.test',
    list: true,
  },
  {
    name: 'dashboard/getAssessmentStatusCounts',
    method: 'POST',
    path: '/api/dashboard/getAssessmentStatusCounts',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'admin@demo.test',
  },
  // Safety observations (issue 14) over generate.ts's 100 000 reports: the year's counts per month
  // and category (organisation; one contractor), and the first page of this month's table.
  {
    name: 'company/reportgraph',
    method: 'POST',
    path: '/api/company/reportgraph',
    bodyOf: (v) => ({ year: new Date().getFullYear(), company_id: v.organisationId }),
    as: 'admin@demo.test',
  },
  {
    name: 'contractor/reportgraph',
    method: 'POST',
    path: '/api/contractor/reportgraph',
    bodyOf: (v) => ({ year: new Date().getFullYear(), managerid: v.contractorId }),
    as: 'bench.contractor00001@demo.test',
  },
  {
    name: 'company/reporttable',
    method: 'POST',
    path: '/api/company/reporttable',
    bodyOf: (v) => {
      const now = new Date();
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return {
        start_date: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
        end_date: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
        company_id: v.organisationId,
        page: 0,
        limit: 5,
      };
    },
    as: 'admin@demo.test',
  },
  {
    // The organisation's Recent Policy Updates card: documents, viewers and the audience count
    // (every generated contractor and employee).
    name: 'document/getDocumentsByCompanyId viewers',
    method: 'POST',
    path: '/api/document/getDocumentsByCompanyId?viewers=true',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'admin@demo.test',
  },
  {
    name: 'document/getDocumentsByCompanyId contractor',
    method: 'POST',
    path: '/api/document/getDocumentsByCompanyId',
    bodyOf: (v) => ({ companyId: v.organisationId }),
    as: 'bench.contractor00001@demo.test',
  },
  {
    name: 'feedback/getFeedbacksByCompanyId',
    method: 'POST',
    path: '/api/feedback/getFeedbacksByCompanyId',
    bodyOf: (v) => ({ companyId: v.organisationId, page: 1, pageSize: 5 }),
    as: 'admin@demo.test',
  },  {
    // The organisation's Employee Learning table: a page of its employees (5 000 in the bench
    // data set) by name with their hours and completed modules, and the modules count.
    name: 'company/fetchLearningTable',
    method: 'GET',
    path: '/api/company/fetchLearningTable',
    pathOf: (v) => `/api/company/fetchLearningTable?cmp_id=${v.organisationId}&page=1&pageSize=10`,
    as: 'admin@demo.test',
  },
  {
    name: 'company/fetchLearningTable search',
    method: 'GET',
    path: '/api/company/fetchLearningTable',
    pathOf: (v) => `/api/company/fetchLearningTable?cmp_id=${v.organisationId}&page=2&pageSize=30&search=${encodeURIComponent('Employee 01')}`,
    as: 'admin@demo.test',
  },
  {
    name: 'contractor/fetchLearningTable',
    method: 'GET',
    path: '/api/contractor/fetchLearningTable',
    pathOf: (v) => `/api/contractor/fetchLearningTable?cmp_id=${v.organisationId}&page=1&pageSize=10`,
    as: 'bench.contractor00001@demo.test',
  },
  {
    // Learning in hours: 12 months of the organisation's sums.
    name: 'company/fetchLearningGraph',
    method: 'GET',
    path: '/api/company/fetchLearningGraph',
    pathOf: (v) => `/api/company/fetchLearningGraph?cmp_id=${v.organisationId}&year=${new Date().getUTCFullYear()}`,
    as: 'admin@demo.test',
  },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The previous calendar month (UTC): the Performance panel's default look back. */
function previousMonth(): { from: string; to: string } {
  const now = new Date();
  return {
    from: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    to: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
  };
}

/** The last 365 days. */
function lastYear(): { from: string; to: string } {
  const now = new Date();
  return { from: isoDay(new Date(now.getTime() - 365 * 86_400_000)), to: isoDay(now) };
}

/** The homes' first page of the leaderboard: the top 5 (DASHBOARD_LIST_ROWS). */
function leaderboardPage(organisationId: string): string {
  return `/api/admin/leaderboard?cmp_id=${encodeURIComponent(organisationId)}&page=1&pageSize=${DASHBOARD_LIST_ROWS}`;
}
