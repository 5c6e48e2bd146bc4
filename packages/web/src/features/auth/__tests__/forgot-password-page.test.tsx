import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coreMessages } from '@palisade/domain/messages-core';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { ForgotPasswordPage } from '../pages/forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

async function ask(email: string) {
  await userEvent.type(screen.getByLabelText(coreMessages.auth.emailAddress), email);
  await userEvent.click(screen.getByRole('button', { name: coreMessages.auth.sendEmail }));
}

describe('forgot password (issue 56)', () => {
  it('a network failure says "Technical problem. Please try again later" and goes back to /', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { router } = renderPage(<ForgotPasswordPage />, '/Forgot_Password');
    await ask('casey@example.com');
    expect(await screen.findByText(coreMessages.common.technicalProblem)).toBeTruthy();
    expect(screen.queryByText(coreMessages.common.unknownError)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a server failure (5xx) says the same', async () => {
    mockFetch({ '/api/auth/forgotPassword': { status: 503, message: 'Service Unavailable' } });
    renderPage(<ForgotPasswordPage />, '/Forgot_Password');
    await ask('casey@example.com');
    expect(await screen.findByText(coreMessages.common.technicalProblem)).toBeTruthy();
  });

  it('the server\'s answer ("Email not found") is shown as it is, and the page stays', async () => {
    mockFetch({ '/api/auth/forgotPassword': { status: 400, message: 'Email not found' } });
    const { router } = renderPage(<ForgotPasswordPage />, '/Forgot_Password');
    await ask('nobody@example.com');
    expect(await screen.findByText('Email not found')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Forgot_Password');
  });
});
