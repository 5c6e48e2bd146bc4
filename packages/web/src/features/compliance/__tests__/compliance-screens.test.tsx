import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { messages } from '@palisade/domain/messages';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { CompliancePage } from '../pages/compliance-page';
import { OrganisationDocumentHistoryPage } from '../pages/document-history-page';
import { MyCompliancePage } from '../pages/my-compliance-page';
import { makeHistory, makeMatrix, makeRequirement, makeVersion } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const t = messages.complianceScreens;
const c = messages.compliance;
const organisation = makeProfile({ type: 2, _id: 'org1', cmp_id: 'org1', name: 'Dana Admin' });
const contractor = makeProfile({ type: 3, _id: 'c1', cmp_id: 'org1', name: 'Northwind Ltd' });

function As({ profile, children }: { profile: typeof organisation; children: ReactNode }) {
  return <SignedInProfileContext.Provider value={profile}>{children}</SignedInProfileContext.Provider>;
}

function HistoryMarker() {
  const { contractorId, requirementId } = useParams();
  return <p>history of {contractorId} for {requirementId}</p>;
}

const LOCATIONS = { data: { locations: [{ location: 'Pune', count: 3 }, { location: 'Leeds', count: 2 }] } };

function renderMatrix(path = '/sapphire/compliance') {
  const asked: Record<string, unknown>[] = [];
  mockFetch({
    '/api/compliance/getMatrix': (body) => {
      const b = body as Record<string, unknown> & { page: number; pageSize: number };
      asked.push(b);
      return { data: makeMatrix(b.page, b.pageSize, 25) };
    },
    '/api/contractor/getContractorLocations': LOCATIONS,
  });
  const view = renderRoutes(
    [
      { path: '/sapphire/compliance', element: <As profile={organisation}><CompliancePage /></As> },
      { path: '/sapphire/compliance/:contractorId/:requirementId', element: <HistoryMarker /> },
    ],
    path,
  );
  return { ...view, asked };
}

describe('Compliance matrix', () => {
  it('shows a page of contractors × requirements with chips, "—" where one does not apply, and pages through the server with the page and size in the URL', async () => {
    const { router, asked } = renderMatrix();
    const table = await screen.findByRole('table', { name: t.matrixLabel });
    expect(await within(table).findByText('Company 1')).toBeTruthy();
    expect(asked[0]).toEqual({ companyId: 'org1', page: 1, pageSize: 10 });
    expect(within(table).getAllByTestId('matrix-row')).toHaveLength(10);
    // Company 2: valid, the optional requirement does not apply; Company 1: missing and submitted.
    const row2 = within(table).getByText('Company 2').closest('tr');
    if (!row2) throw new Error('no row');
    expect(within(row2).getByText(c.overallLabels.COMPLIANT)).toBeTruthy();
    expect(within(row2).getByText(c.statusLabels.VALID)).toBeTruthy();
    expect(within(row2).getByText('—')).toBeTruthy();
    expect(within(row2).getByText('31/01/2027')).toBeTruthy();
    // The counts at the top.
    expect(screen.getByRole('button', { name: t.countFilter(c.statusLabels.VALID, 12) })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?page=2');
    expect(await within(table).findByText('Company 11')).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ page: 2, pageSize: 10 });

    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '20' }));
    expect(router.state.location.search).toBe('?size=20');
    expect(await within(table).findByText('Company 20')).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ page: 1, pageSize: 20 });

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(await within(table).findByText('Company 11')).toBeTruthy();
  });

  it('filters by a count, status, requirement, location and search, all kept in the URL; Clear filters empties them', async () => {
    const { router, asked } = renderMatrix('/sapphire/compliance?page=2');
    const table = await screen.findByRole('table', { name: t.matrixLabel });
    expect(await within(table).findByText('Company 11')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: t.countFilter(c.statusLabels.MISSING, 13) }));
    expect(router.state.location.search).toBe('?status=MISSING');
    await waitFor(() => expect(asked.at(-1)).toEqual({ companyId: 'org1', status: 'MISSING', page: 1, pageSize: 10 }));
    expect(screen.getByRole('button', { name: t.countFilter(c.statusLabels.MISSING, 13) }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: t.requirementFilter }), 'r2');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: t.locationFilter }), 'Leeds');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        companyId: 'org1',
        status: 'MISSING',
        requirementId: 'r2',
        location: 'Leeds',
        page: 1,
        pageSize: 10,
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: t.search }), 'north');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'north' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ status: 'MISSING', requirement: 'r2', location: 'Leeds', q: 'north' });

    await userEvent.click(screen.getByRole('button', { name: t.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)).toEqual({ companyId: 'org1', page: 1, pageSize: 10 }));
  });

  it('reads the filters of a link (the home card\'s) and opens a cell\'s document history', async () => {
    const { router, asked } = renderMatrix('/sapphire/compliance?status=EXPIRED&size=50');
    const table = await screen.findByRole('table', { name: t.matrixLabel });
    expect(await within(table).findByText('Company 1')).toBeTruthy();
    expect(asked[0]).toEqual({ companyId: 'org1', status: 'EXPIRED', page: 1, pageSize: 50 });
    await userEvent.click(
      within(table).getByRole('link', {
        name: t.openCell('Company 3', 'Public liability insurance', c.statusLabels.MISSING),
      }),
    );
    expect(router.state.location.pathname).toBe('/sapphire/compliance/c3/r1');
    expect(await screen.findByText('history of c3 for r1')).toBeTruthy();
  });
});

