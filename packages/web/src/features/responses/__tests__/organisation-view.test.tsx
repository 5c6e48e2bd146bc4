import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResponseTimelineEntry } from '@palisade/domain/responses/response.schema';
import { AnswerType, AssessStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { makeProfile } from '../../../test/fixtures';
import { fileNameOf } from '../api/export-response';
import { OrganisationChecklistPage } from '../pages/organisation-checklist-page';
import { OrganisationResponsePage } from '../pages/organisation-response-page';
import {
  makeQuestion,
  makeResponse,
  makeSection,
  narrowScreen,
  renderContractorPage,
  wideScreen,
} from './fixtures';

beforeEach(wideScreen);
afterEach(() => {
  vi.unstubAllGlobals();
  narrowScreen();
});

const ADMIN = makeProfile({
  _id: 'o1',
  user: 'o1',
  type: 2,
  name: 'Olive Org',
  cmp_id: 'org1',
  companyId: 'org1',
});
const GET = '/api/assessment/responses/getResponseById';
const EXPORT = '/api/assessment/responses/exportResponseToExcel';
const PATH = '/sapphire/Cap_AssesmentView/:responseId';
const URL = '/sapphire/Cap_AssesmentView/r1';
const TPIS = '/api/tpi/getTpisByCompanyId';
const ASSIGN = '/api/assessment/responses/assignAuditor';
const AUDIT = '/api/audit/list';
/** The assessment's recurrence (issue 58): these assessments do not recur. */
const RECURRENCE = '/api/recurrence/getRecurrence';
/** The response's own history from the activity log (#23). */
const HISTORY = {
  rows: [
    {
      id: 2,
      at: '2026-03-08T10:00:00.000Z',
      actorId: 'o1',
      actorName: 'Olive Org',
      actorType: 2,
      action: 'response.edit',
      entity: 'response',
      entityId: 'r1',
      before: { newDueDate: null },
      after: { newDueDate: '2099-07-15' },
    },
    {
      id: 1,
      at: '2026-03-07T10:00:00.000Z',
      actorId: 'a9',
      actorName: 'Ann Auditor',
      actorType: 4,
      action: 'response.changeStatus',
      entity: 'response',
      entityId: 'r1',
      before: { status: 'SUBMITTED' },
      after: { status: 'COMPLETED' },
    },
    {
      id: 0,
      at: '2026-03-07T09:00:00.000Z',
      actorId: 'a9',
      actorName: 'Ann Auditor',
      actorType: 4,
      action: 'response.reviewSection',
      entity: 'response',
      entityId: 'r1',
      before: { sectionId: 's1', questions: [{ id: 'q1', assessStatus: 'NONE', remarks: null }, { id: 'q2', assessStatus: 'NONE', remarks: null }, { id: 'q3', assessStatus: 'NONE', remarks: null }], scoredMarks: null },
      after: {
        sectionId: 's1',
        section: 'PPE',
        totalMarks: 30,
        questions: [{ id: 'q1', assessStatus: 'ACCEPTED', remarks: null }, { id: 'q2', assessStatus: 'ACCEPTED', remarks: null }, { id: 'q3', assessStatus: 'REJECTED', remarks: 'Sign it' }],
        scoredMarks: 20,
      },
    },
  ],
  total: 3,
  actors: [],
};
const AUDITORS = [
  { _id: 'a1', name: 'Safeguard Inspections', isActive: true },
  { _id: 'a2', name: 'Retired Audits', isActive: false },
];

function entry(i: number, to: ResponseStatus, from: ResponseStatus | null): ResponseTimelineEntry {
  return {
    at: `2026-03-0${i}T10:00:00.000Z`,
    by: { id: 'x', name: i % 2 ? 'Casey Contractor' : 'Ann Auditor', type: i % 2 ? 3 : 4 },
    from,
    to,
    note: i === 3 ? 'Due date extended to 15/07/2099' : null,
  };
}

function response(status: ResponseStatus = 'COMPLETED') {
  return makeResponse({
    status,
    scored: 12,
    total: 40,
    timeline: [
      entry(1, 'PENDING', null),
      entry(2, 'SUBMITTED', 'PENDING'),
      entry(3, 'REASSESSMENT', 'SUBMITTED'),
      entry(4, 'SUBMITTED', 'REASSESSMENT'),
      entry(5, 'REASSESSMENT', 'SUBMITTED'),
      entry(6, 'SUBMITTED', 'REASSESSMENT'),
      entry(7, 'COMPLETED', 'SUBMITTED'),
    ],
    sections: [
      makeSection('s1', 'Safety Management', [
        makeQuestion('q1', AnswerType.YES_NO, {
          answered: true,
          assessStatus: AssessStatus.ACCEPTED,
          remarks: 'Well documented',
        }),
        makeQuestion('q2', AnswerType.NUMERIC, {
          answered: true,
          assessStatus: AssessStatus.ACCEPTED,
        }),
      ]),
      makeSection('s2', 'PPE', [makeQuestion('q3', AnswerType.SHORT_ANSWER, { answered: true })]),
    ],
  });
}

describe('organisation response view', () => {
  it('assigns one of the organisation’s active auditors, and Any auditor removes it (issue 19)', async () => {
    const bodies: unknown[] = [];
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response('SUBMITTED') },
      [AUDIT]: { data: HISTORY },
      [ASSIGN]: (b) => {
        bodies.push(b);
        const auditorId = (b as { auditorId: string | null }).auditorId;
        return { data: { ...response('SUBMITTED'), assignedAuditor: auditorId ? { _id: auditorId, name: 'Safeguard Inspections' } : null } };
      },
    });
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Assigned auditor' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(false));
    // Inactive auditors are not offered.
    expect([...select.options].map((o) => o.textContent)).toEqual(['Any auditor', 'Safeguard Inspections']);
    await userEvent.selectOptions(select, 'a1');
    expect(await screen.findByText('Assigned to Safeguard Inspections')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('a1'));
    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(bodies).toEqual([{ responseId: 'r1', auditorId: 'a1' }, { responseId: 'r1', auditorId: null }]));
  });

  it('keeps the assignment fixed once COMPLETED', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response('COMPLETED') },
      [AUDIT]: { data: HISTORY },
    });
    const select = await screen.findByRole('combobox', { name: 'Assigned auditor' });
    await waitFor(() => expect(select.hasAttribute('disabled')).toBe(true));
  });

  it('shows "Not scored yet", no partial marks and no band, on a resubmitted response (issue 56)', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      // Resubmitted after a reassessment: the accepted categories kept their 12 marks.
      [GET]: { data: response('SUBMITTED') },
      [AUDIT]: { data: HISTORY },
    });
    const card = await screen.findByRole('region', { name: 'Score' });
    expect(within(card).getByText('Not scored yet')).toBeTruthy();
    expect(within(card).queryByText('12/40')).toBeNull();
    expect(within(card).queryByText('30%')).toBeNull();
    expect(card.querySelector('[data-band]')).toBeNull();
  });

  it('shows the score card with its band, the categories and the 5 latest timeline entries', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response() },
      [AUDIT]: { data: HISTORY },
    });
    const card = await screen.findByRole('region', { name: 'Score' });
    expect(within(card).getByText('12/40')).toBeTruthy();
    expect(within(card).getByText('30%')).toBeTruthy();
    expect(within(card).getByText('Red').closest('[data-band]')?.getAttribute('data-band')).toBe(
      'RED',
    );
    expect(within(card).getByText('Completed')).toBeTruthy();
    const categories = screen.getByRole('list', { name: 'Categories of the assessment' });
    expect(within(categories).getByRole('link', { name: 'PPE' }).getAttribute('href')).toBe(
      '/sapphire/Cap_AssesmentView/r1/Categories/cat-s2',
    );
    const timeline = screen.getByRole('list', { name: 'Status changes, newest first' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(5);
    expect(within(timeline).getAllByRole('listitem')[0]?.textContent).toContain(
      'Submitted → Completed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'View all' }));
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(7);
    expect(timeline.textContent).toContain('Due date extended to 15/07/2099');
    expect(screen.queryByRole('button', { name: 'Export To Excel' })).toBeNull();
  });

  it("shows the response's history from the activity log, newest first, as sentences with their details", async () => {
    const bodies: unknown[] = [];
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response() },
      [AUDIT]: (b) => {
        bodies.push(b);
        return { data: HISTORY };
      },
    });
    const history = await screen.findByRole('list', { name: 'History' });
    await within(history).findByText('Extended the due date to 15/07/2099');
    expect(screen.queryByText('No history yet')).toBeNull();
    // The rows (each holds its own list of details).
    const items = Array.from(history.children);
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Olive Org (Organisation)');
    expect(items[0]?.textContent).toContain('Extended due date: — → 15/07/2099');
    expect(items[1]?.textContent).toContain('Completed the response');
    expect(items[1]?.textContent).toContain('Status: Submitted → Completed');
    expect(items[2]?.textContent).toContain('Accepted 2 questions, rejected 1, scored 20/30 in PPE');
    for (const item of items) expect(item.textContent).not.toMatch(/[{}]|SUBMITTED|COMPLETED|2099-07-15|q1|s1|Response: /);
    expect(bodies[0]).toEqual({ page: 1, pageSize: 10, entity: 'response', entityId: 'r1' });
  });

  it('filters the questions by category, links Edit to it, and opens the remarks', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response('SUBMITTED') },
      [AUDIT]: { data: HISTORY },
    });
    const table = await screen.findByRole('table', { name: 'Questions and answers' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'cat-s1');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/sapphire/Cap_AssesmentView/r1/Categories/cat-s1',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Remarks on question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remarks on question 1' });
    expect(within(dialog).getByText('Well documented')).toBeTruthy();
    // Page sizes of the detail table (spec §2.5).
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const pager = screen.getAllByRole('combobox').at(-1);
    if (!pager) throw new Error('no pager');
    await userEvent.click(pager);
    const sizes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30']);
  });

  it('keeps Edit disabled while PENDING', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: ADMIN },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response('PENDING') },
      [AUDIT]: { data: HISTORY },
    });
    await screen.findByRole('table', { name: 'Questions and answers' });
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'cat-s1');
    expect(screen.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);
  });

  it('exports to Excel for users with canExportAssessmentData, under the server file name', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, {
        createObjectURL: () => 'blob:x',
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { fetchMock } = renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: makeProfile({ ...ADMIN, canExportAssessmentData: true }) },
      [GET]: { data: response() },
      [AUDIT]: { data: HISTORY },
    });
    const button = await screen.findByRole('button', { name: 'Export To Excel' });
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (input === EXPORT) {
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="Annual_HSE_Pre-qualification.xlsx"',
          },
        });
      }
      if (!inner) throw new Error('no fetch');
      return inner(input, init);
    });
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['Annual_HSE_Pre-qualification.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => input === EXPORT);
    const sent = call?.[1]?.body;
    expect(typeof sent === 'string' ? JSON.parse(sent) : null).toEqual({ responseId: 'r1' });
    click.mockRestore();
  });

  it('shows a refused export in the Error dialog', async () => {
    renderContractorPage(<OrganisationResponsePage />, PATH, URL, {
      [RECURRENCE]: { data: null },
      '/api/auth/me': { data: makeProfile({ ...ADMIN, canExportAssessmentData: true }) },
      [TPIS]: { data: AUDITORS },
      [GET]: { data: response() },
      [AUDIT]: { data: HISTORY },
      [EXPORT]: { status: 403, message: 'You may not export assessment data' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export To Excel' }));
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(alert.textContent).toContain('You may not export assessment data');
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="A_B.xlsx"')).toBe('A_B.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''R%C3%A9sum%C3%A9.xlsx")).toBe('Résumé.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('organisation checklist', () => {
  it('shows answers, judgements and remarks read-only and leads back to the view', async () => {
    renderContractorPage(
      <OrganisationChecklistPage />,
      '/sapphire/Cap_AssesmentView/:responseId/Categories/:categoryId',
      '/sapphire/Cap_AssesmentView/r1/Categories/cat-s1',
      { '/api/auth/me': { data: ADMIN }, [TPIS]: { data: AUDITORS }, [GET]: { data: response('SUBMITTED') } },
    );
    const table = await screen.findByRole('table', { name: 'Questions and answers' });
    expect(within(table).getAllByRole('img', { name: 'Accepted' })).toHaveLength(2);
    expect(within(table).getByText('Well documented')).toBeTruthy();
    expect(within(table).queryByRole('radio')).toBeNull();
    expect(within(table).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the assessment' }).getAttribute('href')).toBe(
      '/sapphire/Cap_AssesmentView/r1',
    );
    expect(screen.getByRole('navigation', { name: 'breadcrumb' }).textContent).toBe(
      'Assessment/View Assessment/Checklist',
    );
  });

  it('shows one card per question on phones, with the same answers and remarks', async () => {
    narrowScreen();
    renderContractorPage(
      <OrganisationChecklistPage />,
      '/sapphire/Cap_AssesmentView/:responseId/Categories/:categoryId',
      '/sapphire/Cap_AssesmentView/r1/Categories/cat-s1',
      { '/api/auth/me': { data: ADMIN }, [TPIS]: { data: AUDITORS }, [GET]: { data: response('SUBMITTED') } },
    );
    const list = await screen.findByRole('list', { name: 'Questions and answers' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('img', { name: 'Accepted' })).toHaveLength(2);
    expect(within(list).getByText('Well documented')).toBeTruthy();
  });
});
