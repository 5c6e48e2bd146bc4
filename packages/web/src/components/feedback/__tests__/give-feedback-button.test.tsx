import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { GiveFeedbackButton } from '../give-feedback-button';

afterEach(() => vi.unstubAllGlobals());

const m = messages.feedback;

describe('GiveFeedbackButton', () => {
  it('keeps Submit disabled while the text is empty, then sends the text and the files', async () => {
    let sent: FormData | null = null;
    mockFetch({
      '/api/feedback/createFeedback': (body) => {
        sent = body as FormData;
        return { data: { _id: 'f1' }, message: m.added };
      },
    });
    renderPage(<GiveFeedbackButton />);
    await userEvent.click(screen.getByRole('button', { name: m.giveFeedback }));
    const dialog = await screen.findByRole('dialog', { name: m.giveFeedback });
    const submit = within(dialog).getByRole('button', { name: m.submit });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/^Your feedback/), '   ');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText(/^Your feedback/), 'Gate blocked');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    const input = dialog.querySelector('input[name="feedback-attachments"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    expect(input.accept).toBe('.jpeg,.jpg,.png');
    await userEvent.upload(input, new File(['png'], 'gate.png', { type: 'image/png' }));
    expect(within(dialog).getByText('gate.png')).toBeTruthy();
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(m.added)).toBeTruthy();
    const form = sent as FormData | null;
    expect(form?.get('feedbackText')).toBe('Gate blocked');
    expect((form?.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['gate.png']);
  });

  it('refuses a file of another type with the spec text', async () => {
    mockFetch({});
    renderPage(<GiveFeedbackButton />);
    await userEvent.click(screen.getByRole('button', { name: m.giveFeedback }));
    const dialog = await screen.findByRole('dialog', { name: m.giveFeedback });
    const input = dialog.querySelector('input[name="feedback-attachments"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['x'], 'notes.docx'), { applyAccept: false });
    expect(await screen.findByText(messages.files.unsupported)).toBeTruthy();
    expect(within(dialog).queryByText('notes.docx')).toBeNull();
  });
});