describe('Document history and review', () => {
  function renderHistory(reply = makeHistory()) {
    const reviewed: unknown[] = [];
    mockFetch({
      '/api/compliance/getDocumentHistory': (body) => {
        expect(body).toEqual({ requirementId: 'r1', contractorId: 'c1' });
        return { data: reply };
      },
      '/api/compliance/reviewDocument': (body) => {
        reviewed.push(body);
        return { data: makeVersion({ state: 'REJECTED' }) };
      },
    });
    renderRoutes(
      [
        {
          path: '/sapphire/compliance/:contractorId/:requirementId',
          element: <As profile={organisation}><OrganisationDocumentHistoryPage /></As>,
        },
      ],
      '/sapphire/compliance/c1/r1',
    );
    return reviewed;
  }

  it('lists every version newest first, with its dates, file, uploader, judgement and remark', async () => {
    renderHistory(
      makeHistory({
        status: 'SUBMITTED',
        versions: [
          makeVersion({ _id: 'd2', reference: 'PL-456' }),
          makeVersion({
            _id: 'd1',
            state: 'REJECTED',
            reviewedBy: { _id: 'a1', name: 'Ava Auditor', type: 4 },
            reviewedAt: '2026-11-03T10:00:00.000Z',
            remark: 'The policy number is unreadable',
          }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Public liability insurance' })).toBeTruthy();
    const versions = screen.getAllByTestId('document-version');
    expect(versions).toHaveLength(2);
    expect(within(versions[0] as HTMLElement).getByText(t.versionLabel(2))).toBeTruthy();
    expect(within(versions[0] as HTMLElement).getByText('PL-456')).toBeTruthy();
    expect(within(versions[0] as HTMLElement).getByText(t.awaitingReview)).toBeTruthy();
    expect(within(versions[1] as HTMLElement).getByText('The policy number is unreadable')).toBeTruthy();
    expect(within(versions[1] as HTMLElement).getByText(/Reviewed by Ava Auditor/)).toBeTruthy();
    await userEvent.click(within(versions[0] as HTMLElement).getByRole('button', { name: t.openFile('AbCde_policy.pdf') }));
    expect(await screen.findByRole('dialog', { name: 'AbCde_policy.pdf' })).toBeTruthy();
  });

  it('needs a remark to reject; rejects with it', async () => {
    const reviewed = renderHistory();
    await userEvent.click(await screen.findByRole('button', { name: t.reject }));
    const dialog = await screen.findByRole('dialog', { name: t.reviewTitle('REJECTED') });
    await userEvent.click(within(dialog).getByRole('button', { name: t.reject }));
    expect(await within(dialog).findByText(c.remarkRequired)).toBeTruthy();
    expect(reviewed).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /remark/i }), 'Expired policy attached');
    await userEvent.click(within(dialog).getByRole('button', { name: t.reject }));
    await waitFor(() =>
      expect(reviewed).toEqual([{ documentId: 'd1', decision: 'REJECTED', remark: 'Expired policy attached' }]),
    );
    expect(await screen.findByText(c.documentRejected)).toBeTruthy();
  });

  it('accepts without a remark', async () => {
    const reviewed = renderHistory();
    await userEvent.click(await screen.findByRole('button', { name: t.accept }));
    const dialog = await screen.findByRole('dialog', { name: t.reviewTitle('ACCEPTED') });
    await userEvent.click(within(dialog).getByRole('button', { name: t.accept }));
    await waitFor(() => expect(reviewed).toEqual([{ documentId: 'd1', decision: 'ACCEPTED', remark: '' }]));
  });

  it('shows no Accept or Reject without canReview', async () => {
    renderHistory(makeHistory({ canReview: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Public liability insurance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.accept })).toBeNull();
    expect(screen.queryByRole('button', { name: t.reject })).toBeNull();
  });
});

describe('The contractor\'s compliance page and upload dialog', () => {
  function renderMine() {
    const uploads: FormData[] = [];
    mockFetch({
      '/api/compliance/listMyCompliance': {
        data: {
          items: [
            {
              requirement: makeRequirement(),
              status: 'REJECTED',
              latest: makeVersion({ state: 'REJECTED', remark: 'Unreadable scan' }),
              daysLeft: null,
            },
            { requirement: makeRequirement({ _id: 'r2', name: 'Method statement', expires: false }), status: 'MISSING', latest: null, daysLeft: null },
          ],
          overall: 'NOT_COMPLIANT',
          counts: { MISSING: 1, SUBMITTED: 0, VALID: 0, EXPIRING: 0, EXPIRED: 0, REJECTED: 1 },
          nextExpiry: null,
        },
      },
    });
    // The upload goes through XMLHttpRequest (progress): its send is caught here.
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      if (body instanceof FormData) uploads.push(body);
    });
    renderRoutes(
      [{ path: '/atgl/Contractor/compliance', element: <As profile={contractor}><MyCompliancePage /></As> }],
      '/atgl/Contractor/compliance',
    );
    return { uploads, send };
  }

  it('shows each requirement with its status and a rejection\'s remark', async () => {
    const { send } = renderMine();
    const items = await screen.findAllByTestId('my-requirement');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText(c.statusLabels.REJECTED)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText(t.rejectedRemark('Unreadable scan'))).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByRole('button', { name: t.replaceLabel('Public liability insurance') })).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: t.uploadLabel('Method statement') })).toBeTruthy();
    expect(screen.getByText(c.overallLabels.NOT_COMPLIANT)).toBeTruthy();
    send.mockRestore();
  });

  it('validates the upload: file required and its type, issue date required and not in the future, expiry before issue and in the past; sends nothing until right', async () => {
    const { uploads, send } = renderMine();
    const items = await screen.findAllByTestId('my-requirement');
    await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: t.replaceLabel('Public liability insurance') }));
    const dialog = await screen.findByRole('dialog', { name: t.replaceTitle('Public liability insurance') });
    await userEvent.click(within(dialog).getByRole('button', { name: t.replace }));
    expect(await within(dialog).findByText(c.fileRequired)).toBeTruthy();
    expect(within(dialog).getByText(c.issueDateRequired)).toBeTruthy();
    expect(within(dialog).getByText(c.expiryDateRequired)).toBeTruthy();

    const input = within(dialog).getByTestId('compliance-file-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'policy.docx')] } });
    expect(await within(dialog).findByText(c.fileType)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([], 'policy.pdf')] } });
    expect(await within(dialog).findByText(c.fileEmpty)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(within(dialog).queryByText(c.fileEmpty)).toBeNull());

    const issue = within(dialog).getByRole('group', { name: t.issueDate });
    const expiry = within(dialog).getByRole('group', { name: t.expiryDate });
    await typeDay(issue, '01/01/2999');
    await typeDay(expiry, '01/01/2020');
    await userEvent.click(within(dialog).getByRole('button', { name: t.replace }));
    expect(await within(dialog).findByText(c.issueDateFuture)).toBeTruthy();
    expect(within(dialog).getByText(c.expiryBeforeIssue)).toBeTruthy();
    expect(uploads).toHaveLength(0);

    await typeDay(issue, '01/01/2020');
    await typeDay(expiry, '01/02/2020');
    await userEvent.click(within(dialog).getByRole('button', { name: t.replace }));
    expect(await within(dialog).findByText(c.expiryInPast)).toBeTruthy();
    expect(uploads).toHaveLength(0);

    await typeDay(expiry, '01/01/2999');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.reference }), 'PL-9');
    await userEvent.click(within(dialog).getByRole('button', { name: t.replace }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const sent = uploads[0] as FormData;
    expect(sent.get('requirementId')).toBe('r1');
    expect(sent.get('issueDate')).toBe('2020-01-01');
    expect(sent.get('expiryDate')).toBe('2999-01-01');
    expect(sent.get('reference')).toBe('PL-9');
    expect(typeof sent.get('id')).toBe('string');
    expect((sent.get('file') as File).name).toBe('policy.pdf');
    send.mockRestore();
  });
});

/** Types a day DD/MM/YYYY into an MUI X date field (its sections), replacing what it had. */
async function typeDay(group: HTMLElement, day: string) {
  const sections = within(group).getAllByRole('spinbutton');
  const [dd = '', mm = '', yyyy = ''] = day.split('/');
  const first = sections[0];
  if (!first) throw new Error('no date sections');
  await userEvent.click(first);
  await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
  await userEvent.click(first);
  await userEvent.keyboard(`${dd}${mm}${yyyy}`);
}
