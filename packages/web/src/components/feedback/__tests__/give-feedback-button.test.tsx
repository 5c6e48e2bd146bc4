import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('sends one feedback for a double click on Submit, with the id made at opening (issue 56)', async () => {
    const sent: FormData[] = [];
    mockFetch({
      '/api/feedback/createFeedback': (body) => {
        sent.push(body as FormData);
        return { data: { _id: 'f1' }, message: m.added };
      },
    });
    renderPage(<GiveFeedbackButton />);
    await userEvent.click(screen.getByRole('button', { name: m.giveFeedback }));
    const dialog = await screen.findByRole('dialog', { name: m.giveFeedback });
    await userEvent.type(within(dialog).getByLabelText(/^Your feedback/), 'Gate blocked');
    // Two clicks in one go, as a double click lands before the page has drawn the first's effect.
    const submit = within(dialog).getByRole('button', { name: m.submit });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('names an empty file when it is chosen, and cuts a long paste saying so (issue 56)', async () => {
    mockFetch({});
    renderPage(<GiveFeedbackButton />);
    await userEvent.click(screen.getByRole('button', { name: m.giveFeedback }));
    const dialog = await screen.findByRole('dialog', { name: m.giveFeedback });
    const input = dialog.querySelector('input[name="feedback-attachments"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File([], 'blank.png', { type: 'image/png' }));
    expect(await screen.findByText(messages.files.empty('blank.png'))).toBeTruthy();
    expect(within(dialog).queryByText('blank.png')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    const text = within(dialog).getByLabelText(/^Your feedback/);
    await userEvent.click(text);
    await userEvent.paste('y'.repeat(5100));
    expect((text as HTMLTextAreaElement).value).toHaveLength(5000);
    expect(within(dialog).getByText(messages.web.textLimit.cut(5000))).toBeTruthy();
    expect(within(dialog).getByText('5000 / 5000')).toBeTruthy();
  });
});
