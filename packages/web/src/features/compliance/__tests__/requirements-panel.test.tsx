import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { CompliancePage } from '../pages/compliance-page';
import { makeRequirement } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const t = messages.complianceScreens;
const c = messages.compliance;
const organisation = makeProfile({ type: 2, _id: 'org1', cmp_id: 'org1', name: 'Dana Admin' });

function As({ children }: { children: ReactNode }) {
  return <SignedInProfileContext.Provider value={organisation}>{children}</SignedInProfileContext.Provider>;
}

function renderRequirements(handlers: Parameters<typeof mockFetch>[0]) {
  mockFetch({
    '/api/contractor/getContractorLocations': { data: { locations: [{ location: 'Pune', count: 3 }] } },
    ...handlers,
  });
  return renderRoutes(
    [{ path: '/sapphire/compliance', element: <As><CompliancePage /></As> }],
    '/sapphire/compliance?tab=requirements',
  );
}

describe('Requirements', () => {
  it('adds a requirement: the domain schema checks the form, then it is sent with a client-made id', async () => {
    const created: Record<string, unknown>[] = [];
    renderRequirements({
      '/api/compliance/listRequirements': { data: { requirements: [] } },
      '/api/compliance/createRequirement': (body) => {
        created.push(body as Record<string, unknown>);
        return { data: makeRequirement({ _id: String((body as { id: string }).id) }) };
      },
    });
    expect(await screen.findByText(t.noRequirementsYet)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.addRequirement }));
    const dialog = await screen.findByRole('dialog', { name: t.addRequirement });
    const reminder = within(dialog).getByRole('textbox', { name: t.reminderDays });
    expect((reminder as HTMLInputElement).value).toBe('60, 30, 15, 1');

    await userEvent.click(within(dialog).getByRole('radio', { name: c.scopeLabels.COMPANIES }));
    await userEvent.clear(reminder);
    await userEvent.type(reminder, '0, 30');
    await userEvent.click(within(dialog).getByRole('button', { name: t.add }));
    expect(await within(dialog).findByText(c.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(c.companiesRequired)).toBeTruthy();
    expect(within(dialog).getByText(c.reminderDaysInvalid(365))).toBeTruthy();
    expect(created).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${t.name}`) }), 'ISO 45001');
    await userEvent.click(within(dialog).getByRole('radio', { name: c.scopeLabels.ALL }));
    await userEvent.clear(reminder);
    await userEvent.type(reminder, '30, 90');
    await userEvent.click(within(dialog).getByRole('radio', { name: c.reviewerLabels.BOTH }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.add }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      companyId: 'org1',
      name: 'ISO 45001',
      appliesTo: 'ALL',
      mandatory: true,
      expires: true,
      reminderDays: [90, 30],
      reviewer: 'BOTH',
    });
    expect(String(created[0]?.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(c.requirementCreated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: t.addRequirement })).toBeNull());
  });

  it('edits with the version it read; a 409 reloads the requirement into the form and says so', async () => {
    let version = 1;
    const updates: Record<string, unknown>[] = [];
    renderRequirements({
      '/api/compliance/listRequirements': () => ({
        data: {
          requirements: [
            makeRequirement({ version, name: version === 1 ? 'Public liability insurance' : 'Public liability (£5m)' }),
          ],
        },
      }),
      '/api/compliance/updateRequirement': (body) => {
        updates.push(body as Record<string, unknown>);
        if ((body as { version: number }).version !== version) return { status: 409, message: 'Changed by someone else' };
        return { data: makeRequirement({ version: version + 1 }) };
      },
    });
    const table = await screen.findByRole('table', { name: t.requirementsLabel });
    expect(await within(table).findByText('Public liability insurance')).toBeTruthy();
    // Someone else saves meanwhile.
    version = 2;
    await userEvent.click(within(table).getByRole('button', { name: t.editRequirementLabel('Public liability insurance') }));
    const dialog = await screen.findByRole('dialog', { name: t.editRequirement });
    const name = within(dialog).getByRole('textbox', { name: new RegExp(`^${t.name}`) });
    await userEvent.clear(name);
    await userEvent.type(name, 'PLI');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ requirementId: 'r1', version: 1, name: 'PLI' });
    const error = await screen.findByRole('dialog', { name: /error/i });
    expect(within(error).getByText(t.changedReloaded)).toBeTruthy();
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Public liability (£5m)'));
    await userEvent.click(within(error).getByRole('button', { name: /ok/i }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /error/i })).toBeNull());
    await userEvent.click(await within(dialog).findByRole('button', { name: t.save }));
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toMatchObject({ requirementId: 'r1', version: 2, name: 'Public liability (£5m)' });
  });

  it('retires a requirement after a confirmation', async () => {
    const retired: unknown[] = [];
    renderRequirements({
      '/api/compliance/listRequirements': { data: { requirements: [makeRequirement({ version: 3 })] } },
      '/api/compliance/retireRequirement': (body) => {
        retired.push(body);
        return { data: makeRequirement({ version: 4, retired: true }) };
      },
    });
    const table = await screen.findByRole('table', { name: t.requirementsLabel });
    await userEvent.click(await within(table).findByRole('button', { name: t.retireLabel('Public liability insurance') }));
    const confirm = await screen.findByRole('dialog', { name: t.retireTitle });
    expect(within(confirm).getByText(t.retireConfirm('Public liability insurance'))).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: t.retire }));
    await waitFor(() => expect(retired).toEqual([{ requirementId: 'r1', version: 3 }]));
  });
});
