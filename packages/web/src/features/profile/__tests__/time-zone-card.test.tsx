import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timeZoneMessages as m } from '@palisade/domain/organisations/time-zone.messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { TimeZoneCard } from '../components/time-zone-card';

afterEach(() => vi.unstubAllGlobals());

describe('Settings: the organisation’s time zone (issue 60)', () => {
  it('says the zone is not set yet, then saves the one chosen with the version it read', async () => {
    const saved: unknown[] = [];
    mockFetch({
      '/api/organisation/getTimeZone': { data: { timeZone: 'UTC', isSet: false, version: 0 } },
      '/api/organisation/setTimeZone': (body) => {
        saved.push(body);
        return { message: m.saved, data: { timeZone: 'Asia/Kolkata', isSet: true, version: 1 } };
      },
    });
    renderPage(<TimeZoneCard />);
    expect(await screen.findByText(m.notSetYet('UTC'))).toBeTruthy();
    const field = screen.getByRole('combobox', { name: m.fieldLabel });
    expect(field).toHaveProperty('value', 'UTC');
    await userEvent.clear(field);
    await userEvent.type(field, 'Kolk');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Kolkata' }));
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(saved).toEqual([{ timeZone: 'Asia/Kolkata', version: 0 }]));
    expect(await screen.findByText(/^Now UTC\+05:30 in Kolkata, Asia$/)).toBeTruthy();
  });

  it('keeps Save off while no zone is chosen, and sends nothing', async () => {
    const fetchMock = mockFetch({ '/api/organisation/getTimeZone': { data: { timeZone: 'Europe/London', isSet: true, version: 4 } } });
    renderPage(<TimeZoneCard />);
    const field = await screen.findByRole('combobox', { name: m.fieldLabel });
    await userEvent.clear(field);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: m.save })).toHaveProperty('disabled', true);
    expect(fetchMock.mock.calls.filter((c) => typeof c[0] === 'string' && c[0].includes('setTimeZone'))).toEqual([]);
  });
});
