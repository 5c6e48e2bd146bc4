import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInProfileContext } from '../session';
import { useOrganisationToday } from '../organisation-today';
import { renderPage } from '../../test/render';
import { makeProfile } from '../../test/fixtures';

function Today() {
  return <p data-testid="today">{useOrganisationToday()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useOrganisationToday (issue 60)', () => {
  it("is the day in the working organisation's time zone", () => {
    // 18:31Z on the 13th: still the 13th in UTC (the test's browser), already the 14th in Kolkata.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-13T18:31:00Z'));
    const { unmount } = renderPage(
      <SignedInProfileContext value={makeProfile({ timeZone: 'Asia/Kolkata' })}>
        <Today />
      </SignedInProfileContext>,
    );
    expect(screen.getByTestId('today').textContent).toBe('2027-01-14');
    unmount();
    renderPage(
      <SignedInProfileContext value={makeProfile({ timeZone: 'America/New_York' })}>
        <Today />
      </SignedInProfileContext>,
    );
    expect(screen.getByTestId('today').textContent).toBe('2027-01-13');
  });

  it("is the browser's day outside a signed-in shell", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-13T18:31:00Z'));
    renderPage(<Today />);
    expect(screen.getByTestId('today').textContent).toBe(new Date().toLocaleDateString('en-CA'));
  });
});
