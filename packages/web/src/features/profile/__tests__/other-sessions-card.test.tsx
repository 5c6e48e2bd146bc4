import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { OtherSessionsCard } from '../components/other-sessions-card';

afterEach(() => vi.unstubAllGlobals());

describe('OtherSessionsCard', () => {
  it('signs out the other devices and says how many', async () => {
    const fetchMock = mockFetch({ '/api/auth/signOutOtherSessions': { data: { ended: 2 } } });
    renderPage(<OtherSessionsCard />);
    await userEvent.click(screen.getByRole('button', { name: messages.auth.signOutOtherSessions }));
    expect(await screen.findByText(messages.auth.otherSessionsSignedOut(2))).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a failure in the Error dialog', async () => {
    mockFetch({ '/api/auth/signOutOtherSessions': { status: 500, message: 'Database unavailable' } });
    renderPage(<OtherSessionsCard />);
    await userEvent.click(screen.getByRole('button', { name: messages.auth.signOutOtherSessions }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });
});
