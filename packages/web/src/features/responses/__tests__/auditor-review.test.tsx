import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { AnswerType, AssessStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { contractorSearchHandlers, makeContractor, pickCompany } from '../../../test/contractor-search';
import { makeProfile } from '../../../test/fixtures';
import { AuditorCategoriesPage } from '../pages/auditor-categories-page';
import { AuditorChecklistPage } from '../pages/auditor-checklist-page';
import { prefetchAuditorList } from '../api/get-responses-page';
import { AuditorListPage } from '../pages/auditor-list-page';
import {
  makeQuestion,
  makeResponse,
  makeSection,
  renderContractorPage,
  wideScreen,
  narrowScreen,
} from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  narrowScreen();
});

const AUDITOR = makeProfile({
  _id: 'au1',
  user: 'au1',
  type: 4,
  name: 'Ann Auditor',
  cmp_id: 'org1',
  assoc_companies: ['org1', 'org2'],
});
const me = { '/api/auth/me': { data: AUDITOR } };
const GET = '/api/assessment/responses/getResponseById';
const CHANGE = '/api/assessment/responses/changeResponseStatus';
const SAVE = '/api/assessment/responses/updateSectionInResponse';
const LIST = '/api/assessment/responses/getResponsesByCompanyIds';

const CATEGORIES_PATH = '/auditor/assessment/:responseId/categories';
const CATEGORIES_URL = '/auditor/assessment/r1/categories';
const CHECKLIST_PATH = '/auditor/assessment/:responseId/Categories/:categoryId';
const CHECKLIST_URL = '/auditor/assessment/r1/Categories/cat-s1';

/** A response of two sections whose questions carry these judgements. */
function judged(
  status: ResponseStatus,
  first: AssessStatus[],
  second: AssessStatus[],
): ResponseReply {
  const qs = (prefix: string, states: AssessStatus[]) =>
    states.map((s, i) =>
      makeQuestion(`${prefix}${i}`, AnswerType.YES_NO, { answered: true, assessStatus: s }),
    );
  const share = (states: AssessStatus[]) =>
    (states.filter((s) => s !== AssessStatus.NONE).length / states.length) * 100;
  return makeResponse({
    status,
    effectiveDueDate: '2099-06-30',
    sections: [
      makeSection('s1', 'Safety Management', qs('a', first), { judgedProgress: share(first) }),
      makeSection('s2', 'PPE', qs('b', second), { judgedProgress: share(second) }),
    ],
  });
}

const { ACCEPTED: A, REJECTED: R, NONE: N } = AssessStatus;

