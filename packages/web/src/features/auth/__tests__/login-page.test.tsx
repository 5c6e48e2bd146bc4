import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { LoginForm } from '../components/login-form';
import { LoginPage } from '../pages/login-page';

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

describe('sign-in page with a signed-in user and ?next=', () => {
  function Landed() {
    const { pathname, search } = useLocation();
    return <p>{`landed: ${pathname}${search}`}</p>;
  }
  /** Opens /?next=… signed in as a contractor; where the page sends it. */
  async function landingOf(next: string): Promise<string> {
    mockFetch({ '/api/auth/me': { data: makeProfile({ type: 3 }) } });
    const { unmount } = renderRoutes(
      [
        { path: '/', element: <LoginPage /> },
        { path: '*', element: <Landed /> },
      ],
      `/?${new URLSearchParams({ next }).toString()}`,
    );
    const text = (await screen.findByText(/^landed: /)).textContent;
    unmount();
    return text.replace(/^landed: /, '');
  }

  it('returns to a page of its own group, with its query', async () => {
    expect(await landingOf('/atgl/Contractor/Assessment?from=mail')).toBe('/atgl/Contractor/Assessment?from=mail');
  });

  it('ignores another origin (absolute or protocol-relative) and another group: home instead', async () => {
    for (const next of [
      'https://evil.example/atgl/Contractor/dashboard',
      '//evil.example/atgl/Contractor/dashboard',
      '/\\evil.example/atgl/Contractor/dashboard',
      'javascript:alert(1)',
      '/sapphire/Dashboard',
    ]) {
      expect(await landingOf(next), next).toBe('/atgl/Contractor/dashboard');
    }
  });
});
