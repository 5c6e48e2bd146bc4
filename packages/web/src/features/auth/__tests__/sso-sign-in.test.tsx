import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ssoSignInMessages } from '@palisade/domain/sso/sso-sign-in.messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { LoginForm } from '../components/login-form';

const form = <LoginForm onSignedIn={() => undefined} forgotLink={null} />;
const PROVIDER = 'https://login.example.com/authorize?state=s';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** window.location.assign, which jsdom does not carry out. */
function watchAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, href: window.location.href, assign });
  return assign;
}

describe('single sign-on on the sign-in page (issue 59)', () => {
  it('hides the password of a domain that requires it and continues at the provider', async () => {
    const fetchMock = mockFetch({
      '/api/sso/discover': { data: { sso: true, required: true } },
      '/api/sso/start': (body) => {
        // With the browser's time zone (issue 60).
        expect(body).toEqual({ email: 'anne@acme.example', rememberMe: false, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
        return { data: { authorizationUrl: PROVIDER } };
      },
    });
    const assign = watchAssign();
    renderPage(form);
    await userEvent.type(screen.getByLabelText('Email Address'), 'anne@acme.example');
    await userEvent.tab();
    expect(await screen.findByText(ssoSignInMessages.ssoRequiredHint)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: ssoSignInMessages.continueWithSso }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
    expect(fetchMock.mock.calls.map((c) => (typeof c[0] === 'string' ? c[0] : ''))).not.toContain('/api/auth/signIn');
  });

  it('offers it beside the password where it is not required', async () => {
    mockFetch({
      '/api/sso/discover': { data: { sso: true, required: false } },
      '/api/sso/start': { data: { authorizationUrl: PROVIDER } },
    });
    const assign = watchAssign();
    renderPage(form);
    await userEvent.type(screen.getByLabelText('Email Address'), 'anne@acme.example');
    await userEvent.tab();
    expect(await screen.findByText(ssoSignInMessages.ssoOptionalHint)).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ssoSignInMessages.continueWithSso }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER));
  });

  it('leaves other domains to the password', async () => {
    mockFetch({ '/api/sso/discover': { data: { sso: false, required: false } } });
    renderPage(form);
    await userEvent.type(screen.getByLabelText('Email Address'), 'casey@example.com');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeTruthy());
    expect(screen.queryByRole('button', { name: ssoSignInMessages.continueWithSso })).toBeNull();
  });

  it('shows the refusal the provider’s callback sent back, once', async () => {
    window.history.replaceState(null, '', '/?sso_error=unknown');
    mockFetch({});
    renderPage(form);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(ssoSignInMessages.failures.unknown);
    expect(window.location.search).toBe('');
  });
});
