import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { AnswerType, AssessStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { calledPaths } from '../../../test/mock-fetch';
import { ChecklistPage } from '../pages/checklist-page';
import {
  makeFile,
  makeQuestion,
  makeResponse,
  makeSection,
  narrowScreen,
  renderContractorPage,
  wideScreen,
} from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  narrowScreen();
});

const PATH = '/atgl/Contractor/assessment/:responseId/categories/:categoryId';
const URL = '/atgl/Contractor/assessment/r1/categories/cat-s1';
const GET = '/api/assessment/responses/getResponseById';
const SAVE = '/api/assessment/responses/updateSectionInResponse';
const UPLOAD = '/api/assessment/responses/uploadAttachment?responseId=r1&sectionId=s1';
const PPE = ['Hard hat', 'Safety boots', 'Gloves'];
const ISO = ['ISO 14001 certified', 'In progress', 'No'];

/** One question of every answer type, none answered. */
function everyType() {
  return [
    makeQuestion('q1', AnswerType.SHORT_ANSWER),
    makeQuestion('q2', AnswerType.NUMERIC),
    makeQuestion('q3', AnswerType.LONG_ANSWER),
    makeQuestion('q4', AnswerType.CHECKBOX, { options: PPE }),
    makeQuestion('q5', AnswerType.CHECKBOX),
    makeQuestion('q6', AnswerType.MULTI_CHOICE, { options: ISO }),
    makeQuestion('q7', AnswerType.YES_NO),
  ];
}

function responseOf(status: ResponseStatus, questions = everyType()): ResponseReply {
  return makeResponse({ status, sections: [makeSection('s1', 'Safety Management', questions)] });
}

const q = (id: string, type: string) => `Question ${id} (${type})?`;
const CONFLICT = messages.responses.answerConflict;

interface SaveBody {
  assesRespId: string;
  sectionId: string;
  responseData: { questions: { _id: string; answer?: unknown; version?: number }[] };
  reply?: string;
}

/** The last question sent with this id (autosave sends one question a call). */
function lastSent(bodies: readonly SaveBody[], id: string) {
  return bodies
    .flatMap((b) => b.responseData.questions)
    .filter((x) => x._id === id)
    .at(-1);
}

