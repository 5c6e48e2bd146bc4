import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { showError, showSuccess } from '../../lib/notifier';

function renderProviders() {
  return render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <p>page</p>
    </AppProviders>,
  );
}

describe('Error dialog', () => {
  it('shows title Error and the message, ignores Escape and closes on Ok', async () => {
    renderProviders();
    act(() => showError('Email not found'));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(dialog.textContent).toContain('Email not found');

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not close on a click outside', async () => {
    renderProviders();
    act(() => showError('Too many requests'));
    await screen.findByRole('dialog');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).toBeTruthy();
    if (backdrop) await userEvent.click(backdrop);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows queued errors one after the other', async () => {
    renderProviders();
    act(() => {
      showError('First');
      showError('Second');
    });
    expect((await screen.findByRole('dialog')).textContent).toContain('First');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Second'));
  });
});

describe('Success helper', () => {
  it('shows the text under the title Success', async () => {
    renderProviders();
    act(() => showSuccess('Logged Out Successfully'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Success');
    expect(alert.textContent).toContain('Logged Out Successfully');
  });
});
