import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssessmentListPage } from '../pages/assessment-list-page';
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

function cardNames(): string[] {
  const list = screen.getByRole('list', { name: 'Assessments' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label') ?? '');
}

describe('assessment list', () => {
  it('shows a card per response and per unstarted assessment, newest first', async () => {
    renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: { data: responses },
    });
    await screen.findByRole('article', { name: 'Annual HSE' });
    expect(cardNames()).toEqual(['Environmental Review', 'Working at Height', 'Annual HSE']);

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
      [RESPONSES]: { data: responses },
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
    await waitFor(() =>
      expect(cardNames()).toEqual(['Annual HSE', 'Working at Height', 'Environmental Review']),
    );
  });

  it('starts an assessment and lands on its categories', async () => {
    let body: unknown;
    const { router } = renderContractorPage(<AssessmentListPage />, PATH, PATH, {
      [ASSESSMENTS]: { data: assessments },
      [RESPONSES]: { data: responses },
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
      [RESPONSES]: { data: responses },
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
      [RESPONSES]: { data: [] },
    });
    expect(await screen.findByText('No assessment has been shared with you yet.')).toBeTruthy();
  });
});
