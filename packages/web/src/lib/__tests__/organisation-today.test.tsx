import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInProfileContext } from '../session';
import { useOrganisationToday } from '../organisation-today';
import { mockFetch } from '../../test/mock-fetch';
import { renderPage } from '../../test/render';
import { makeProfile } from '../../test/fixtures';

function Today() {
  return <p data-testid="today">{useOrganisationToday()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useOrganisationToday (issue 60)", () => {
  it("is the day in the organisation's time zone once read, the browser's day until then", async () => {
    // 18:31Z on the 13th: still the 13th in UTC (the test's browser), already the 14th in Kolkata.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-13T18:31:00Z'));
    const fetchMock = mockFetch({ '/api/organisation/getTimeZone': { data: { timeZone: 'Asia/Kolkata', isSet: true, version: 1 } } });
    renderPage(
      <SignedInProfileContext.Provider value={makeProfile({ cmp_id: 'org1' })}>
        <Today />
      </SignedInProfileContext.Provider>,
    );
    expect(screen.getByTestId('today').textContent).toBe('2027-01-13');
    expect(await screen.findByText('2027-01-14')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("stays on the browser's day, with no Error dialog, when the zone cannot be read", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-13T18:31:00Z'));
    const fetchMock = mockFetch({ '/api/organisation/getTimeZone': { status: 403, message: 'You are not allowed to do this' } });
    renderPage(
      <SignedInProfileContext.Provider value={makeProfile({ cmp_id: 'org1' })}>
        <Today />
      </SignedInProfileContext.Provider>,
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('today').textContent).toBe('2027-01-13');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