describe('auditor categories page', () => {
  it('shows the judged share, the red mark, auditor links, and enables only Mark for Reassessment', async () => {
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('SUBMITTED', [A, R], [A]) },
    });
    const list = await screen.findByRole('list', { name: 'Categories of the assessment' });
    const [first] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(
      within(first).getByRole('link', { name: 'Safety Management' }).getAttribute('href'),
    ).toBe('/auditor/assessment/r1/Categories/cat-s1');
    expect(within(first).getByRole('img', { name: /rejected/ })).toBeTruthy();
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(first).getByText('2 of 2 judged')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Mark for Reassessment' }).hasAttribute('disabled'),
    ).toBe(false);
    expect(screen.getByRole('button', { name: 'Mark as Completed' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('navigation', { name: 'breadcrumb' }).textContent).toBe(
      'Assessment/Categories',
    );
  });

  it('PENDING: the category names are not links, and the page says why (DECISIONS.md)', async () => {
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('PENDING', [N, N], [N]) },
    });
    const list = await screen.findByRole('list', { name: 'Categories of the assessment' });
    expect(within(list).queryAllByRole('link').every((l) => l.getAttribute('aria-disabled') === 'true')).toBe(true);
    expect(within(list).queryByRole('link', { name: 'Safety Management' })?.hasAttribute('href')).toBe(false);
    expect(screen.getByText(messages.reviewScreens.pendingNote)).toBeTruthy();
  });

  it('keeps Mark for Reassessment off while a question is not judged', async () => {
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('SUBMITTED', [N, R], [A]) },
    });
    await screen.findByText('Safety Management');
    expect(
      screen.getByRole('button', { name: 'Mark for Reassessment' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Mark as Completed' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('No in the modal sends REASSESSMENT without a date and says so', async () => {
    let body: unknown;
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('SUBMITTED', [A, R], [A]) },
      [CHANGE]: (b) => {
        body = b;
        return { data: judged('REASSESSMENT', [A, R], [A]) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark for Reassessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark for Reassessment' });
    expect(within(dialog).getByText('Do you want to change the due date?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Changed assessment status to Reassessment')).toBeTruthy();
    expect(body).toEqual({ responseId: 'r1', status: 'REASSESSMENT' });
  });

  it('Yes shows a date picker from the current due date, then sends the new date', async () => {
    let body: unknown;
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('SUBMITTED', [A, R], [A]) },
      [CHANGE]: (b) => {
        body = b;
        return { data: judged('REASSESSMENT', [A, R], [A]) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark for Reassessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark for Reassessment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByText('Current due date: 30/06/2099')).toBeTruthy();
    expect(within(dialog).getByText('Not before 30/06/2099')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Mark for Reassessment' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    const day = within(dialog).getAllByRole('spinbutton')[0];
    if (!day) throw new Error('no date field');
    await userEvent.click(day);
    await userEvent.keyboard('15072099');
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(body).toEqual({
        responseId: 'r1',
        status: 'REASSESSMENT',
        extendedDueDate: '2099-07-15',
      }),
    );
  });

  it('Mark as Completed once all is accepted, then goes to the auditor list', async () => {
    let body: unknown;
    const { router } = renderContractorPage(
      <AuditorCategoriesPage />,
      CATEGORIES_PATH,
      CATEGORIES_URL,
      {
        ...me,
        [GET]: { data: judged('SUBMITTED', [A, A], [A]) },
        [CHANGE]: (b) => {
          body = b;
          return { data: judged('COMPLETED', [A, A], [A]) };
        },
      },
    );
    const complete = await screen.findByRole('button', { name: 'Mark as Completed' });
    expect(
      screen.getByRole('button', { name: 'Mark for Reassessment' }).hasAttribute('disabled'),
    ).toBe(true);
    await userEvent.click(complete);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditor/Assessment'));
    expect(body).toEqual({ responseId: 'r1', status: 'COMPLETED' });
    expect(await screen.findByText('Changed assessment status to Completed')).toBeTruthy();
  });

  it('shows the server refusal with the spec text', async () => {
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('SUBMITTED', [A, A], [A]) },
      [CHANGE]: { status: 409, message: 'Please enter the score for PPE' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(alert.textContent).toContain(
      'Error in submitting assessment! Please enter the score for PPE',
    );
  });

  it('keeps the category links open but both buttons disabled in a no-assess state (chat: issue 19)', async () => {
    renderContractorPage(<AuditorCategoriesPage />, CATEGORIES_PATH, CATEGORIES_URL, {
      ...me,
      [GET]: { data: judged('REASSESSMENT', [A, R], [A]) },
    });
    await screen.findByText('Safety Management');
    const name = screen.getByRole('link', { name: 'Safety Management' });
    expect(name.getAttribute('href')).toBe('/auditor/assessment/r1/Categories/cat-s1');
    expect(
      screen.getByRole('button', { name: 'Mark for Reassessment' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Mark as Completed' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});

describe('auditor checklist page', () => {
  function section(status: ResponseStatus, states: AssessStatus[]) {
    return makeResponse({
      status,
      sections: [
        makeSection(
          's1',
          'Safety Management',
          [
            makeQuestion('q1', AnswerType.YES_NO, { answered: true, assessStatus: states[0] ?? N }),
            makeQuestion('q2', AnswerType.SHORT_ANSWER, { assessStatus: states[1] ?? N }),
          ],
          { totalMarks: 10 },
        ),
      ],
    });
  }

  it('shows the company response read-only and enables the score only when all are accepted', async () => {
    wideScreen();
    let body: unknown;
    const { router } = renderContractorPage(
      <AuditorChecklistPage />,
      CHECKLIST_PATH,
      CHECKLIST_URL,
      {
        ...me,
        [GET]: { data: section('SUBMITTED', [N, N]) },
        [SAVE]: (b) => {
          body = b;
          return { data: section('SUBMITTED', [A, A]) };
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Questions of the category' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Status', 'Topic', 'Company Response', 'Your Response', 'Remarks']);
    expect(within(table).getByText('Yes')).toBeTruthy();
    expect(within(table).getByText('Not answered')).toBeTruthy();
    const score = screen.getByRole('textbox', { name: 'Score of Safety Management' });
    expect(score.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('/ 10')).toBeTruthy();

    const [first, second] = within(table).getAllByRole('radiogroup') as [HTMLElement, HTMLElement];
    await userEvent.click(within(first).getByRole('radio', { name: 'Accept' }));
    expect(score.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(second).getByRole('radio', { name: 'Accept' }));
    await waitFor(() => expect(score.hasAttribute('disabled')).toBe(false));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the score')).toBeTruthy();
    await userEvent.type(score, '11');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Marks should not be more than 10')).toBeTruthy();
    await userEvent.clear(score);
    await userEvent.type(score, '2.5');
    expect(await screen.findByText('Marks must be a whole number')).toBeTruthy();
    await userEvent.clear(score);
    await userEvent.type(score, '8');
    await userEvent.type(screen.getByRole('textbox', { name: 'Remarks on question 2' }), 'Fine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/auditor/assessment/r1/categories'),
    );
    expect(body).toEqual({
      assesRespId: 'r1',
      sectionId: 's1',
      responseData: {
        questions: [
          { _id: 'q1', assessStatus: 'ACCEPTED', remarks: null },
          { _id: 'q2', assessStatus: 'ACCEPTED', remarks: 'Fine' },
        ],
        scoredMarks: 8,
      },
    });
    expect(await screen.findByText('Your response is saved')).toBeTruthy();
  });

  it('sends no score when a question is rejected', async () => {
    let body: unknown;
    renderContractorPage(<AuditorChecklistPage />, CHECKLIST_PATH, CHECKLIST_URL, {
      ...me,
      [GET]: { data: section('SUBMITTED', [A, N]) },
      [SAVE]: (b) => {
        body = b;
        return { data: section('SUBMITTED', [A, R]) };
      },
    });
    const groups = await screen.findAllByRole('radiogroup');
    await userEvent.click(within(groups[1] as HTMLElement).getByRole('radio', { name: 'Reject' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Remarks on question 2' }), 'Missing');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(body).toEqual({
        assesRespId: 'r1',
        sectionId: 's1',
        responseData: {
          questions: [
            { _id: 'q1', assessStatus: 'ACCEPTED', remarks: null },
            { _id: 'q2', assessStatus: 'REJECTED', remarks: 'Missing' },
          ],
        },
      }),
    );
  });

  it('sends a PENDING checklist back to the list: the draft is the contractor\'s own (DECISIONS.md)', async () => {
    const { router } = renderContractorPage(<AuditorChecklistPage />, CHECKLIST_PATH, CHECKLIST_URL, {
      ...me,
      [GET]: { data: section('PENDING', [N, N]) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditor/Assessment'));
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('opens read-only in REASSESSMENT, with the chat and without an attach button', async () => {
    for (const status of ['REASSESSMENT'] as const) {
      const { router, unmount } = renderContractorPage(
        <AuditorChecklistPage />,
        CHECKLIST_PATH,
        CHECKLIST_URL,
        {
          ...me,
          [GET]: { data: section(status, [N, N]) },
        },
      );
      await screen.findAllByRole('radiogroup');
      expect(router.state.location.pathname).toBe(CHECKLIST_URL);
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      for (const radio of screen.getAllByRole('radio'))
        expect(radio.hasAttribute('disabled')).toBe(true);
      expect(
        screen.getAllByRole('button', { name: /^Chat about question/ }).length,
      ).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: /^Attach a file to question/ })).toBeNull();
      expect(screen.getByText(messages.reviewScreens.reassessmentNote)).toBeTruthy();
      unmount();
    }
  });

  it('is read-only without Save once COMPLETED', async () => {
    renderContractorPage(<AuditorChecklistPage />, CHECKLIST_PATH, CHECKLIST_URL, {
      ...me,
      [GET]: { data: section('COMPLETED', [A, A]) },
    });
    await screen.findAllByRole('radiogroup');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    for (const radio of screen.getAllByRole('radio'))
      expect(radio.hasAttribute('disabled')).toBe(true);
  });
});

// The auditor's home (its SUBMITTED responses) is tested with the home pages (features/home).
describe('auditor list', () => {
  const items = Array.from({ length: 7 }, (_, i) =>
    makeResponse({
      _id: `r${i}`,
      status: 'SUBMITTED',
      assessment: { _id: `a${i}`, name: `Audit ${i}`, dueDate: '2099-12-31' },
    }),
  );

  it('reads the first page under the key the side menu asks for ahead (issue 63), so it is asked once', async () => {
    const bodies: unknown[] = [];
    const { queryClient } = renderContractorPage(<AuditorListPage />, '/auditor/Assessment', '/auditor/Assessment', {
      ...me,
      [LIST]: (b) => {
        bodies.push(b);
        return { data: { items: items.slice(0, 5), total: 5, page: 1, pageSize: 50 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Assessment responses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(bodies).toEqual([{ companyIds: ['org1'], sort: 'NTO', page: 1, pageSize: 50 }]);
    // What the menu does on the auditor's pointer: the page's fresh first page is the one it asks for.
    prefetchAuditorList(queryClient, 'org1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies).toHaveLength(1);
    // Another organisation's is another key, and no organisation asks nothing.
    prefetchAuditorList(queryClient, null);
    prefetchAuditorList(queryClient, 'org2');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ companyIds: ['org2'], sort: 'NTO', page: 1, pageSize: 50 });
  });

  it('filters on the server and loads more pages', async () => {
    const bodies: { page?: number; status?: string; contractorId?: string }[] = [];
    renderContractorPage(<AuditorListPage />, '/auditor/Assessment', '/auditor/Assessment', {
      ...me,
      ...contractorSearchHandlers([makeContractor({ _id: 'c2', name: 'Harbour Electrical' })]),
      [LIST]: (b) => {
        const q = b as { page: number; status?: string; contractorId?: string };
        bodies.push(q);
        const page = q.page === 1 ? items.slice(0, 5) : items.slice(5);
        return { data: { items: page, total: 7, page: q.page, pageSize: 5 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Assessment responses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 7')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reassessment' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ status: 'REASSESSMENT', page: 1 }));
    // The company filter searches the server as the user types (issue 63).
    await pickCompany('Company', 'harb', /^Harbour Electrical/);
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ status: 'REASSESSMENT', contractorId: 'c2' }),
    );
  });
});
