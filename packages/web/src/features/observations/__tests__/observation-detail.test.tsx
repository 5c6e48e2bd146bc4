import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import { resetNotifier } from '../../../lib/notifier';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ObservationDetail } from '../components/observation-detail';

const submitted: Observation = {
  _id: 'obs-1',
  srno: 42,
  category: 'Nearmiss',
  status: 1,
  reportedAt: '2026-03-14T09:30:00.000Z',
  reported_by: 'e1',
  reporterName: 'Jamie Watt',
  managerid: 'c1',
  managername: 'North Sea Scaffolding',
  form_data: [
    { label: 'FullName', value: 'Jamie Watt' },
    { label: 'Description', value: '' },
  ],
  description: '',
  reportImage: null,
  action: 0,
  report_action_time: null,
  accept_time: null,
  rootCauseAnalysis: '',
};

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
      '/api/admin/rcastatus': (body) => ({ data: { ...submitted, ...(body as object), status: 2, action: 1 } }),
    });
    renderDetail(submitted, false);
    expect(screen.getByRole('heading', { name: 'Activity No. 42' })).toBeTruthy();
    expect(screen.getByText('Full Name')).toBeTruthy();
    expect(screen.getByText('No Description')).toBeTruthy();
    expect(screen.getByText('No Image')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Accept Time').value).toBe('Not yet actioned');

    // Neither an action nor a comment: the form says so and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('action: choose an action or write a comment')).toBeTruthy();
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

  it('read-only: the saved action and comment, disabled, the accept time in words, no Submit', () => {
    mockFetch({});
    renderDetail(
      { ...submitted, status: 2, action: 1, accept_time: '2026-03-15T14:05:09.000Z', rootCauseAnalysis: 'Tool lanyards issued' },
      true,
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Action Taken' }).getAttribute('aria-disabled')).toBe('true');
    const comment = screen.getByLabelText<HTMLTextAreaElement>('Write your comment');
    expect(comment.value).toBe('Tool lanyards issued');
    expect(comment.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Accept Time').value).toMatch(/^March 15th 2026, \d{1,2}:05:09 (am|pm)$/);
  });
});