describe('checklist page', () => {
  it('shows an input per answer type, each named by its question', async () => {
    renderContractorPage(<ChecklistPage />, PATH, URL, { [GET]: { data: responseOf('PENDING') } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Safety Management' }),
    ).toBeTruthy();

    const short = screen.getByRole('textbox', { name: q('q1', 'shortAnswer') });
    expect(short.tagName).toBe('INPUT');
    const numeric = screen.getByRole('textbox', { name: q('q2', 'numeric') });
    expect(numeric.getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByRole('textbox', { name: q('q3', 'longAnswer') }).tagName).toBe('TEXTAREA');
    const boxes = screen.getByRole('group', { name: q('q4', 'checkbox') });
    expect(
      within(boxes)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(PPE);
    expect(screen.getByRole('checkbox', { name: q('q5', 'checkbox') })).toBeTruthy();
    const choice = screen.getByRole('radiogroup', { name: q('q6', 'multiChoice') });
    expect(within(choice).getAllByRole('radio')).toHaveLength(3);
    const yesNo = screen.getByRole('radiogroup', { name: q('q7', 'yesNo') });
    expect(within(yesNo).getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect(within(yesNo).getByRole('radio', { name: 'No' })).toBeTruthy();

    for (let n = 1; n <= 7; n += 1) {
      expect(screen.getByRole('button', { name: `Attach a file to question ${n}` })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Files of question ${n} (0)` })).toBeTruthy();
      expect(screen.getByRole('button', { name: `Chat about question ${n}` })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByText('0 of 7 answered')).toBeTruthy();
  });

  it('is a table with Status, Topic, Response and Confirmation on a wide screen', async () => {
    wideScreen();
    const questions = [
      makeQuestion('q1', AnswerType.YES_NO, {
        answered: true,
        assessStatus: AssessStatus.ACCEPTED,
      }),
      makeQuestion('q2', AnswerType.SHORT_ANSWER, {
        answered: true,
        assessStatus: AssessStatus.REJECTED,
      }),
    ];
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('REASSESSMENT', questions) },
    });
    const table = await screen.findByRole('table', { name: 'Questions of the category' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Topic', 'Response', 'Confirmation']);
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('two question rows expected');
    expect(within(first).getByRole('img', { name: 'Accepted' })).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Rejected' })).toBeTruthy();
  });

  it('saves each answer on its own as the contractor works, with its version; Save goes back to the categories', async () => {
    const bodies: SaveBody[] = [];
    const { router } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
      [SAVE]: (b) => {
        bodies.push(b as SaveBody);
        return { data: responseOf('PENDING') };
      },
    });
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') }),
      'Signed by the MD',
    );
    await user.type(screen.getByRole('textbox', { name: q('q2', 'numeric') }), '2.5');
    await user.type(
      screen.getByRole('textbox', { name: q('q3', 'longAnswer') }),
      'Reported in the app',
    );
    const boxes = screen.getByRole('group', { name: q('q4', 'checkbox') });
    await user.click(within(boxes).getByRole('checkbox', { name: 'Gloves' }));
    await user.click(within(boxes).getByRole('checkbox', { name: 'Hard hat' }));
    await user.click(screen.getByRole('checkbox', { name: q('q5', 'checkbox') }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: q('q6', 'multiChoice') })).getByRole('radio', {
        name: 'In progress',
      }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: q('q7', 'yesNo') })).getByRole('radio', {
        name: 'No',
      }),
    );
    expect(screen.getByText('7 of 7 answered')).toBeTruthy();
    // The first answers are saved by now, without pressing Save.
    await waitFor(() => expect(lastSent(bodies, 'q1')).toBeDefined());
    expect(screen.getByRole('status', { name: 'Save state of question 1' }).textContent).toMatch(/Saved|Saving/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your response is saved')).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/atgl/Contractor/assessment/r1/categories'),
    );
    // One question a call, with the version it is based on, replied to with only that question;
    // files are not sent.
    expect(bodies.every((b) => b.assesRespId === 'r1' && b.sectionId === 's1' && b.responseData.questions.length === 1)).toBe(true);
    expect(bodies.every((b) => b.reply === 'sent')).toBe(true);
    expect(lastSent(bodies, 'q1')).toEqual({ _id: 'q1', answer: { text: 'Signed by the MD' }, version: 1 });
    expect(lastSent(bodies, 'q2')).toEqual({ _id: 'q2', answer: { value: 2.5 }, version: 1 });
    expect(lastSent(bodies, 'q3')).toEqual({ _id: 'q3', answer: { text: 'Reported in the app' }, version: 1 });
    // Ticks are kept in the order of the choices.
    expect(lastSent(bodies, 'q4')).toEqual({ _id: 'q4', answer: { value: ['Hard hat', 'Gloves'] }, version: 1 });
    expect(lastSent(bodies, 'q5')).toEqual({ _id: 'q5', answer: { value: true }, version: 1 });
    expect(lastSent(bodies, 'q6')).toEqual({ _id: 'q6', answer: { value: 'In progress' }, version: 1 });
    expect(lastSent(bodies, 'q7')).toEqual({ _id: 'q7', answer: { yesNo: 'NO' }, version: 1 });
  });

  it('sends one save at a time, so the response cached last is the newest the server wrote', async () => {
    // The server: each save adds its question to the answered ones and replies with the whole
    // response as written; a reply sent earlier takes longer to come back than a later one.
    const answered = new Set<string>();
    const written = () =>
      responseOf(
        'PENDING',
        [makeQuestion('q1', AnswerType.YES_NO), makeQuestion('q2', AnswerType.YES_NO), makeQuestion('q3', AnswerType.YES_NO)].map(
          (x) => (answered.has(x._id) ? makeQuestion(x._id, AnswerType.YES_NO, { answered: true }) : x),
        ),
      );
    const { router, queryClient } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: written() },
      [SAVE]: (b) => {
        for (const x of (b as SaveBody).responseData.questions) answered.add(x._id);
        return { data: written() };
      },
    });
    const inner = globalThis.fetch;
    let inFlight = 0;
    let most = 0;
    let delay = 90;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input !== SAVE) return inner(input, init);
      inFlight += 1;
      most = Math.max(most, inFlight);
      const reply = await inner(input, init);
      delay = Math.max(0, delay - 30);
      await new Promise((resolve) => setTimeout(resolve, delay));
      inFlight -= 1;
      return reply;
    });
    const user = userEvent.setup();
    for (const id of ['q1', 'q2', 'q3']) {
      const group = await screen.findByRole('radiogroup', { name: q(id, 'yesNo') });
      await user.click(within(group).getByRole('radio', { name: 'Yes' }));
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/atgl/Contractor/assessment/r1/categories'),
    );
    expect(most).toBe(1);
    const cached = queryClient.getQueryData<ResponseReply>(['responses', 'one', 'r1']);
    expect(cached?.sections?.[0]?.questions.map((x) => x.answer.yesNo)).toEqual(['YES', 'YES', 'YES']);
  });

  it('shows Not saved with Retry when a save fails, and saves again on Retry', async () => {
    let fail = true;
    const bodies: SaveBody[] = [];
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
      [SAVE]: (b) => {
        bodies.push(b as SaveBody);
        return fail ? { status: 503, message: 'Unavailable' } : { data: responseOf('PENDING') };
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') }), 'Weekly');
    const state = screen.getByRole('status', { name: 'Save state of question 1' });
    await waitFor(() => expect(state.textContent).toContain('Not saved'));
    fail = false;
    // On a busy machine a pause between two keys may already have saved (and failed) a part.
    const failed = bodies.length;
    await userEvent.click(within(state).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(state.textContent).toContain('Saved'));
    expect(bodies).toHaveLength(failed + 1);
    expect(lastSent(bodies, 'q1')).toMatchObject({ answer: { text: 'Weekly' } });
  });

  it("asks the browser to confirm an unload while a save is pending or failed, and not once saved", async () => {
    let fail = true;
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
      [SAVE]: () => (fail ? { status: 503, message: 'Unavailable' } : { data: responseOf('PENDING') }),
    });
    /** Fires the browser's unload; true when the page asked to stay (the prompt shows). */
    const unloadPrompts = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const input = await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') });
    expect(unloadPrompts()).toBe(false);
    await userEvent.type(input, 'Weekly');
    const state = screen.getByRole('status', { name: 'Save state of question 1' });
    // Typed, not yet saved: the unload asks.
    expect(state.textContent).not.toContain('Saved');
    expect(unloadPrompts()).toBe(true);
    // A failed save is still unsaved.
    await waitFor(() => expect(state.textContent).toContain('Not saved'));
    expect(unloadPrompts()).toBe(true);
    fail = false;
    await userEvent.click(within(state).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(state.textContent).toContain('Saved'));
    expect(state.textContent).not.toContain('Not saved');
    expect(unloadPrompts()).toBe(false);
  });

  it('reloads a question changed in another tab, with the message', async () => {
    const questions = [makeQuestion('q1', AnswerType.SHORT_ANSWER)];
    const changed = [makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true, version: 2 })];
    let conflict = false;
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: () => ({ data: responseOf('PENDING', conflict ? changed : questions) }),
      [SAVE]: () => {
        conflict = true;
        return { status: 409, message: CONFLICT, data: { questionId: 'q1', version: 2 } };
      },
    });
    const input = await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') });
    await userEvent.type(input, 'Mine');
    const dialog = await screen.findByRole('dialog', {});
    expect(dialog.textContent).toContain(CONFLICT);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Saved text'));
  });

  it('refuses a numeric answer that is not a number, without a call', async () => {
    const { fetchMock } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
    });
    const numeric = await screen.findByRole('textbox', { name: q('q2', 'numeric') });
    await userEvent.type(numeric, 'twelve');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The answer must be a number')).toBeTruthy();
    expect(numeric.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([path]) => path === SAVE)).toBe(false);
  });

  it('sends a cleared text answer as no answer', async () => {
    const bodies: SaveBody[] = [];
    const questions = [makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true })];
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING', questions) },
      [SAVE]: (b) => {
        bodies.push(b as SaveBody);
        return { data: responseOf('PENDING', questions) };
      },
    });
    await userEvent.clear(await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') }));
    expect(screen.getByText('0 of 1 answered')).toBeTruthy();
    await waitFor(() => expect(lastSent(bodies, 'q1')).toEqual({ _id: 'q1', answer: { text: null }, version: 1 }));
  });

  it.each(['SUBMITTED', 'COMPLETED'] as const)(
    'is read-only and has no Save once %s',
    async (status) => {
      const questions = [
        makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true }),
        makeQuestion('q2', AnswerType.YES_NO, { answered: true }),
        makeQuestion('q3', AnswerType.CHECKBOX, { answered: true, options: PPE }),
        makeQuestion('q4', AnswerType.NUMERIC, {
          answered: true,
          answer: { yesNo: null, text: null, value: 3, attachment: [makeFile('permit.pdf')] },
        }),
      ];
      renderContractorPage(<ChecklistPage />, PATH, URL, {
        [GET]: { data: responseOf(status, questions) },
      });
      const short = await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') });
      expect(short.hasAttribute('readonly')).toBe(true);
      expect((short as HTMLInputElement).value).toBe('Saved text');
      expect(
        screen.getByRole('textbox', { name: q('q4', 'numeric') }).hasAttribute('readonly'),
      ).toBe(true);
      for (const radio of screen.getAllByRole('radio'))
        expect((radio as HTMLInputElement).disabled).toBe(true);
      for (const box of screen.getAllByRole('checkbox'))
        expect((box as HTMLInputElement).disabled).toBe(true);
      for (let n = 1; n <= 4; n += 1) {
        expect(
          screen
            .getByRole('button', { name: `Attach a file to question ${n}` })
            .hasAttribute('disabled'),
        ).toBe(true);
      }
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to categories' })).toBeTruthy();

      // The files stay downloadable, not deletable.
      await userEvent.click(screen.getByRole('button', { name: 'Files of question 4 (1)' }));
      const menu = await screen.findByRole('dialog', { name: 'Files of question 4 (1)' });
      expect(
        within(menu).getByRole('link', { name: 'Download permit.pdf' }).getAttribute('href'),
      ).toBe('/api/files/f-permit.pdf/permit.pdf');
      expect(within(menu).queryByRole('button', { name: 'Delete permit.pdf' })).toBeNull();
    },
  );

  it('lets only REJECTED questions change in REASSESSMENT, and sends only those', async () => {
    const bodies: SaveBody[] = [];
    const questions = [
      makeQuestion('q1', AnswerType.SHORT_ANSWER, {
        answered: true,
        assessStatus: AssessStatus.ACCEPTED,
      }),
      makeQuestion('q2', AnswerType.SHORT_ANSWER, {
        answered: true,
        assessStatus: AssessStatus.REJECTED,
        remarks: 'Attach the signed policy',
        reopenedVersion: 1,
        history: [
          {
            at: '2026-03-02T10:00:00.000Z',
            by: { id: 'au1', name: 'Avery Auditor', type: 4 },
            assessStatus: AssessStatus.REJECTED,
            remarks: 'Attach the signed policy',
          },
        ],
      }),
      makeQuestion('q3', AnswerType.YES_NO, { answered: true, assessStatus: AssessStatus.NONE }),
      makeQuestion('q4', AnswerType.YES_NO, {
        answered: true,
        assessStatus: AssessStatus.REJECTED,
        reopenedVersion: 1,
      }),
    ];
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('REASSESSMENT', questions) },
      [SAVE]: (b) => {
        bodies.push(b as SaveBody);
        return { data: responseOf('REASSESSMENT', questions) };
      },
    });
    const accepted = await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') });
    const rejected = screen.getByRole('textbox', { name: q('q2', 'shortAnswer') });
    expect(accepted.hasAttribute('readonly')).toBe(true);
    expect(rejected.hasAttribute('readonly')).toBe(false);
    expect(screen.getByText('Remarks: Attach the signed policy')).toBeTruthy();
    const none = within(screen.getByRole('radiogroup', { name: q('q3', 'yesNo') }));
    expect(none.getByRole<HTMLInputElement>('radio', { name: 'No' }).disabled).toBe(true);
    const redo = within(screen.getByRole('radiogroup', { name: q('q4', 'yesNo') }));
    expect(redo.getByRole<HTMLInputElement>('radio', { name: 'No' }).disabled).toBe(false);
    expect(
      screen.getByRole('button', { name: 'Attach a file to question 1' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Attach a file to question 2' }).hasAttribute('disabled'),
    ).toBe(false);
    expect(screen.getAllByRole('img', { name: 'Accepted' })).toHaveLength(1);
    expect(screen.getAllByRole('img', { name: 'Rejected' })).toHaveLength(2);

    // The remark's history: who rejected, when, why.
    await userEvent.click(screen.getByRole('button', { name: 'History of question 2' }));
    const history = screen.getByRole('list', { name: 'History of question 2' });
    expect(history.textContent).toContain('Rejected by Avery Auditor on 02/03/2026');
    expect(history.textContent).toContain('Attach the signed policy');

    await userEvent.clear(rejected);
    await userEvent.type(rejected, 'Signed policy attached');
    await waitFor(() =>
      expect(lastSent(bodies, 'q2')).toEqual({ _id: 'q2', answer: { text: 'Signed policy attached' }, version: 1 }),
    );
    // Still editable after a save (DECISIONS.md States): a slip can be fixed.
    expect(rejected.hasAttribute('readonly')).toBe(false);
    expect(bodies.every((b) => b.responseData.questions.every((x) => x._id === 'q2'))).toBe(true);
  });

  it('checks a file in the browser with the spec texts before uploading', async () => {
    const { fetchMock } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
    });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { level: 1, name: 'Safety Management' });
    const input = screen.getByTestId('attach-input-1');

    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Files with unsupported type found');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Sorry, Max file size allowed is 10MB',
    );
    expect(calledPaths(fetchMock).some((path) => path.includes('uploadAttachment'))).toBe(false);
  });

  it('uploads a file at once and joins it to its question, without a Save', async () => {
    const record = makeFile('permit.pdf');
    const { fetchMock } = renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING') },
      [`${UPLOAD}&questionId=q1`]: { data: { ...record, questionVersion: 2 } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Safety Management' });
    await user.upload(
      screen.getByTestId('attach-input-1'),
      new File(['%PDF-1.4'], 'permit.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('File attached')).toBeTruthy();
    const upload = fetchMock.mock.calls.find(([path]) => path === `${UPLOAD}&questionId=q1`);
    expect(upload?.[1]?.body).toBeInstanceOf(FormData);
    expect(((upload?.[1]?.body as FormData).get('file') as File).name).toBe('permit.pdf');

    await user.click(await screen.findByRole('button', { name: 'Files of question 1 (1)' }));
    const menu = await screen.findByRole('dialog', { name: 'Files of question 1 (1)' });
    expect(within(menu).queryByText(/Not saved yet/)).toBeNull();
    expect(calledPaths(fetchMock).includes(SAVE)).toBe(false);
  });

  it('asks before deleting a file with the spec text, then removes it', async () => {
    let body: unknown;
    const file = makeFile('permit.pdf');
    const questions = [
      makeQuestion('q1', AnswerType.SHORT_ANSWER, {
        answered: true,
        answer: { yesNo: null, text: 'Saved text', value: null, attachment: [file] },
      }),
    ];
    const after = responseOf('PENDING', [
      makeQuestion('q1', AnswerType.SHORT_ANSWER, { answered: true }),
    ]);
    renderContractorPage(<ChecklistPage />, PATH, URL, {
      [GET]: { data: responseOf('PENDING', questions) },
      [SAVE]: { data: responseOf('PENDING', questions) },
      '/api/assessment/responses/deleteAttachment': (b) => {
        body = b;
        return { data: after };
      },
    });
    const user = userEvent.setup();
    // An unsaved change survives the deletion.
    await user.type(
      await screen.findByRole('textbox', { name: q('q1', 'shortAnswer') }),
      ' and more',
    );
    await user.click(screen.getByRole('button', { name: 'Files of question 1 (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permit.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(confirm.textContent).toContain('Are you sure you want to delete the file permit.pdf?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(body).toEqual({
        responseId: 'r1',
        sectionId: 's1',
        questionId: 'q1',
        filePath: file.filePath,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Files of question 1 (0)' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: q('q1', 'shortAnswer') }).value,
    ).toBe('Saved text and more');
  });

  it('says when the category is not part of the response', async () => {
    renderContractorPage(
      <ChecklistPage />,
      PATH,
      '/atgl/Contractor/assessment/r1/categories/nope',
      {
        [GET]: { data: responseOf('PENDING') },
      },
    );
    expect(await screen.findByText('This category is not part of the response.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to categories' }).getAttribute('href')).toBe(
      '/atgl/Contractor/assessment/r1/categories',
    );
  });
});
