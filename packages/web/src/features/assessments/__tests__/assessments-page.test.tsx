import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { contractorSearchHandlers, pickCompany } from '../../../test/contractor-search';
import { mockFetch } from '../../../test/mock-fetch';
import { prefetchOverview } from '../api/get-responses';
import { AssessmentsPage } from '../pages/assessments-page';
import { contractors, inDays, makeResponse, ORG, renderSignedIn } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/sapphire/Assessment';
const responses = [
  makeResponse({ _id: 'r1', status: 'SUBMITTED', lastAccessTime: '2026-03-01T10:00:00Z' }),
  makeResponse({
    _id: 'r2',
    status: 'PENDING',
    contractorId: 'c2',
    contractorName: 'Harbour Electrical Services',
    assessment: { _id: 'a2', name: 'Working at Height Audit', dueDate: inDays(10) },
    lastAccessTime: '2026-03-05T10:00:00Z',
    scored: 0,
    total: 25,
    progress: 33.33,
  }),
  makeResponse({ _id: 'r3', status: 'COMPLETED', lastAccessTime: '2026-02-01T10:00:00Z' }),
];

function assessment(overrides: Partial<AssessmentReply>): AssessmentReply {
  return {
    _id: 'a1',
    name: 'Annual HSE Review',
    dueDate: inDays(30),
    status: 'NEW',
    version: 0,
    contractors: ['c1', 'c2'],
    creator: { id: 'u1', userType: 2, name: 'Dana Admin' },
    companyId: ORG,
    companyName: 'Demo Gas Ltd',
    sections: [],
    timeline: [],
    lastAccessTime: '2026-03-01T10:00:00Z',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

const base = contractorSearchHandlers(contractors);

/** The server's getResponsesByCompanyIds over `responses`: status, contractor, sort, paging. */
function serverPage(body: unknown) {
  const q = body as {
    status?: string;
    contractorId?: string;
    sort?: 'NTO' | 'OTN';
    page?: number;
    pageSize?: number;
  };
  const sign = q.sort === 'OTN' ? 1 : -1;
  const kept = responses
    .filter((r) => !q.status || r.status === q.status)
    .filter((r) => !q.contractorId || r.contractorId === q.contractorId)
    .sort((a, b) => sign * (Date.parse(a.lastAccessTime) - Date.parse(b.lastAccessTime)));
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  return {
    data: {
      items: kept.slice((page - 1) * pageSize, page * pageSize),
      total: kept.length,
      page,
      pageSize,
    },
  };
}

/** The handlers, with getResponsesByCompanyIds answered by serverPage and each body kept in `bodies`. */
function recordingServer(bodies: unknown[]) {
  return {
    ...base,
    '/api/assessment/responses/getResponsesByCompanyIds': (body: unknown) => {
      bodies.push(body);
      return serverPage(body);
    },
  };
}

describe('Assessments overview', () => {
  it('shows its empty state, not sample data, while the responses call does not exist (404)', async () => {
    mockFetch(base); // getResponsesByCompanyIds answers 404
    renderSignedIn(<AssessmentsPage />, PATH);
    expect(await screen.findByText(/No assessment has been answered yet/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull(); // no Error dialog for the 404
    expect(screen.getByRole('link', { name: 'Add New Assessment' }).getAttribute('href')).toBe(
      '/sapphire/Add_Assessment',
    );
  });

  it('says so when the responses cannot be fetched', async () => {
    mockFetch({
      ...base,
      '/api/assessment/responses/getResponsesByCompanyIds': { status: 500, message: 'boom' },
    });
    renderSignedIn(<AssessmentsPage />, PATH);
    expect(await screen.findByText('Error in fetching assessments!')).toBeTruthy();
  });

  it('reads the first page under the key the side menu asks for ahead (issue 63), so it is asked once', async () => {
    const bodies: unknown[] = [];
    mockFetch(recordingServer(bodies));
    const { queryClient } = renderSignedIn(<AssessmentsPage />, PATH);
    const list = await screen.findByRole('list', { name: 'Assessment responses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(bodies).toHaveLength(1);
    // What the menu does on the organisation's pointer: the page's fresh first page is the one it
    // asks for, so no second call goes out.
    prefetchOverview(queryClient, ORG);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toHaveLength(1);
    // Under another organisation's key, it does ask.
    prefetchOverview(queryClient, 'org2');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ companyIds: ['org2'], sort: 'NTO', page: 1, pageSize: 50 });
  });

  it('shows a card per response, filtered, sorted and linked to its categories', async () => {
    const bodies: unknown[] = [];
    mockFetch(recordingServer(bodies));
    renderSignedIn(<AssessmentsPage />, PATH);
    const list = await screen.findByRole('list', { name: 'Assessment responses' });
    const cards = () => within(list).getAllByRole('listitem');
    expect(cards()).toHaveLength(3);
    const first = cards()[0];
    if (!first) throw new Error('no card');
    expect(first.textContent).toContain('Working at Height Audit');
    // A PENDING response has no score yet (issue 56: no marks before the auditor completes it).
    expect(first.textContent).toContain('Not scored yet');
    expect(first.textContent).not.toContain('0/25');
    expect(first.textContent).toContain('Harbour Electrical Services');
    expect(first.textContent).toContain('33.33%');
    expect(
      within(first)
        .getByRole('link', { name: 'View Working at Height Audit of Harbour Electrical Services' })
        .getAttribute('href'),
    ).toBe('/sapphire/Cap_AssesmentView/r2');

    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
    expect(bodies[0]).toEqual({ companyIds: [ORG], sort: 'NTO', page: 1, pageSize: 50 });

    await userEvent.click(screen.getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies.at(-1)).toMatchObject({ status: 'COMPLETED', sort: 'NTO' });
    expect(screen.getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'OTN');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(cards()[0]?.textContent).toContain('Annual HSE Review'));
    // The company filter searches the server as the user types (issue 63).
    await pickCompany('Company', 'harb', /^Harbour Electrical Services/);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(bodies.at(-1)).toMatchObject({ contractorId: 'c2', sort: 'OTN' });
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveProperty('value', 'Harbour Electrical Services');
    await userEvent.click(screen.getByRole('button', { name: 'Submitted' }));
    expect(await screen.findByText('No responses match these filters.')).toBeTruthy();
  });

  it('lists the assessments without a response in the Assessments modal, with edit links', async () => {
    const asked: unknown[] = [];
    mockFetch({
      ...base,
      '/api/assessment/getAssessmentsByCompanyIds': (body) => {
        asked.push(body);
        return { data: { data: [assessment({ _id: 'a1' })], total: 1 } };
      },
    });
    renderSignedIn(<AssessmentsPage />, PATH);
    await userEvent.click(screen.getByRole('button', { name: 'Assessments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assessments' });
    const link = await within(dialog).findByRole('link', { name: 'Edit Annual HSE Review' });
    expect(link.getAttribute('href')).toBe('/sapphire/editAssessment/a1');
    expect(asked).toEqual([{ companyIds: [ORG], status: 'NEW', sections: false, page: 1, pageSize: 10 }]);
    expect(within(dialog).getByText(/Shared with 2 companies/)).toBeTruthy();
    // One page: no pager.
    expect(within(dialog).queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('deletes an assessment of the Assessments modal after a confirmation, and reads the list again', async () => {
    let list = [assessment({ _id: 'a1' }), assessment({ _id: 'a2', name: 'Extra Copy Review' })];
    const deleted: unknown[] = [];
    mockFetch({
      ...base,
      '/api/assessment/getAssessmentsByCompanyIds': () => ({ data: { data: list, total: list.length } }),
      '/api/assessment/deleteAssessment': (body) => {
        deleted.push(body);
        list = list.filter((a) => a._id !== 'a2');
        return { message: 'Assessment deleted successfully', data: { _id: 'a2' } };
      },
    });
    renderSignedIn(<AssessmentsPage />, PATH);
    await userEvent.click(screen.getByRole('button', { name: 'Assessments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assessments' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Extra Copy Review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete assessment' });
    expect(within(confirm).getByText(/Delete "Extra Copy Review"\?/)).toBeTruthy();
    // Cancel first: nothing is sent.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete Extra Copy Review' }));
    const again = await screen.findByRole('dialog', { name: 'Delete assessment' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Assessment deleted successfully')).toBeTruthy();
    expect(deleted).toEqual([{ assessmentId: 'a2' }]);
    await waitFor(() => expect(within(dialog).queryByText('Extra Copy Review')).toBeNull());
    expect(within(dialog).getByText('Annual HSE Review')).toBeTruthy();
  });

  it('pages the Assessments modal through the server, 10 a page, with 20 and 30 to choose', async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      assessment({ _id: `n${i + 1}`, name: `New Audit ${String(i + 1).padStart(2, '0')}` }),
    );
    const asked: { page?: number; pageSize?: number }[] = [];
    mockFetch({
      ...base,
      '/api/assessment/getAssessmentsByCompanyIds': (body) => {
        const { page = 1, pageSize = 10 } = body as { page?: number; pageSize?: number };
        asked.push({ page, pageSize });
        return { data: { data: all.slice((page - 1) * pageSize, page * pageSize), total: all.length } };
      },
    });
    renderSignedIn(<AssessmentsPage />, PATH);
    await userEvent.click(screen.getByRole('button', { name: 'Assessments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assessments' });
    const names = () => within(dialog).queryAllByTestId('unanswered-assessment').map((li) => li.textContent ?? '');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()[0]).toContain('New Audit 01');
    expect(within(dialog).getByText('1–10 of 25')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(names()[0]).toContain('New Audit 11'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(names()[4]).toContain('New Audit 25');
    expect(within(dialog).getByText('21–25 of 25')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '30' }));
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(asked).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
      { page: 3, pageSize: 10 },
      { page: 1, pageSize: 30 },
    ]);
  });
});
