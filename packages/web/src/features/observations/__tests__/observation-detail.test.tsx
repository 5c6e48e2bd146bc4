import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import { resetNotifier } from '../../../lib/notifier';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { switchLanguage } from '../../../lib/language';
import { acceptTimeText, ObservationDetail } from '../components/observation-detail';
import { ViewObservationPage } from '../pages/observation-detail-pages';
import { submittedObservation } from './fixtures';


function renderDetail(observation: Observation, readOnly: boolean) {
  return renderRoutes(
    [
      { path: '/sapphire/ViewObservation', element: <ObservationDetail observation={observation} shell="sapphire" readOnly={readOnly} /> },
      { path: '/sapphire/observation', element: <p>the list</p> },
    ],
    '/sapphire/ViewObservation',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetNotifier();
});

describe('ObservationDetail', () => {
  it('shows the fields (FullName as Full Name, No Description, No Image) and sends Accept with the comment', async () => {
    const fetchMock = mockFetch({
      '/api/admin/rcastatus': (body) => ({ data: { ...submittedObservation, ...(body as object), status: 2, action: 1 } }),
    });
    renderDetail(submittedObservation, false);
    expect(screen.getByRole('heading', { name: 'Activity No. 42' })).toBeTruthy();
    expect(screen.getByText('Full Name')).toBeTruthy();
    expect(screen.getByText('No Description')).toBeTruthy();
    expect(screen.getByText('No Image')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Accept Time').value).toBe('Not yet actioned');

    // Neither an action nor a comment: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose an action or write a comment')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Action Taken' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accept' }));
    await userEvent.type(screen.getByLabelText('Write your comment'), 'Tool lanyards issued');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({ _id: 'obs-1', action: 1, rootCauseAnalysis: 'Tool lanyards issued' });
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(await screen.findByText('Status has been updated.')).toBeTruthy();
  });

  it('an Accepted report keeps its action and takes a comment alone (spec §4)', async () => {
    const fetchMock = mockFetch({
      '/api/admin/rcastatus': (body) => ({ data: { ...submittedObservation, status: 2, action: 1, ...(body as object) } }),
    });
    renderDetail({ ...submittedObservation, status: 2, action: 1, accept_time: '2026-03-15T14:05:09.000Z', rootCauseAnalysis: 'Tool lanyards issued' }, false);
    const action = screen.getByRole('combobox', { name: 'Action Taken' });
    expect(action.getAttribute('aria-disabled')).toBe('true');
    expect(action.textContent).toBe('Accept');
    const comment = screen.getByLabelText<HTMLTextAreaElement>('Write your comment');
    expect(comment.disabled).toBe(false);
    await userEvent.clear(comment);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Write a comment')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(comment, 'Lanyards checked weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({ _id: 'obs-1', rootCauseAnalysis: 'Lanyards checked weekly' });
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(await screen.findByText('Comment has been added.')).toBeTruthy();
  });

  it('a report Marked as Duplicate is closed: everything disabled, no Submit', () => {
    mockFetch({});
    renderDetail({ ...submittedObservation, status: 4, action: 3, rootCauseAnalysis: 'See 41' }, false);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Action Taken' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Write your comment').disabled).toBe(true);
  });

  it('read-only: the saved action and comment, disabled, the accept time in words, no Submit', () => {
    mockFetch({});
    renderDetail(
      { ...submittedObservation, status: 2, action: 1, accept_time: '2026-03-15T14:05:09.000Z', rootCauseAnalysis: 'Tool lanyards issued' },
      true,
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Action Taken' }).getAttribute('aria-disabled')).toBe('true');
    const comment = screen.getByLabelText<HTMLTextAreaElement>('Write your comment');
    expect(comment.value).toBe('Tool lanyards issued');
    expect(comment.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Accept Time').value).toMatch(/^March 15th 2026, \d{1,2}:05:09 (am|pm)$/);
  });

  it('an unknown id says "Observation not found" with a link back to the list it came from, not a silent redirect', async () => {
    mockFetch({ '/api/observation/getObservationById': { status: 404, message: 'Observation not found' } });
    const { router } = renderRoutes(
      [
        {
          path: '/sapphire/ViewObservation',
          element: (
            <SignedInProfileContext value={makeProfile({ type: 2 })}>
              <ViewObservationPage />
            </SignedInProfileContext>
          ),
        },
        { path: '/sapphire/observation', element: <p>the list</p> },
      ],
      { pathname: '/sapphire/ViewObservation', search: '?id=no-such-report', state: { listSearch: '?company=c2' } },
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Observation not found');
    expect(router.state.location.pathname).toBe('/sapphire/ViewObservation');
    // Not the Error dialog: the page says it.
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    expect(await screen.findByText('the list')).toBeTruthy();
    expect(router.state.location.search).toBe('?company=c2');
  });
});

describe('acceptTimeText (issue 60)', () => {
  afterEach(() => switchLanguage('en', false));

  it('writes English as the spec does (an ordinal day), another language in its own words', async () => {
    const at = '2026-03-15T14:05:09.000Z';
    expect(acceptTimeText(at)).toMatch(/^March 15th 2026, \d{1,2}:05:09 (am|pm)$/);
    await switchLanguage('hi', false);
    const hindi = acceptTimeText(at);
    expect(hindi).toContain('मार्च');
    expect(hindi).toMatch(/15 मार्च 2026/);
    expect(hindi).not.toMatch(/15th|March/);
    expect(acceptTimeText(null)).toBe('अभी तक कोई कार्रवाई नहीं');
  });
});
