import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssessmentListPage } from '../pages/assessment-list-page';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { makeAssessment, makeResponse, renderContractorPage } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/atgl/Contractor/Assessment';
const ASSESSMENTS = '/api/assessment/getAssessmentsByContractorId';
const RESPONSES = '/api/assessment/responses/getResponsesByContractorId';
const CREATE = '/api/assessment/responses/createResponseForContractor';

const assessments = [
  makeAssessment({ _id: 'a1', name: 'Annual HSE', responseId: 'r1', responseStatus: 'PENDING' }),
  makeAssessment({
    _id: 'a2',
    name: 'Working at Height',
    responseId: 'r2',
    responseStatus: 'COMPLETED',
  }),
  makeAssessment({
    _id: 'a3',
    name: 'Environmental Review',
    status: 'NEW',
    dueDate: '2020-01-31',
    companyName: 'Acme Energy',
    lastAccessTime: '2026-03-03T10:00:00.000Z',
  }),
];
const responses = [
  makeResponse({
    _id: 'r1',
    assessmentId: 'a1',
    assessment: { _id: 'a1', name: 'Annual HSE', dueDate: '2020-01-10' },
    isDueDateExtended: true,
    newDueDate: '2020-02-01',
    effectiveDueDate: '2020-02-01',
    lastAccessTime: '2026-03-01T10:00:00.000Z',
    progress: 33.33,
    scored: 0,
    total: 60,
  }),
  makeResponse({
    _id: 'r2',
    status: 'COMPLETED',
    assessmentId: 'a2',
    assessment: { _id: 'a2', name: 'Working at Height', dueDate: '2020-01-10' },
    effectiveDueDate: '2020-01-10',
    lastAccessTime: '2026-03-02T10:00:00.000Z',
    progress: 100,
    scored: 48,
    total: 60,
  }),
];

interface PageBody {
  contractorId: string;
  page: number;
  pageSize: number;
  status?: string;
  sort?: string;
  search?: string;
}

/** The server's paged getResponsesByContractorId over these responses; each body asked is kept. */
function pages(all: readonly ResponseReply[], asked: PageBody[] = []) {
  return (body: unknown) => {
    const b = body as PageBody;
    asked.push(b);
    const needle = b.search?.toLowerCase();
    const rows = all
      .filter(
        (r) =>
          (b.status === undefined || r.status === b.status) &&
          (needle === undefined || r.assessment.name.toLowerCase().includes(needle)),
      )
      .sort(
        (x, y) =>
          (b.sort === 'OTN' ? 1 : -1) * x.lastAccessTime.localeCompare(y.lastAccessTime),
      );
    return {
      data: {
        items: rows.slice((b.page - 1) * b.pageSize, b.page * b.pageSize),
        total: rows.length,
        page: b.page,
        pageSize: b.pageSize,
      },
    };
  };
}

