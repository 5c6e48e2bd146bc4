import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  contractorSearchHandlers,
  makeContractor,
  pickCompany,
} from '../../../test/contractor-search';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { EsgoCard } from '../components/esgo-card';

afterEach(() => vi.unstubAllGlobals());

const ESGO = '/api/assessment/responses/getESGOForAllContractors';
const factor = (scored: number, total: number) => ({
  scored,
  total,
  percent: Math.round((scored / total) * 100),
});

describe('E-S-G-O Performance card', () => {
  it('picks one contractor by typing part of its name; clearing it is All contractors', async () => {
    const bodies: { companyId: string; contractorId?: string }[] = [];
    const fetchMock = mockFetch({
      ...contractorSearchHandlers([
        makeContractor({ _id: 'c1', name: 'North Sea Scaffolding' }),
        makeContractor({ _id: 'c2', name: 'Harbour Electrical' }),
      ]),
      [ESGO]: (b) => {
        const body = b as { companyId: string; contractorId?: string };
        bodies.push(body);
        const e = body.contractorId === 'c2' ? factor(3, 10) : factor(8, 10);
        return {
          data: {
            environment: e,
            social: factor(1, 2),
            governance: factor(1, 2),
            others: factor(1, 2),
          },
        };
      },
    });
    renderPage(<EsgoCard companyId="org1" />);
    expect(await screen.findByRole('img', { name: /Environment: 8\/10 \(80%\)/ })).toBeTruthy();
    expect(bodies).toEqual([{ companyId: 'org1' }]);
    // The card asks for no contractor until its picker is used.
    expect(calledPaths(fetchMock)).not.toContain('/api/contractor/searchContractors');
    const input = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Contractor' });
    expect(input().placeholder).toBe('All contractors');
    // Until the user reaches for it, a stand-in of the same look: the picker's code is not loaded.
    expect(input().readOnly).toBe(true);

    await pickCompany('Contractor', 'harb', /^Harbour Electrical/);
    expect(input().value).toBe('Harbour Electrical');
    expect(await screen.findByRole('img', { name: /Environment: 3\/10 \(30%\)/ })).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ companyId: 'org1', contractorId: 'c2' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear the choice' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /Environment: 8\/10 \(80%\)/ })).toBeTruthy(),
    );
    expect(input().value).toBe('');
  });
});
