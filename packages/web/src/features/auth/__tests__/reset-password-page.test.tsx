import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { ResetPasswordForm, ResetPasswordPage } from '../pages/reset-password-page';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'c'.repeat(32);

describe('reset password form', () => {
  it('shows the password rule for a weak password and the required text for an empty confirmation', async () => {
    mockFetch({});
    renderPage(
      <ResetPasswordForm oobCode={CODE} email="casey@example.com" onDone={() => undefined} />,
    );
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText(
        'Password length must be 6 and contain 1 Uppercase, 1 Lowercase, 1 Special Character, 1 Number',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
  });

  it('asks for the same password twice', async () => {
    const fetchMock = mockFetch({});
    renderPage(
      <ResetPasswordForm oobCode={CODE} email="casey@example.com" onDone={() => undefined} />,
    );
    await userEvent.type(screen.getByLabelText('New Password'), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Abcdef1?');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password should match with New Password!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the new password once both match, then reports success', async () => {
    let body: unknown;
    mockFetch({
      '/api/auth/confirmPasswordReset': (b) => {
        body = b;
        return {};
      },
    });
    const onDone = vi.fn();
    renderPage(<ResetPasswordForm oobCode={CODE} email="casey@example.com" onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('New Password'), 'Abcdef1!');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Abcdef1!');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(body).toEqual({ oobCode: CODE, newPassword: 'Abcdef1!' });
    expect(await screen.findByText('Your Password has been Changed Successfully')).toBeTruthy();
  });
});

describe('reset password page', () => {
  it('sends a broken link back to sign-in with the link message', async () => {
    mockFetch({
      '/api/auth/verifyResetCode': {
        status: 400,
        message: 'The link is malformed, expired, or has already been used',
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/reset_password', element: <ResetPasswordPage /> },
        { path: '/', element: <p>sign-in page</p> },
      ],
      `/reset_password?oobCode=${CODE}&continueUrl=https://evil.example`,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'The link is malformed, expired, or has already been used',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the form for a valid link', async () => {
    mockFetch({ '/api/auth/verifyResetCode': { data: { email: 'casey@example.com' } } });
    renderRoutes(
      [{ path: '/reset_password', element: <ResetPasswordPage /> }],
      `/reset_password?oobCode=${CODE}`,
    );
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(screen.getByText('Choose a new password for casey@example.com')).toBeTruthy();
    expect(document.title).toBe('Reset Password | Palisade');
  });
});
