import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  contractorSearchHandlers,
  makeContractor,
  type AskedCall,
} from '../../../test/contractor-search';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { CompanyPicker } from '../company-picker';

afterEach(() => vi.unstubAllGlobals());

const SEARCH = '/api/contractor/searchContractors';

/** 60 companies: more than a picker lists (50); 'Company 07' … by name. */
const companies = Array.from({ length: 60 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return makeContractor({
    _id: `c${n}`,
    name: `Company ${n}`,
    location: i % 2 === 0 ? 'Aberdeen' : 'Dundee',
    contactPersonName: `Person ${n}`,
  });
});
const harbour = makeContractor({ _id: 'h1', name: 'Harbour Electrical', location: 'Leith' });
const list = [...companies, harbour];

function serve() {
  const asked: AskedCall[] = [];
  mockFetch(contractorSearchHandlers(list, asked));
  const searches = () => asked.filter((a) => a.path === SEARCH).map((a) => a.body);
  return { searches };
}

function Single({
  initial = null,
  onChange,
}: {
  initial?: string | null;
  onChange: (id: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <CompanyPicker
      companyId="org1"
      label="Company"
      placeholder="All Companies"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

function Multiple({ initial, onChange }: { initial: string[]; onChange: (ids: string[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <CompanyPicker
      multiple
      companyId="org1"
      label="Companies"
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

const input = (name: string) => screen.getByRole<HTMLInputElement>('combobox', { name });

describe('CompanyPicker', () => {
  it('asks nothing until it is opened or typed in, then the first 50 matches', async () => {
    const { searches } = serve();
    renderPage(<Single onChange={vi.fn()} />);
    expect(input('Company').placeholder).toBe('All Companies');
    // Rendered, not opened: the page's first load asks for no company.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toEqual([]);

    await userEvent.click(input('Company'));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(50));
    expect(searches()).toEqual([{ companyId: 'org1', page: 1, pageSize: 50, fields: 'picker' }]);
    // More match than it lists: it says so, and how to narrow.
    expect(
      screen.getByText('The first 50 of 61 companies: type more of a name to narrow the list'),
    ).toBeTruthy();
  });

  it('asks once for what was typed in one go (debounced), not at each keystroke', async () => {
    const { searches } = serve();
    renderPage(<Single onChange={vi.fn()} />);
    await userEvent.type(input('Company'), 'harb');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: /^Harbour Electrical/ });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    const typed = searches().filter((b) => b.search !== undefined);
    expect(typed).toEqual([
      { companyId: 'org1', search: 'harb', page: 1, pageSize: 50, fields: 'picker' },
    ]);
    expect(screen.queryByText(/The first 50/)).toBeNull();
  });

  it('single: chooses by keyboard, shows the name, and clears back to none', async () => {
    serve();
    const onChange = vi.fn();
    renderPage(<Single onChange={onChange} />);
    await userEvent.type(input('Company'), 'company 07');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    // The option tells companies apart: location and contact person under the name.
    expect(within(listbox).getByRole('option').textContent).toBe('Company 07Aberdeen · Person 07');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('c07');
    expect(input('Company').value).toBe('Company 07');

    await userEvent.click(screen.getByRole('button', { name: 'Clear the choice' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input('Company').value).toBe('');
  });

  it('single: names a company it was given by id through the call’s ids, and keeps what is typed after', async () => {
    const { searches } = serve();
    renderPage(<Single initial="c58" onChange={vi.fn()} />);
    await waitFor(() => expect(input('Company').value).toBe('Company 58'));
    expect(searches()).toEqual([{ companyId: 'org1', ids: ['c58'], page: 1, pageSize: 50 }]);
    await userEvent.clear(input('Company'));
    await userEvent.type(input('Company'), 'harb');
    await screen.findByRole('option', { name: /^Harbour Electrical/ });
    expect(input('Company').value).toBe('harb');
  });

  it('says when nothing matches', async () => {
    serve();
    renderPage(<Single onChange={vi.fn()} />);
    await userEvent.type(input('Company'), 'zzz');
    expect(await screen.findByText('No company matches')).toBeTruthy();
  });

  it('multiple: the chosen ones are chips, named through ids when the list has not shown them', async () => {
    const { searches } = serve();
    const onChange = vi.fn();
    // c60 is past the first 50: only the ids call can name it.
    renderPage(<Multiple initial={['c60', 'gone']} onChange={onChange} />);
    const chip = await screen.findByRole('button', { name: 'Company 60' });
    expect(chip.className).toContain('MuiChip');
    expect(searches()).toEqual([
      { companyId: 'org1', ids: ['c60', 'gone'], page: 1, pageSize: 50 },
    ]);
    // An id the server does not know for the organisation (deleted since) is said to be unknown.
    expect(screen.getByRole('button', { name: 'Unknown company' })).toBeTruthy();

    await userEvent.type(input('Companies'), 'harb');
    await userEvent.click(await screen.findByRole('option', { name: /^Harbour Electrical/ }));
    expect(onChange).toHaveBeenLastCalledWith(['c60', 'gone', 'h1']);
    expect(screen.getByRole('button', { name: 'Harbour Electrical' })).toBeTruthy();
    // A company picked from the list is named by it: no ids call for it.
    expect(searches().filter((b) => b.ids !== undefined)).toHaveLength(1);

    // Backspace in the empty input removes the last chip.
    await userEvent.clear(input('Companies'));
    await userEvent.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(['c60', 'gone']);
    expect(screen.queryByRole('button', { name: 'Harbour Electrical' })).toBeNull();
  });
});
