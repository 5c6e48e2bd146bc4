import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ContractorComplianceCard, OrganisationComplianceCard } from '../compliance-cards';

afterEach(() => vi.unstubAllGlobals());

const t = messages.complianceScreens;
const labels = messages.compliance.statusLabels;
const ZERO = { MISSING: 0, SUBMITTED: 0, VALID: 0, EXPIRING: 0, EXPIRED: 0, REJECTED: 0 };

describe('Compliance cards', () => {
  it('the organisation\'s: valid, expiring, expired and missing, each a link into the filtered matrix', async () => {
    const asked: unknown[] = [];
    mockFetch({
      '/api/compliance/getSummary': (body) => {
        asked.push(body);
        return {
          data: {
            counts: { ...ZERO, VALID: 40, EXPIRING: 3, EXPIRED: 2, MISSING: 7, SUBMITTED: 1 },
            overall: { COMPLIANT: 5, EXPIRING: 2, NOT_COMPLIANT: 4 },
          },
        };
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/sapphire/Dashboard', element: <OrganisationComplianceCard companyId="org1" /> },
        { path: '/sapphire/compliance', element: <p>matrix</p> },
      ],
      '/sapphire/Dashboard',
    );
    const card = await screen.findByTestId('organisation-compliance-card');
    const expired = await within(card).findByRole('link', { name: t.cardCount(labels.EXPIRED, 2) });
    expect(within(card).getByRole('link', { name: t.cardCount(labels.VALID, 40) })).toBeTruthy();
    expect(within(card).getByRole('link', { name: t.cardCount(labels.EXPIRING, 3) })).toBeTruthy();
    expect(within(card).getByRole('link', { name: t.cardCount(labels.MISSING, 7) })).toBeTruthy();
    expect(asked).toEqual([{ companyId: 'org1' }]);
    await userEvent.click(expired);
    expect(router.state.location.pathname + router.state.location.search).toBe('/sapphire/compliance?status=EXPIRED');
  });

  it('the contractor\'s: how many valid, the next expiry, and what is missing or rejected', async () => {
    mockFetch({
      '/api/compliance/listMyCompliance': {
        data: {
          items: [1, 2, 3, 4, 5].map(() => ({})),
          overall: 'NOT_COMPLIANT',
          counts: { ...ZERO, VALID: 2, EXPIRING: 1, MISSING: 1, REJECTED: 1 },
          nextExpiry: { requirementId: 'r9', name: 'Public liability insurance', expiryDate: '2026-12-10' },
        },
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/atgl/Contractor/dashboard', element: <ContractorComplianceCard companyId="org1" /> },
        { path: '/atgl/Contractor/compliance/*', element: <p>compliance</p> },
      ],
      '/atgl/Contractor/dashboard',
    );
    const card = await screen.findByTestId('contractor-compliance-card');
    expect(await within(card).findByRole('link', { name: t.cardValid(3, 5) })).toBeTruthy();
    expect(within(card).getByRole('link', { name: t.cardMissing(1) })).toBeTruthy();
    expect(within(card).getByRole('link', { name: t.cardRejected(1) })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: t.cardExpired(0) })).toBeNull();
    await userEvent.click(within(card).getByRole('link', { name: t.cardNextExpiry('Public liability insurance', '10/12/2026') }));
    expect(router.state.location.pathname).toBe('/atgl/Contractor/compliance/r9');
  });
});
