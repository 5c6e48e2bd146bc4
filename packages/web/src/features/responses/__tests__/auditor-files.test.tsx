import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import type {
  AuditorFileRecord,
  ResponseQuestionReply,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { AnswerType, AssessStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { makeProfile } from '../../../test/fixtures';
import { AuditorChecklistPage } from '../pages/auditor-checklist-page';
import { ChecklistPage } from '../pages/checklist-page';
import { OrganisationResponsePage } from '../pages/organisation-response-page';
import {
  makeFile,
  makeQuestion,
  makeResponse,
  makeSection,
  narrowScreen,
  renderContractorPage,
  wideScreen,
} from './fixtures';

/** Issue 56: the auditor's attach button and attachments menu per question, and its files elsewhere. */
afterEach(() => {
  vi.unstubAllGlobals();
  narrowScreen();
});

const AUDITOR = makeProfile({
  _id: 'au1',
  user: 'au1',
  type: 4,
  name: 'Ann Auditor',
  cmp_id: 'org1',
  assoc_companies: ['org1'],
});
const ADMIN = makeProfile({ _id: 'o1', user: 'o1', type: 2, name: 'Olive Org', cmp_id: 'org1', companyId: 'org1' });
const GET = '/api/assessment/responses/getResponseById';
const UPLOAD = '/api/assessment/responses/uploadAuditorAttachment';
const DELETE = '/api/assessment/responses/deleteAuditorAttachment';
const CHECKLIST_PATH = '/auditor/assessment/:responseId/Categories/:categoryId';
const CHECKLIST_URL = '/auditor/assessment/r1/Categories/cat-s1';
const r = messages.reviewScreens;

function auditorFile(name: string, by: { _id: string; name: string }): AuditorFileRecord {
  return {
    ...makeFile(name, { filePath: `review/r1/q1/AbCdE_${name}` }),
    uploadedBy: by,
    uploadedAt: '2026-03-01T10:00:00.000Z',
  };
}
const MINE = auditorFile('findings.pdf', { _id: 'au1', name: 'Ann Auditor' });
const THEIRS = auditorFile('photo.png', { _id: 'au2', name: 'Northern Audit Partners' });

function responseOf(status: ResponseStatus, first: AuditorFileRecord[] = []): ResponseReply {
  const questions: ResponseQuestionReply[] = [
    makeQuestion('q1', AnswerType.YES_NO, { answered: true, auditorAttachments: first }),
    makeQuestion('q2', AnswerType.SHORT_ANSWER, { assessStatus: AssessStatus.NONE }),
  ];
  return makeResponse({ status, sections: [makeSection('s1', 'Safety Management', questions)] });
}

const renderAuditor = (handlers: Parameters<typeof renderContractorPage>[3]) =>
  renderContractorPage(<AuditorChecklistPage />, CHECKLIST_PATH, CHECKLIST_URL, {
    '/api/auth/me': { data: AUDITOR },
    ...handlers,
  });

describe("the auditor's files on its checklist", () => {
  it('at 1280 px: attaches a file at once and lists it; "No files available" when empty', async () => {
    wideScreen();
    const { fetchMock } = renderAuditor({
      [GET]: { data: responseOf('SUBMITTED') },
      [`${UPLOAD}?responseId=r1&questionId=q1`]: { data: responseOf('SUBMITTED', [MINE]) },
    });
    const table = await screen.findByRole('table', { name: 'Questions of the category' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: r.auditorFilesOf(2, 0) }));
    const empty = await screen.findByRole('dialog', { name: r.auditorFilesOf(2, 0) });
    expect(empty.textContent).toBe('No files available');
    await user.keyboard('{Escape}');

    expect(within(table).getByRole('button', { name: r.auditorAttach(1) })).toBeTruthy();
    await user.upload(
      screen.getByTestId('auditor-attach-input-1'),
      new File(['%PDF-1.4'], 'findings.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('File attached')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([path]) => typeof path === 'string' && path.startsWith(UPLOAD));
    expect(((call?.[1]?.body as FormData).get('file') as File).name).toBe('findings.pdf');

    await user.click(await screen.findByRole('button', { name: r.auditorFilesOf(1, 1) }));
    const menu = await screen.findByRole('dialog', { name: r.auditorFilesOf(1, 1) });
    expect(within(menu).getByRole('link', { name: 'Download findings.pdf' }).getAttribute('href')).toBe(
      MINE.fileLink,
    );
    expect(within(menu).getByText('2 KB · by Ann Auditor')).toBeTruthy();
  });

  it('at 390 px: the same buttons on each card', async () => {
    narrowScreen();
    renderAuditor({ [GET]: { data: responseOf('SUBMITTED', [MINE]) } });
    const list = await screen.findByRole('list', { name: 'Questions of the category' });
    expect(within(list).getByRole('button', { name: r.auditorAttach(1) })).toBeTruthy();
    expect(within(list).getByRole('button', { name: r.auditorFilesOf(1, 1) })).toBeTruthy();
    expect(within(list).getByRole('button', { name: r.auditorAttach(2) })).toBeTruthy();
  });

  it('deletes its own file after a confirmation; another auditor’s has no delete', async () => {
    let body: unknown;
    renderAuditor({
      [GET]: { data: responseOf('SUBMITTED', [MINE, THEIRS]) },
      [DELETE]: (b) => {
        body = b;
        return { data: responseOf('SUBMITTED', [THEIRS]) };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: r.auditorFilesOf(1, 2) }));
    const menu = await screen.findByRole('dialog', { name: r.auditorFilesOf(1, 2) });
    expect(within(menu).queryByRole('button', { name: 'Delete photo.png' })).toBeNull();
    await user.click(within(menu).getByRole('button', { name: 'Delete findings.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(confirm.textContent).toContain('Are you sure you want to delete the file findings.pdf?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(body).toEqual({ responseId: 'r1', questionId: 'q1', filePath: MINE.filePath }),
    );
    expect(await screen.findByRole('button', { name: r.auditorFilesOf(1, 1) })).toBeTruthy();
  });

  it('checks the file in the browser, and shows a refusal of the server, in the Error dialog', async () => {
    const { fetchMock } = renderAuditor({
      [GET]: { data: responseOf('SUBMITTED') },
      [UPLOAD]: { status: 409, message: messages.review.attachCompleted },
    });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findAllByRole('radiogroup');
    const input = screen.getByTestId('auditor-attach-input-1');
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog.textContent).toContain('Files with unsupported type found');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(fetchMock.mock.calls.some(([path]) => typeof path === 'string' && path.startsWith(UPLOAD))).toBe(false);

    await user.upload(input, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('dialog', { name: 'Error' })).textContent).toContain(
      messages.review.attachCompleted,
    );
  });

  it('once COMPLETED: no attach button, the files still listed, none deletable', async () => {
    renderAuditor({ [GET]: { data: responseOf('COMPLETED', [MINE]) } });
    await screen.findAllByRole('radiogroup');
    expect(screen.queryByRole('button', { name: r.auditorAttach(1) })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: r.auditorFilesOf(1, 1) }));
    const menu = await screen.findByRole('dialog', { name: r.auditorFilesOf(1, 1) });
    expect(within(menu).getByRole('link', { name: 'Download findings.pdf' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe("the auditor's files in the read-only views", () => {
  it("the contractor's checklist shows them labelled as the auditor's, to download only", async () => {
    renderContractorPage(
      <ChecklistPage />,
      '/atgl/Contractor/assessment/:responseId/categories/:categoryId',
      '/atgl/Contractor/assessment/r1/categories/cat-s1',
      { [GET]: { data: responseOf('SUBMITTED', [MINE]) } },
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: r.auditorFilesOf(1, 1) });
    expect(button.textContent).toBe(r.auditorFiles(1));
    // No button where the auditor attached nothing.
    expect(screen.queryByRole('button', { name: r.auditorFilesOf(2, 0) })).toBeNull();
    await user.click(button);
    const menu = await screen.findByRole('dialog', { name: r.auditorFilesOf(1, 1) });
    expect(within(menu).getByRole('link', { name: 'Download findings.pdf' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("the organisation's response view shows them too", async () => {
    wideScreen();
    renderContractorPage(
      <OrganisationResponsePage />,
      '/sapphire/Cap_AssesmentView/:responseId',
      '/sapphire/Cap_AssesmentView/r1',
      {
        '/api/auth/me': { data: ADMIN },
        [GET]: { data: responseOf('SUBMITTED', [THEIRS]) },
        '/api/tpi/getTpisByCompanyId': { data: [] },
        '/api/audit/list': { data: { rows: [], total: 0, actors: [] } },
      },
    );
    const button = await screen.findByRole('button', { name: r.auditorFilesOf(1, 1) });
    expect(button.textContent).toBe(r.auditorFiles(1));
  });
});
