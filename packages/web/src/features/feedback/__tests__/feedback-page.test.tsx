import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feedback } from '@palisade/domain/feedback/feedback.schema';
import { messages } from '@palisade/domain/messages';
import { useMe } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { FeedbackPage } from '../pages/feedback-page';

afterEach(() => vi.unstubAllGlobals());

const m = messages.feedback;

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}

const feedback = (i: number, over: Partial<Feedback> = {}): Feedback => ({
  _id: `f${i}`,
  created_at: '2026-11-03T10:00:00.000Z',
  feedbackText: `Feedback ${i}`,
  attachments: [],
  userUid: 'c1',
  userType: 3,
  userInfo: { name: 'Callum Reid', email: 'c1@example.com' },
  cmp_id: 'org1',
  cmp_name: `Company ${i}`,
  ...over,
});

describe('FeedbackPage', () => {
  it('shows a page of feedback with Sr.No, date, company, text and attachments; pages through the server', async () => {
    const asked: unknown[] = [];
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2, _id: 'o1', name: 'Dana Admin' }) },
      '/api/feedback/getFeedbacksByCompanyId': (body) => {
        asked.push(body);
        const { page } = body as { page: number };
        return page === 1
          ? {
              data: {
                total: 6,
                data: [
                  feedback(1, {
                    attachments: [
                      {
                        fileName: 'AbCde_gate.png',
                        filePath: 'feedback/c1/f1/AbCde_gate.png',
                        fileLink: '/api/files/x/AbCde_gate.png',
                        fileSize: 3,
                        fileType: 'image/png',
                      },
                    ],
                  }),
                  ...[2, 3, 4, 5].map((i) => feedback(i)),
                ],
              },
            }
          : { data: { total: 6, data: [feedback(6)] } };
      },
    });
    renderPage(
      <SignedIn>
        <FeedbackPage />
      </SignedIn>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: m.title })).toBeTruthy();
    const table = await screen.findByRole('table', { name: m.title });
    expect(await within(table).findByText('Company 1')).toBeTruthy();
    expect(within(table).getAllByText('03/11/2026')).toHaveLength(5);
    await userEvent.click(
      within(table).getByRole('button', { name: m.openAttachment('AbCde_gate.png') }),
    );
    const viewer = await screen.findByRole('dialog', { name: 'AbCde_gate.png' });
    expect(within(viewer).getByRole('img', { name: 'AbCde_gate.png' }).getAttribute('src')).toBe(
      '/api/files/x/AbCde_gate.png',
    );
    await userEvent.click(within(viewer).getByRole('button', { name: messages.documents.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByText('Company 6')).toBeTruthy();
    expect(within(table).getByText('6')).toBeTruthy();
    expect(asked).toEqual([
      { companyId: 'org1', page: 1, pageSize: 5 },
      { companyId: 'org1', page: 2, pageSize: 5 },
    ]);
  });

  it('reads the page and size from the URL, writes a new page to it, and Back returns to the one before', async () => {
    const asked: { page: number; pageSize: number }[] = [];
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2, _id: 'o1', name: 'Dana Admin' }) },
      '/api/feedback/getFeedbacksByCompanyId': (body) => {
        const q = body as { page: number; pageSize: number };
        asked.push(q);
        const first = (q.page - 1) * q.pageSize + 1;
        const count = Math.max(0, Math.min(q.pageSize, 25 - first + 1));
        return {
          data: { total: 25, data: Array.from({ length: count }, (_, i) => feedback(first + i)) },
        };
      },
    });
    const { router } = renderRoutes(
      [
        {
          path: '/sapphire/feedback',
          element: (
            <SignedIn>
              <FeedbackPage />
            </SignedIn>
          ),
        },
      ],
      '/sapphire/feedback?page=2&size=10',
    );
    const table = await screen.findByRole('table', { name: m.title });
    expect(await within(table).findByText('Company 11')).toBeTruthy();
    expect(asked[0]).toEqual({ companyId: 'org1', page: 2, pageSize: 10 });
    expect(within(table).getAllByRole('row')[1]?.firstElementChild?.textContent).toBe('11');

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?page=3&size=10');
    expect(await within(table).findByText('Company 21')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&size=10');
    expect(await within(table).findByText('Company 11')).toBeTruthy();
  });

  it('asks before deleting a feedback', async () => {
    const deleted: unknown[] = [];
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2, _id: 'o1', name: 'Dana Admin' }) },
      '/api/feedback/getFeedbacksByCompanyId': { data: { total: 1, data: [feedback(1)] } },
      '/api/feedback/deleteFeedback': (body) => {
        deleted.push(body);
        return { data: { feedbackId: 'f1' } };
      },
    });
    renderPage(
      <SignedIn>
        <FeedbackPage />
      </SignedIn>,
    );
    await userEvent.click(await screen.findByRole('button', { name: m.deleteLabel('Company 1') }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(m.confirmDelete('Company 1'))).toBeTruthy();
    expect(deleted).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: messages.documents.delete }));
    await waitFor(() => expect(deleted).toEqual([{ feedbackId: 'f1' }]));
  });
});
