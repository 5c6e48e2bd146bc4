import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '@palisade/domain/messages-core';
import { mockFetch } from '../../../test/mock-fetch';
import { EditAssessmentPage, updateDataOf } from '../pages/edit-assessment-page';
import {
  assessmentReply as reply,
  catalogueHandlers,
  renderSignedIn,
  validValues,
} from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/sapphire/editAssessment/:assessmentId';

describe('Edit Assessment page', () => {
  it('starts from the saved assessment and sends only what changed', async () => {
    const fetchMock = mockFetch({
      ...catalogueHandlers,
      '/api/assessment/getAssessmentById': { data: reply('NEW') },
      '/api/assessment/editAssessment': {
        message: 'Assessment edited successfully',
        data: reply('NEW'),
      },
    });
    const { router } = renderSignedIn(<EditAssessmentPage />, ROUTE, '/sapphire/editAssessment/a1');
    const name = await screen.findByLabelText(/Name of Assessment/);
    expect(name).toHaveProperty('value', 'Annual HSE Review');
    const section = screen.getByRole('region', { name: 'Category 1' });
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: /Category/ })).toHaveProperty(
        'value',
        'cat2',
      ),
    );
    expect(within(section).getByRole('switch', { name: 'Social' })).toHaveProperty('checked', true);
    expect(within(section).getByRole('listitem').textContent).toContain('Choices: Helmet, Boots');

    await userEvent.type(name, ' 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Companies' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sapphire/Assessment'));
    const call = fetchMock.mock.calls.find(([path]) => path === '/api/assessment/editAssessment');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      assessmentId: 'a1',
      version: 3,
      updateData: { name: 'Annual HSE Review 2026' },
    });
    expect(await screen.findByText('Assessment edited successfully')).toBeTruthy();
  });

  it('refused as based on an older version: shows the server’s text and reloads what the other saved', async () => {
    const text = coreMessages.http.changedBySomeoneElse;
    let reads = 0;
    const fetchMock = mockFetch({
      ...catalogueHandlers,
      // The second read is after the other editor's save.
      '/api/assessment/getAssessmentById': () => {
        reads += 1;
        return { data: reads === 1 ? reply('NEW') : reply('NEW', { name: 'Renamed By Someone', version: 4 }) };
      },
      '/api/assessment/editAssessment': { status: 409, message: text, data: { field: 'version', version: 4 } },
    });
    const { router } = renderSignedIn(<EditAssessmentPage />, ROUTE, '/sapphire/editAssessment/a1');
    const name = await screen.findByLabelText(/Name of Assessment/);
    await userEvent.type(name, ' 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Companies' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText(text)).toBeTruthy();
    await userEvent.click(within(error).getByRole('button', { name: 'Ok' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Name of Assessment/)).toHaveProperty('value', 'Renamed By Someone'),
    );
    expect(router.state.location.pathname).toBe('/sapphire/editAssessment/a1');
    const edits = fetchMock.mock.calls.filter(([path]) => path === '/api/assessment/editAssessment');
    expect(edits).toHaveLength(1);
    expect(JSON.parse(edits[0]?.[1]?.body as string)).toMatchObject({ version: 3 });
  });

  it('is read-only once a contractor has started the assessment', async () => {
    mockFetch({
      ...catalogueHandlers,
      '/api/assessment/getAssessmentById': { data: reply('PENDING') },
    });
    renderSignedIn(<EditAssessmentPage />, ROUTE, '/sapphire/editAssessment/a1');
    expect(
      await screen.findByText("Assessment can't be edited anymore due to company responses!"),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Name of Assessment/)).toHaveProperty('disabled', true);
  });
});

describe('updateDataOf', () => {
  it('keeps only the changed fields', () => {
    const values = { ...validValues(), contractors: ['c1'] } as Parameters<typeof updateDataOf>[0];
    expect(updateDataOf(values, ['dueDate', 'contractors'])).toEqual({
      dueDate: values.dueDate,
      contractors: ['c1'],
    });
  });
});
