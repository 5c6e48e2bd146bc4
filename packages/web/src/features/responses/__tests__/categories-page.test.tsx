import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnswerType, AssessStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { CategoriesPage } from '../pages/categories-page';
import { makeQuestion, makeResponse, makeSection, renderContractorPage } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/atgl/Contractor/assessment/:responseId/categories';
const URL = '/atgl/Contractor/assessment/r1/categories';

function responseWith(status: ResponseStatus, allAnswered: boolean) {
  return makeResponse({
    status,
    sections: [
      makeSection('s1', 'Safety Management', [
        makeQuestion('q1', AnswerType.YES_NO, { answered: true }),
        makeQuestion('q2', AnswerType.SHORT_ANSWER, { answered: true }),
      ]),
      makeSection('s2', 'PPE', [makeQuestion('q3', AnswerType.NUMERIC, { answered: allAnswered })]),
    ],
  });
}

function submitButton() {
  return screen.getByRole('button', { name: 'Submit' });
}

describe('categories page', () => {
  it('shows a row per section with its link, progress, and Complete or Incomplete', async () => {
    const response = makeResponse({
      sections: [
        makeSection('s1', 'Safety Management', [
          makeQuestion('q1', AnswerType.YES_NO, {
            answered: true,
            assessStatus: AssessStatus.REJECTED,
          }),
          makeQuestion('q2', AnswerType.SHORT_ANSWER),
        ]),
        makeSection('s2', 'PPE', [makeQuestion('q3', AnswerType.NUMERIC, { answered: true })]),
      ],
    });
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: response },
    });
    const list = await screen.findByRole('list', { name: 'Categories of the assessment' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(
      within(first).getByRole('link', { name: 'Safety Management' }).getAttribute('href'),
    ).toBe('/atgl/Contractor/assessment/r1/categories/cat-s1');
    expect(within(first).getByRole('img', { name: /rejected/ })).toBeTruthy();
    expect(
      within(first)
        .getByRole('progressbar', { name: 'Progress of Safety Management' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(within(first).getByText('Incomplete')).toBeTruthy();
    expect(within(second).queryByRole('img', { name: /rejected/ })).toBeNull();
    expect(within(second).getByText('Complete')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Annual HSE Pre-qualification' }),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'breadcrumb' }).textContent).toBe(
      'Assessment/Categories',
    );
  });

  it('enables Submit when every question is answered, confirms with a summary, submits, and stays read-only', async () => {
    let body: unknown;
    const { router } = renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith('PENDING', true) },
      '/api/assessment/responses/changeResponseStatus': (b) => {
        body = b;
        return { data: responseWith('SUBMITTED', true) };
      },
    });
    await screen.findByText('Safety Management');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    await userEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Submit the response?' });
    expect(confirm.textContent).toContain('3 of 3 questions answered');
    expect(confirm.textContent).toContain('0 files attached');
    expect(body).toBeUndefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(body).toEqual({
        responseId: 'r1',
        status: 'SUBMITTED',
        updatedBy: { name: 'North Sea Scaffolding', userType: 3, uid: 'c1' },
        companyId: 'org1',
        assessmentId: 'a1',
      }),
    );
    expect(await screen.findByText('Response submitted for assessment')).toBeTruthy();
    // From PENDING the contractor stays on the categories page, now read-only (spec §4).
    expect(await screen.findByText('Submitted: this response is now read-only.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(URL);
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true));
  });

  it('sends one call for a double click on the confirmation: success only, dialog closed (issue 56)', async () => {
    let calls = 0;
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith('PENDING', true) },
      '/api/assessment/responses/changeResponseStatus': () => {
        calls += 1;
        return calls === 1
          ? { data: responseWith('SUBMITTED', true) }
          : { status: 409, message: 'This response has already been submitted' };
      },
    });
    await screen.findByText('Safety Management');
    await userEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Submit the response?' });
    await userEvent.dblClick(within(confirm).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Response submitted for assessment')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit the response?' })).toBeNull());
    expect(calls).toBe(1);
    expect(screen.queryByText(/already been submitted/)).toBeNull();
  });

  it('reads "Not scored yet" on a resubmitted response that kept partial marks (issue 56)', async () => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': {
        data: { ...responseWith('SUBMITTED', true), scored: 10, total: 50 },
      },
    });
    await screen.findByText('Safety Management');
    expect(screen.getByText('Not scored yet')).toBeTruthy();
    expect(screen.queryByText('10/50')).toBeNull();
  });

  it('counts in REASSESSMENT the rejected answers left unchanged', async () => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': {
        data: makeResponse({
          status: 'REASSESSMENT',
          sections: [
            makeSection('s1', 'Safety Management', [
              makeQuestion('q1', AnswerType.YES_NO, { answered: true, assessStatus: AssessStatus.REJECTED, version: 3, reopenedVersion: 3 }),
              makeQuestion('q2', AnswerType.SHORT_ANSWER, { answered: true, assessStatus: AssessStatus.REJECTED, version: 4, reopenedVersion: 2 }),
            ]),
          ],
        }),
      },
    });
    await screen.findByText('Safety Management');
    await userEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Submit the response?' });
    expect(confirm.textContent).toContain('1 of 2 rejected answers unchanged');
  });

  it('disables Submit while a question is UNANSWERED, and says why', async () => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith('PENDING', false) },
    });
    await screen.findByText('Safety Management');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Answer every question of every category/)).toBeTruthy();
  });

  it.each(['SUBMITTED', 'COMPLETED'] as const)('disables Submit once %s', async (status) => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith(status, true) },
    });
    await screen.findByText('Safety Management');
    expect(submitButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/can no longer be changed/)).toBeTruthy();
  });

  it('enables Submit again in REASSESSMENT once everything is answered', async () => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith('REASSESSMENT', true) },
    });
    await screen.findByText('Safety Management');
    expect(submitButton().hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/only the rejected answers can be changed/)).toBeTruthy();
  });

  it('shows the spec text when the submit fails, and stays', async () => {
    const { router } = renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { data: responseWith('PENDING', true) },
      '/api/assessment/responses/changeResponseStatus': {
        status: 409,
        message: 'Answer every question before submitting',
      },
    });
    await screen.findByText('Safety Management');
    await userEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Submit the response?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain(
      'Error in submitting response! Answer every question before submitting',
    );
    expect(router.state.location.pathname).toBe(URL);
  });

  it('says "Error in fetching assessment" with a retry on a server error', async () => {
    let calls = 0;
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': () => {
        calls += 1;
        return calls <= 1 ? { status: 500, message: 'Internal error' } : { data: responseWith('PENDING', true) };
      },
    });
    // The Error dialog says it too; once acknowledged, the page offers the retry.
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('Error in fetching assessment');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Error in fetching assessment')).toBeTruthy();
    expect(screen.queryByText('This response was not found.')).toBeNull();
    await userEvent.click(retry);
    expect(await screen.findByText('Safety Management')).toBeTruthy();
  });

  it('says when the response is not found', async () => {
    renderContractorPage(<CategoriesPage />, PATH, URL, {
      '/api/assessment/responses/getResponseById': { status: 404, message: 'Response not found' },
    });
    expect(await screen.findByText('This response was not found.')).toBeTruthy();
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Error in fetching assessment',
    );
  });
});
