import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANSWER_TEXT_MAX_LENGTH } from '@palisade/domain/constants';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { AnswerType } from '@palisade/domain/statuses';
import { draftOf, dropDraftsOf, keepDraft } from '../../../lib/answer-drafts';
import { ChecklistPage } from '../pages/checklist-page';
import { makeQuestion, makeResponse, makeSection, renderContractorPage } from './fixtures';

// Issue 56: answers not saved yet are kept in the browser (per user, response and question, with
// the version they were based on) and sent when the section opens again; an explicit Save that
// fails says so; a text answer past its limit says it was cut.

afterEach(() => vi.unstubAllGlobals());

const PATH = '/atgl/Contractor/assessment/:responseId/categories/:categoryId';
const URL = '/atgl/Contractor/assessment/r1/categories/cat-s1';
const GET = '/api/assessment/responses/getResponseById';
const SAVE = '/api/assessment/responses/updateSectionInResponse';
// The signed-in contractor of renderContractorPage.
const USER = 'c1';

interface SaveBody {
  responseData: { questions: { _id: string; answer?: unknown; version?: number }[] };
}

function responseWith(questions = [makeQuestion('q1', AnswerType.SHORT_ANSWER), makeQuestion('q2', AnswerType.LONG_ANSWER)]): ResponseReply {
  return makeResponse({ status: 'PENDING', sections: [makeSection('s1', 'Safety Management', questions)] });
}

const field = (id: string, type: string) => screen.findByRole('textbox', { name: `Question ${id} (${type})?` });

describe('answers kept in the browser (issue 56)', () => {
  it('keeps a typed answer with the version it is based on until it is saved', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseWith() },
      [SAVE]: () => ({ data: responseWith() }),
    });
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input === SAVE) await held;
      return inner(input, init);
    });
    await userEvent.type(await field('q1', 'shortAnswer'), 'Weekly');
    expect(draftOf(USER, 'r1', 'q1')).toEqual({
      responseId: 'r1',
      sectionId: 's1',
      questionId: 'q1',
      version: 1,
      entry: { yesNo: '', text: 'Weekly', number: '', choice: '', choices: [], tick: false },
    });
    release();
    const state = screen.getByRole('status', { name: 'Save state of question 1' });
    await waitFor(() => expect(state.textContent).toContain('Saved'));
    expect(draftOf(USER, 'r1', 'q1')).toBeNull();
  });

  it('keeps the answer whose save met an ended session, even when another tab cleared the drafts', async () => {
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseWith() },
      [SAVE]: () => {
        // The user signed out in another tab of this browser: its drafts are gone, then this 401.
        dropDraftsOf(USER);
        return { status: 401, message: 'Please sign in to continue' };
      },
    });
    await userEvent.type(await field('q1', 'shortAnswer'), 'Weekly');
    const state = screen.getByRole('status', { name: 'Save state of question 1' });
    await waitFor(() => expect(state.textContent).toContain('Not saved'));
    expect(draftOf(USER, 'r1', 'q1')).toMatchObject({ version: 1, entry: { text: 'Weekly' } });
    // A lost session is not an Error dialog: the sign-in page says it.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts a kept answer back when the section opens and saves it with its version', async () => {
    keepDraft(USER, {
      responseId: 'r1',
      sectionId: 's1',
      questionId: 'q2',
      version: 1,
      entry: { yesNo: '', text: 'Typed before the session ended', number: '', choice: '', choices: [], tick: false },
    });
    const bodies: SaveBody[] = [];
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseWith() },
      [SAVE]: (b) => {
        bodies.push(b as SaveBody);
        return { data: responseWith() };
      },
    });
    expect(((await field('q2', 'longAnswer')) as HTMLTextAreaElement).value).toBe('Typed before the session ended');
    expect(await screen.findByText('Your unsaved answer kept in this browser has been saved')).toBeTruthy();
    expect(bodies.flatMap((b) => b.responseData.questions)).toEqual([
      { _id: 'q2', answer: { text: 'Typed before the session ended' }, version: 1 },
    ]);
    expect(draftOf(USER, 'r1', 'q2')).toBeNull();
  });

  it('keeps the server’s answer when it changed since, and names the question', async () => {
    keepDraft(USER, {
      responseId: 'r1',
      sectionId: 's1',
      questionId: 'q2',
      version: 1,
      entry: { yesNo: '', text: 'Mine', number: '', choice: '', choices: [], tick: false },
    });
    const { fetchMock } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      // Someone saved question 2 since (version 2).
      [GET]: {
        data: responseWith([
          makeQuestion('q1', AnswerType.SHORT_ANSWER),
          makeQuestion('q2', AnswerType.LONG_ANSWER, { answered: true, version: 2 }),
        ]),
      },
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Question 2 was changed by someone else since you typed your answer');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(((await field('q2', 'longAnswer')) as HTMLTextAreaElement).value).toBe('Saved text');
    expect(fetchMock.mock.calls.some(([input]) => input === SAVE)).toBe(false);
    expect(draftOf(USER, 'r1', 'q2')).toBeNull();
  });

  it("never shows another user's kept answers", async () => {
    keepDraft('someone-else', {
      responseId: 'r1',
      sectionId: 's1',
      questionId: 'q1',
      version: 1,
      entry: { yesNo: '', text: 'Not yours', number: '', choice: '', choices: [], tick: false },
    });
    renderContractorPage(<ChecklistPage />, PATH, URL, { [GET]: { data: responseWith() } });
    expect(((await field('q1', 'shortAnswer')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByDisplayValue('Not yours')).toBeNull();
    expect(draftOf('someone-else', 'r1', 'q1')).not.toBeNull();
  });
});

describe('Save and the text limit (issue 56)', () => {
  it('opens the Error dialog with the spec text and the server’s message when Save fails', async () => {
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseWith() },
      [SAVE]: { status: 500, message: 'Something went wrong on the server', data: { requestId: 'req-7' } },
    });
    const user = userEvent.setup();
    await user.type(await field('q1', 'shortAnswer'), 'Weekly');
    // The autosave failed quietly (Retry); the explicit Save says why.
    const state = screen.getByRole('status', { name: 'Save state of question 1' });
    await waitFor(() => expect(state.textContent).toContain('Not saved'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Error in saving response! Something went wrong on the server (reference: req-7)',
    );
  });

  it('cuts a pasted text past the limit and says so, with a counter near the limit', async () => {
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseWith() },
      [SAVE]: () => ({ data: responseWith() }),
    });
    const input = (await field('q2', 'longAnswer')) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.click(input);
    await user.paste('x'.repeat(4600));
    expect(screen.getByText('4,600 / 5,000 characters')).toBeTruthy();
    expect(screen.queryByText(/The text was cut/)).toBeNull();
    await user.paste('y'.repeat(500));
    expect(input.value).toHaveLength(ANSWER_TEXT_MAX_LENGTH);
    expect(screen.getByText('5,000 / 5,000 characters')).toBeTruthy();
    const notice = screen.getByText('The text was cut to 5,000 characters, the most an answer may hold.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(input.getAttribute('aria-describedby')).toContain(notice.id);
  });
});
