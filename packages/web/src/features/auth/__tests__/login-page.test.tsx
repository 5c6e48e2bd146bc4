import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { LoginForm } from '../components/login-form';

const form = <LoginForm onSignedIn={() => undefined} forgotLink={null} />;

afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('shows the required messages on an empty submit and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderPage(form);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Must be a valid email" for a malformed address', async () => {
    mockFetch({});
    renderPage(form);
    await userEvent.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Must be a valid email')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('toggles the password visibility', async () => {
    mockFetch({});
    renderPage(form);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('shows the server message in the Error dialog', async () => {
    mockFetch({
      '/api/auth/signIn': {
        status: 401,
        message: "Wrong password. Please try again or click 'Forgot password' to reset it.",
      },
    });
    renderPage(form);
    await userEvent.type(screen.getByLabelText('Email Address'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      "Wrong password. Please try again or click 'Forgot password' to reset it.",
    );
  });
});

describe('remember me', () => {
  it('pre-fills a remembered email', async () => {
    localStorage.setItem('palisade.rememberedEmail', 'casey@example.com');
    mockFetch({});
    renderPage(form);
    expect(screen.getByLabelText<HTMLInputElement>('Email Address').value).toBe(
      'casey@example.com',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Remember me').checked).toBe(true);
  });
});
