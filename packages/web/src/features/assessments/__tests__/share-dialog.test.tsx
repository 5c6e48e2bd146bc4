import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractorsField } from '@palisade/domain/assessments/assessment.schema';
import { ASSESSMENT_CONTRACTORS_MAX } from '@palisade/domain/constants';
import type { ContractorReply } from '@palisade/domain/users/users.schema';
import {
  contractorSearchHandlers,
  makeContractor,
  type AskedCall,
} from '../../../test/contractor-search';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { ShareDialog } from '../components/share-dialog';

afterEach(() => vi.unstubAllGlobals());

const LOCATIONS = ['Aberdeen', 'Dundee', 'Inverness'] as const;

/** `n` companies, 'Company 0001' …, their locations in turn Aberdeen, Dundee, Inverness. */
function companies(n: number): ContractorReply[] {
  return Array.from({ length: n }, (_, i) => {
    const num = String(i + 1).padStart(4, '0');
    return makeContractor({
      _id: `c${num}`,
      name: `Company ${num}`,
      location: LOCATIONS[i % 3] ?? null,
    });
  });
}

function render(list: readonly ContractorReply[], initial: string[] = []) {
  const asked: AskedCall[] = [];
  mockFetch(contractorSearchHandlers(list, asked));
  const onSave = vi.fn<(contractors: string[]) => void>();
  renderPage(
    <ShareDialog
      open
      companyId="org1"
      initial={initial}
      saving={false}
      onClose={vi.fn()}
      onSave={onSave}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Select Companies' });
  const count = () => within(dialog).getByRole('status').textContent;
  const rows = () => within(dialog).queryAllByRole('checkbox');
  return { asked, onSave, dialog, count, rows };
}

describe('Select Companies (Share) at many companies', () => {
  it('lists 50 at a time with Load more, and keeps the count of the chosen ones in view', async () => {
    const { dialog, count, rows } = render(companies(70), ['c0003', 'c0065']);
    expect(count()).toBe('2 companies selected');
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(within(dialog).getByText('Showing 50 of 70')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: /^Company 0003/ })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(70));
    expect(within(dialog).getByRole('checkbox', { name: /^Company 0065/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Company 0070/ }));
    expect(count()).toBe('3 companies selected');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(count()).toBe('0 companies selected');
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('selects all that match the search, and deselects them again, keeping the others', async () => {
    const { dialog, count, rows, asked } = render(companies(70), ['c0001']);
    await waitFor(() => expect(rows()).toHaveLength(50));
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Search companies' }),
      'company 006',
    );
    // 0060 … 0069
    await waitFor(() => expect(rows()).toHaveLength(10));
    const selectMatching = await within(dialog).findByRole('button', {
      name: 'Select all 10 that match',
    });
    await userEvent.click(selectMatching);
    await waitFor(() => expect(count()).toBe('11 companies selected'));
    expect(asked.filter((a) => a.path === '/api/contractor/getContractorIds').at(-1)?.body).toEqual(
      {
        companyId: 'org1',
        search: 'company 006',
      },
    );
    expect(within(dialog).queryAllByRole('checkbox', { checked: false })).toHaveLength(0);

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Deselect all 10 that match' }),
    );
    expect(count()).toBe('1 company selected');

    // Without a search the toggle is the spec's Select All / Deselect All, over every company.
    await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Search companies' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Select All' }));
    await waitFor(() => expect(count()).toBe('70 companies selected'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deselect All' }));
    expect(count()).toBe('0 companies selected');
  });

  it('selects by location: every company of the chosen one, loaded or not', async () => {
    const { dialog, count, asked } = render(companies(70));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select by location' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Aberdeen (24 companies)', 'Dundee (23 companies)', 'Inverness (23 companies)']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Dundee (23 companies)' }));
    await waitFor(() => expect(count()).toBe('23 companies selected'));
    expect(asked.filter((a) => a.path === '/api/contractor/getContractorIds').at(-1)?.body).toEqual(
      {
        companyId: 'org1',
        location: 'Dundee',
      },
    );
    // A second location adds to the first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select by location' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Inverness (23 companies)' }),
    );
    await waitFor(() => expect(count()).toBe('46 companies selected'));
    expect(within(dialog).getByRole('checkbox', { name: /^Company 0002/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByRole('checkbox', { name: /^Company 0001/ })).toHaveProperty(
      'checked',
      false,
    );
  });

  it(`saves ${ASSESSMENT_CONTRACTORS_MAX} companies at once, though it lists 50`, async () => {
    const { dialog, count, rows, onSave } = render(companies(ASSESSMENT_CONTRACTORS_MAX));
    await waitFor(() => expect(rows()).toHaveLength(50));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select All' }));
    await waitFor(() => expect(count()).toBe(`${ASSESSMENT_CONTRACTORS_MAX} companies selected`));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]?.[0] ?? [];
    const parsed = contractorsField.parse(saved);
    expect(parsed).toHaveLength(ASSESSMENT_CONTRACTORS_MAX);
    expect(new Set(parsed)).toEqual(
      new Set(companies(ASSESSMENT_CONTRACTORS_MAX).map((c) => c._id)),
    );
  });

  it('says so when the organisation has no companies', async () => {
    render([]);
    expect(
      await screen.findByText('No contractor companies yet: add them under Users first.'),
    ).toBeTruthy();
  });

  it('says when nothing matches the search, and Save still refuses none chosen', async () => {
    const { dialog, onSave } = render(companies(5));
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Search companies' }),
      'nowhere',
    );
    expect(await within(dialog).findByText('No company matches the search.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select minimum 1 company')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