function cardNames(): string[] {
  const list = screen.getByRole('list', { name: 'Assessments' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label') ?? '');
}

describe('assessment list', () => {
  it('shows a card per response and per unstarted assessment, newest first', async () => {
    const asked: PageBody[] = [];
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: pages(responses, asked),
    });
    await screen.findByRole('article', { name: 'Annual HSE' });
    expect(cardNames()).toEqual(['Environmental Review', 'Working at Height', 'Annual HSE']);
    // One page of the responses, asked of the server (issue 21).
    expect(asked).toEqual([{ contractorId: 'c1', page: 1, pageSize: 10, sort: 'NTO' }]);

    const pending = screen.getByRole('article', { name: 'Annual HSE' });
    expect(pending.classList.contains('pending')).toBe(true);
    // Not scored yet rather than 0/60, which would read as a failing score.
    expect(within(pending).getByText('Not scored yet')).toBeTruthy();
    expect(within(pending).getByText('North Sea Scaffolding')).toBeTruthy();
    expect(within(pending).getByText('01/03/2026')).toBeTruthy();
    // The extended due date, and it has passed while the contractor holds the pen.
    expect(within(pending).getByText(/01\/02\/2020/)).toBeTruthy();
    expect(within(pending).getByText('Overdue')).toBeTruthy();
    expect(
      within(pending)
        .getByRole('progressbar', { name: 'Progress of Annual HSE' })
        .getAttribute('aria-valuetext'),
    ).toBe('33.33%');
    expect(
      within(pending).getByRole('link', { name: 'View Annual HSE' }).getAttribute('href'),
    ).toBe('/atgl/Contractor/assessment/r1/categories');

    const completed = screen.getByRole('article', { name: 'Working at Height' });
    expect(completed.classList.contains('completed')).toBe(true);
    expect(within(completed).getByText('48/60')).toBeTruthy();
    // A completed response is not overdue, whatever its date.
    expect(within(completed).queryByText('Overdue')).toBeNull();

    const fresh = screen.getByRole('article', { name: 'Environmental Review' });
    expect(fresh.classList.contains('new')).toBe(true);
    expect(within(fresh).getByText('Acme Energy')).toBeTruthy();
    expect(within(fresh).getByText('Overdue')).toBeTruthy();
    expect(
      within(fresh).getByRole('button', { name: 'Start Assessment Environmental Review' }),
    ).toBeTruthy();
    expect(within(fresh).queryByRole('link')).toBeNull();
  });

  it('filters by status and sorts oldest first', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: pages(responses),
    });
    await screen.findByRole('article', { name: 'Annual HSE' });
    const filters = screen.getByRole('group', { name: 'Status' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'New', 'Pending', 'Submitted', 'Reassessment', 'Completed']);
    await userEvent.click(within(filters).getByRole('button', { name: 'New' }));
    expect(cardNames()).toEqual(['Environmental Review']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Pending' }));
    expect(cardNames()).toEqual(['Annual HSE']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Submitted' }));
    expect(screen.getByText('No assessments match this filter.')).toBeTruthy();
    await userEvent.click(within(filters).getByRole('button', { name: 'All' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest To Newest' }));
    // The assessments not started yet open the first page; the responses follow, oldest first.
    await waitFor(() =>
      expect(cardNames()).toEqual(['Environmental Review', 'Annual HSE', 'Working at Height']),
    );
  });

  it('keeps every status filter in reach of the keyboard: Tab walks them, Space and Enter choose', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: pages(responses),
    });
    await screen.findByRole('article', { name: 'Annual HSE' });
    const filters = screen.getByRole('group', { name: 'Status' });
    const buttons = within(filters).getAllByRole('button');
    const user = userEvent.setup();
    buttons[0]?.focus();
    const reached = [document.activeElement?.textContent];
    for (let i = 1; i < buttons.length; i += 1) {
      await user.tab();
      reached.push(document.activeElement?.textContent);
    }
    expect(reached).toEqual(['All', 'New', 'Pending', 'Submitted', 'Reassessment', 'Completed']);
    await user.keyboard(' ');
    expect(within(filters).getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe('true');
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(within(filters).getByRole('button', { name: 'Reassessment' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(filters).getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('pages the responses through the server and searches there by name', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeResponse({
        _id: `m${i}`,
        assessmentId: `ma${i}`,
        assessment: { _id: `ma${i}`, name: `Audit ${String(i).padStart(2, '0')}`, dueDate: '2099-01-01' },
        lastAccessTime: `2026-02-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      }),
    );
    const asked: PageBody[] = [];
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: [assessments[2]] },
      [RESPONSES]: pages(many, asked),
    });
    await screen.findByRole('article', { name: 'Audit 11' });
    expect(cardNames()).toHaveLength(11);
    expect(cardNames().slice(0, 2)).toEqual(['Environmental Review', 'Audit 11']);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(cardNames()).toEqual(['Audit 01', 'Audit 00']));
    expect(asked.at(-1)).toMatchObject({ page: 2, pageSize: 10 });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search assessments by name' }), 'audit 0');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, search: 'audit 0' }));
    await waitFor(() => expect(cardNames()).toHaveLength(10));
    expect(cardNames()[0]).toBe('Audit 09');
  });

  it('keeps status, sort, search and page in the URL: read on load, written on change, Back returns to them', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      makeResponse({
        _id: `m${i}`,
        status: i % 2 === 0 ? 'COMPLETED' : 'PENDING',
        assessmentId: `ma${i}`,
        assessment: { _id: `ma${i}`, name: `Audit ${String(i).padStart(2, '0')}`, dueDate: '2099-01-01' },
        lastAccessTime: `2026-02-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      }),
    );
    const asked: PageBody[] = [];
    const { router } = renderContractorPage(
      <AssessmentListPage />,
      PATH,
      `${PATH}?status=COMPLETED&sort=OTN&q=audit&page=2`,
      { [ASSESSMENTS]: { data: [assessments[2]] }, [RESPONSES]: pages(many, asked) },
    );
    await screen.findByRole('article', { name: 'Audit 20' });
    expect(asked[0]).toEqual({
      contractorId: 'c1',
      page: 2,
      pageSize: 10,
      sort: 'OTN',
      status: 'COMPLETED',
      search: 'audit',
    });
    expect(cardNames()).toEqual(['Audit 20', 'Audit 22', 'Audit 24']);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search assessments by name' }).value).toBe('audit');
    expect(screen.getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    expect(router.state.location.search).toBe('?status=PENDING&sort=OTN&q=audit');
    await waitFor(() => expect(cardNames()[0]).toBe('Audit 01'));
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(router.state.location.search).toBe('?status=PENDING&sort=OTN&q=audit&page=2');
    await waitFor(() => expect(cardNames()).toEqual(['Audit 21', 'Audit 23']));

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?status=COMPLETED&sort=OTN&q=audit&page=2');
    await waitFor(() => expect(cardNames()).toEqual(['Audit 20', 'Audit 22', 'Audit 24']));
  });

  it('starts an assessment and lands on its categories', async () => {
    let body: unknown;
    const { router } = renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: pages(responses),
      [CREATE]: (b) => {
        body = b;
        return { data: makeResponse({ _id: 'r3', assessmentId: 'a3' }) };
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Assessment Environmental Review' }),
    );
    await waitFor(() =>
      expect(body).toEqual({
        assessmentId: 'a3',
        contractor: {
          contractorId: 'c1',
          contractorName: 'North Sea Scaffolding',
          companyId: 'org1',
        },
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/atgl/Contractor/assessment/r3/categories'),
    );
  });

  it('says Error in creating response! when the start fails', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: pages(responses),
      [CREATE]: {
        status: 500,
        message: 'Something went wrong on our side. Please try again later',
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Start Assessment Environmental Review' }),
    );
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Error in creating response!',
    );
  });

  it('says Error in fetching assessments! when either call fails', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: {
        status: 500,
        message: 'Something went wrong on our side. Please try again later',
      },
    });
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Error in fetching assessments!',
    );
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when nothing has been shared', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: [] },
      [RESPONSES]: pages([]),
    });
    expect(await screen.findByText('No assessment has been shared with you yet.')).toBeTruthy();
  });
});
