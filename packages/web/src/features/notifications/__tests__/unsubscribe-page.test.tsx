import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { kindOfToken, UnsubscribePage } from '../pages/unsubscribe-page';

/** A token as the server signs it: base64url JSON, a dot, a signature (not checked here). */
const token = (kind: string) =>
  `${btoa(JSON.stringify({ u: 'c1', k: kind }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.c2ln`;

describe('unsubscribe page', () => {
  it('reads the kind from the token', () => {
    expect(kindOfToken(token('reassessment'))).toBe('reassessment');
    expect(kindOfToken(token('nope'))).toBeNull();
    expect(kindOfToken('garbage')).toBeNull();
  });

  it('asks first (a visit changes nothing), then turns that kind off', async () => {
    const fetchMock = mockFetch({
      '/api/notification/unsubscribe': { data: { kind: 'reassessment' } },
    });
    renderRoutes(
      [{ path: '/unsubscribe', element: <UnsubscribePage /> }],
      `/unsubscribe?token=${encodeURIComponent(token('reassessment'))}`,
    );
    expect(
      await screen.findByText('Stop e-mails for: A response is marked for reassessment?'),
    ).toBeTruthy();
    expect(calledPaths(fetchMock)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByText(
        /You will no longer receive e-mails for: A response is marked for reassessment/,
      ),
    ).toBeTruthy();
    expect(calledPaths(fetchMock)).toEqual(['/api/notification/unsubscribe']);
  });

  it('says a broken link is not valid', async () => {
    mockFetch({});
    renderRoutes(
      [{ path: '/unsubscribe', element: <UnsubscribePage /> }],
      '/unsubscribe?token=broken',
    );
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeTruthy();
  });
});
