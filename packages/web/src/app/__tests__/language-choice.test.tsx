import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { hindi } from '@palisade/domain/i18n/hi/tables';
import { LanguageRoot } from '../language-root';
import { chosenLanguage, switchLanguage } from '../../lib/language';
import { makeProfile } from '../../test/fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../test/render';
import { appRoutes } from '../router';
import { LanguageCard } from '../../features/profile/components/language-card';
import { LoginForm } from '../../features/auth/components/login-form';

const hi = hindi;

afterEach(async () => {
  // The screens unmounted first: a user's own language would otherwise switch them back.
  cleanup();
  vi.unstubAllGlobals();
  await switchLanguage('en', false);
  localStorage.clear();
});

function bodyOf(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => input === path);
  return typeof call?.[1]?.body === 'string' ? JSON.parse(call[1].body) : undefined;
}

describe('the language chosen on the sign-in page (issue 60)', () => {
  it("shows the page in Hindi at once, with its validation in Hindi, and signs in with it kept as the user's", async () => {
    const fetchMock = mockFetch({ '/api/auth/signIn': { data: makeProfile({ language: 'hi' }) } });
    renderPage(
      <LanguageRoot>
        <LoginForm onSignedIn={() => undefined} forgotLink={null} />
      </LanguageRoot>,
    );
    const choice = screen.getByRole('group', { name: 'Language' });
    expect(
      within(choice).getByRole('button', { name: 'English' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await userEvent.click(within(choice).getByRole('button', { name: 'हिन्दी' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: hi.coreMessages.auth.signInTitle }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(chosenLanguage()).toBe('hi');
    expect(
      within(screen.getByRole('group', { name: hi.coreMessages.common.language }))
        .getByRole('button', { name: 'हिन्दी' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The schema's messages (made in English when it loaded) in Hindi.
    await userEvent.click(screen.getByRole('button', { name: hi.coreMessages.auth.signIn }));
    expect(await screen.findByText(hi.coreMessages.auth.emailRequired)).toBeTruthy();
    expect(screen.getByText(hi.coreMessages.auth.passwordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(
      screen.getByLabelText(hi.coreMessages.auth.emailAddress),
      'casey@example.com',
    );
    await userEvent.type(screen.getByLabelText(hi.coreMessages.auth.password), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: hi.coreMessages.auth.signIn }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, '/api/auth/signIn')).toMatchObject({
        email: 'casey@example.com',
        language: 'hi',
      }),
    );
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('accept-language')).toBe('hi');
  });

  it('sends no language with the sign-in when none was chosen here', async () => {
    const fetchMock = mockFetch({ '/api/auth/signIn': { data: makeProfile() } });
    renderPage(<LoginForm onSignedIn={() => undefined} forgotLink={null} />);
    await userEvent.type(screen.getByLabelText('Email Address'), 'casey@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodyOf(fetchMock, '/api/auth/signIn')).toBeDefined());
    expect(bodyOf(fetchMock, '/api/auth/signIn')).not.toHaveProperty('language');
  });
});

describe('Settings: the language card (issue 60)', () => {
  it('keeps the choice on the server and shows the screens in it', async () => {
    const fetchMock = mockFetch({
      '/api/auth/me': { data: makeProfile() },
      '/api/profile/setLanguage': (body) => ({
        data: makeProfile({ language: (body as { language: 'en' | 'hi' }).language }),
      }),
    });
    renderPage(
      <LanguageRoot>
        <LanguageCard />
      </LanguageRoot>,
    );
    const card = screen.getByRole('region', { name: 'Language' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Language' }));
    await userEvent.click(screen.getByRole('option', { name: 'हिन्दी' }));
    expect(
      await screen.findByRole('region', { name: hi.profileMessages.languageTitle }),
    ).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/profile/setLanguage')).toEqual({ language: 'hi' });
    expect(screen.getByText(hi.profileMessages.languageHelp)).toBeTruthy();
    expect(chosenLanguage()).toBe('hi');
  });
});

describe('a signed-in user with a language of their own (issue 60)', () => {
  it('gets the screens in it in a browser that never chose one', async () => {
    mockFetch(
      { '/api/auth/me': { data: makeProfile({ type: 3, language: 'hi' }) } },
      { unknown: 'pending' },
    );
    renderRoutes(
      [
        {
          element: (
            <LanguageRoot>
              <Outlet />
            </LanguageRoot>
          ),
          children: appRoutes,
        },
      ],
      '/atgl/Contractor/dashboard',
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: hi.webMessages.welcome('Casey Contractor'),
      }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(chosenLanguage()).toBe('hi');
  });
});
