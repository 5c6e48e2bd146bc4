import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';

afterEach(() => {
  vi.doUnmock('../../components/error-dialog');
  vi.unstubAllGlobals();
});

async function renderBase() {
  vi.resetModules();
  const [{ BaseProviders }, notifier] = await Promise.all([
    import('../base-providers'),
    import('../../lib/notifier'),
  ]);
  render(
    <BaseProviders>
      <p>page</p>
    </BaseProviders>,
  );
  return notifier;
}

describe('the Error dialog host', () => {
  it('loads the dialog with the first error and shows it', async () => {
    const { showError } = await renderBase();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => showError('Something failed'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('Something failed');
  });

  it("falls back to the browser's alert when the dialog's code cannot load", async () => {
    vi.doMock('../../components/error-dialog', () => {
      throw new Error('offline');
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { showError, useNotifier } = await renderBase();
    act(() => showError('The server did not answer'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('The server did not answer'));
    // Dismissed once alerted, so the next error is not stuck behind it.
    let errors: readonly unknown[] = [''];
    function Probe() {
      errors = useNotifier().errors;
      return null;
    }
    render(<Probe />);
    expect(errors).toEqual([]);
  });
});
