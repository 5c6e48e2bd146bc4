import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ssoMessages as m } from '@palisade/domain/sso/sso.messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { SsoSettingsCard } from '../components/sso-settings-card';

afterEach(() => vi.unstubAllGlobals());

/** Types by pasting: one change per field (typing each key took long on a busy machine). */
async function fill(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const REDIRECT = 'http://localhost:3000/api/sso/callback';
const checks = (ok: boolean) => [
  { check: 'discovery', ok: true, detail: null },
  { check: 'pkce', ok: true, detail: null },
  { check: 'client', ok, detail: ok ? null : 'invalid_client: client authentication failed' },
  { check: 'redirect', ok: true, detail: null },
];

describe('Settings: single sign-on (issue 59)', () => {
  it('tests the settings, saves them, and then shows the secret only as stored', async () => {
    const saved: unknown[] = [];
    mockFetch({
      '/api/sso/getConfig': { data: { redirectUri: REDIRECT, config: null } },
      '/api/sso/testConfig': (body) => ({ data: { ok: (body as { clientSecret?: string }).clientSecret === 's3cret', checks: checks((body as { clientSecret?: string }).clientSecret === 's3cret') } }),
      '/api/sso/saveConfig': (body) => {
        saved.push(body);
        return {
          data: {
            redirectUri: REDIRECT,
            config: { issuer: 'https://login.acme.example', clientId: 'portal', secretStored: true, domains: ['acme.example', 'acme.co.uk'], requireSso: true, version: 0, updatedAt: '2026-11-30T10:00:00.000Z' },
          },
        };
      },
    });
    renderPage(<SsoSettingsCard companyId="c1" />);
    expect(await screen.findByText(REDIRECT)).toBeTruthy();
    expect(screen.getByText(m.notConfigured)).toBeTruthy();
    // The form's own check, by the server's schema.
    await userEvent.click(screen.getByRole('button', { name: m.testSignIn }));
    expect(await screen.findByText(m.issuerRequired)).toBeTruthy();
    expect(screen.getByText(m.domainsRequired)).toBeTruthy();

    await fill(screen.getByLabelText(/^Issuer URL/), 'https://login.acme.example/');
    await fill(screen.getByLabelText(/^Client ID/), 'portal');
    await fill(screen.getByLabelText(/^Client secret/), 'wrong');
    await fill(screen.getByLabelText(/^E-mail domains/), 'Acme.example, acme.co.uk');
    await userEvent.click(screen.getByRole('button', { name: m.testSignIn }));
    expect(await screen.findByText(m.testFailed)).toBeTruthy();
    expect(screen.getByText(/invalid_client/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Client secret/));
    await fill(screen.getByLabelText(/^Client secret/), 's3cret');
    await userEvent.click(screen.getByRole('button', { name: m.testSignIn }));
    expect(await screen.findByText(m.testPassed)).toBeTruthy();

    await userEvent.click(screen.getByLabelText(m.requireSso));
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(screen.getByText(m.configured)).toBeTruthy());
    expect(saved).toEqual([
      { companyId: 'c1', issuer: 'https://login.acme.example', clientId: 'portal', clientSecret: 's3cret', domains: ['acme.example', 'acme.co.uk'], requireSso: true, version: null },
    ]);
    expect(screen.getByText(m.stored)).toBeTruthy();
    expect(screen.queryByLabelText(/^Client secret/)).toBeNull();
    expect(screen.getByRole('button', { name: m.replaceSecret })).toBeTruthy();
  });
});
