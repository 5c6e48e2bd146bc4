import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { LoginForm } from '../components/login-form';

afterEach(() => vi.unstubAllGlobals());

const CHALLENGE = 'c'.repeat(43);

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('Email Address'), 'casey@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Demo@1234');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in two-factor step (issue 59)', () => {
  it('asks for the code after the password, checks its form, and signs in with it', async () => {
    const profile = makeProfile();
    const fetchMock = mockFetch({
      '/api/auth/signIn': { data: { twoFactorRequired: true, challenge: CHALLENGE, enrol: false } },
      '/api/auth/verifyTwoFactor': (body) => {
        // With the browser's time zone (issue 60).
        expect(body).toEqual({ challenge: CHALLENGE, code: '123 456', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
        return { data: profile };
      },
    });
    const signedIn = vi.fn<(p: Profile) => void>();
    renderPage(<LoginForm onSignedIn={signedIn} forgotLink={null} />);
    await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(signedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app'),
    ).toBeTruthy();
    const verifyCalls = () =>
      fetchMock.mock.calls.filter(
        ([input]) => typeof input === 'string' && input.includes('verifyTwoFactor'),
      ).length;
    expect(verifyCalls()).toBe(0);
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(signedIn).toHaveBeenCalledWith(profile));
  });

  it('takes a recovery code instead, and shows a wrong one in the Error dialog', async () => {
    mockFetch({
      '/api/auth/signIn': { data: { twoFactorRequired: true, challenge: CHALLENGE, enrol: false } },
      '/api/auth/verifyTwoFactor': {
        status: 401,
        message: 'The code is not valid. Check your authenticator app and try again',
      },
    });
    renderPage(<LoginForm onSignedIn={() => undefined} forgotLink={null} />);
    await signInWithPassword();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-ijkl-mnop');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The code is not valid');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    // Back to the password.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
