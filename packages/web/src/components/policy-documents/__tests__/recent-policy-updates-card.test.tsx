import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentsReply, PolicyDocument } from '@palisade/domain/documents/document.schema';
import { messages } from '@palisade/domain/messages';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { RecentPolicyUpdatesCard } from '../recent-policy-updates-card';

afterEach(() => vi.unstubAllGlobals());

const m = messages.documents;
const LIST = '/api/document/getDocumentsByCompanyId';
const VIEWERS = '/api/document/getDocumentViewers';

const doc = (i: number, over: Partial<PolicyDocument> = {}): PolicyDocument => ({
  _id: `d${i}`,
  title: `Policy ${i}`,
  description: `Text of policy ${i}`,
  createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00.000Z`,
  creatorId: 'o1',
  creatorType: 2,
  creatorName: 'Dana Admin',
  companyId: 'org1',
  attachments: [
    {
      fileName: `AbCde_p${i}.pdf`,
      filePath: `policy/org1/d${i}/AbCde_p${i}.pdf`,
      fileLink: `/api/files/f${i}/AbCde_p${i}.pdf`,
      fileSize: 10,
      fileType: 'application/pdf',
    },
  ],
  viewerCount: 0,
  viewedByMe: false,
  viewers: [],
  ...over,
});

const reply = (docs: PolicyDocument[], audience = 4): DocumentsReply => ({
  data: docs,
  employee_count: audience,
});

describe('RecentPolicyUpdatesCard', () => {
  it('shows 5 rows, then all with View all and 5 again with View Less', async () => {
    mockFetch({ [LIST]: { data: reply([1, 2, 3, 4, 5, 6, 7].map((i) => doc(i))) } });
    renderPage(<RecentPolicyUpdatesCard companyId="org1" manage={false} />);
    const table = await screen.findByRole('table', { name: m.recentPolicyUpdates });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: m.viewAll }));
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: m.viewLess }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it("records a contractor's first opening only, and shows no viewers to it", async () => {
    const views: unknown[] = [];
    const fetchMock = mockFetch({
      [LIST]: { data: reply([doc(1), doc(2, { viewedByMe: true })]) },
      '/api/document/recordDocView': (body) => {
        views.push(body);
        return {
          data: { documentId: 'd1', viewed_at: '2026-11-21T10:00:00.000Z', recorded: true },
        };
      },
    });
    renderPage(<RecentPolicyUpdatesCard companyId="org1" manage={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Policy 2' }));
    const second = await screen.findByRole('dialog', { name: 'Policy 2' });
    expect(within(second).queryByText(m.viewers)).toBeNull();
    expect(within(second).queryByRole('button', { name: m.edit })).toBeNull();
    await userEvent.click(within(second).getByRole('button', { name: m.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(views).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Policy 1' }));
    const first = await screen.findByRole('dialog', { name: 'Policy 1' });
    expect(within(first).getByText('Text of policy 1')).toBeTruthy();
    expect(within(first).getByText('Dana Admin')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'AbCde_p1.pdf' })).toBeTruthy();
    await waitFor(() => expect(views).toEqual([{ documentId: 'd1' }]));
    expect(calledPaths(fetchMock)).toContain(LIST);
  });

  it('gives the organisation read receipts, viewers, Add document, Edit and Delete', async () => {
    const fetchMock = mockFetch({
      [LIST]: { data: reply([doc(1, { viewerCount: 1 })], 4) },
      [VIEWERS]: {
        data: {
          viewers: [
            {
              viewer: { type: 3, name: 'North Sea Scaffolding', uid: 'c1' },
              viewed_at: '2026-11-19T09:30:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderPage(<RecentPolicyUpdatesCard companyId="org1" manage />);
    expect(await screen.findByRole('progressbar', { name: m.readReceiptLabel(1, 4) })).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Policy 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Policy 1' });
    const viewers = await within(dialog).findByRole('table', { name: m.viewers });
    expect(within(viewers).getByText('North Sea Scaffolding')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: m.edit })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.confirmDelete('Policy 1'))).toBeTruthy();
    // The list never carries every viewer of every document (issue 63).
    expect(calledPaths(fetchMock)).not.toContain(`${LIST}?viewers=true`);
  });

  it("pages a document's viewers in its popup, asking the server for each page", async () => {
    const all = Array.from({ length: 23 }, (_, i) => ({
      viewer: { type: 5, name: `Reader ${String(i + 1).padStart(2, '0')}`, uid: `e${i + 1}` },
      viewed_at: `2026-11-19T09:${String(59 - i).padStart(2, '0')}:00.000Z`,
    }));
    const asked: unknown[] = [];
    mockFetch({
      [LIST]: { data: reply([doc(1, { viewerCount: 23 })], 40) },
      [VIEWERS]: (body) => {
        asked.push(body);
        const { page, pageSize } = body as { page: number; pageSize: number };
        return {
          data: {
            viewers: all.slice((page - 1) * pageSize, page * pageSize),
            total: all.length,
            page,
            pageSize,
          },
        };
      },
    });
    renderPage(<RecentPolicyUpdatesCard companyId="org1" manage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Policy 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Policy 1' });
    const table = await within(dialog).findByRole('table', { name: m.viewers });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.firstElementChild?.textContent);
    expect(names()).toHaveLength(10);
    expect(names()[0]).toBe('Reader 01');
    expect(within(dialog).getByText('1–10 of 23')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /last page/i }));
    await waitFor(() => expect(names()).toEqual(['Reader 21', 'Reader 22', 'Reader 23']));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(names()).toHaveLength(23));
    expect(asked).toEqual([
      { documentId: 'd1', page: 1, pageSize: 10 },
      { documentId: 'd1', page: 3, pageSize: 10 },
      { documentId: 'd1', page: 1, pageSize: 50 },
    ]);
  });

  it('refuses to save a document without a file: All fields are mandatory', async () => {
    const create = vi.fn(() => ({ data: doc(9) }));
    mockFetch({
      [LIST]: { data: reply([]) },
      '/api/document/createDocument': create,
    });
    renderPage(<RecentPolicyUpdatesCard companyId="org1" manage />);
    expect(await screen.findByText(m.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: m.addDocument }));
    const dialog = await screen.findByRole('dialog', { name: m.addDocument });
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Hot work');
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'Rules');
    await userEvent.click(within(dialog).getByRole('button', { name: m.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.allMandatory);
    expect(create).not.toHaveBeenCalled();
  });
});
