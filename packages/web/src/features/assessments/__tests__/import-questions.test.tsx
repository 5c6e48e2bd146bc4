import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { ImportQuestionsTab, planImport } from '../components/import-questions-tab';
import { bank, ORG, renderSignedIn } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const csvFile = (text: string) => new File([text], 'questions.csv', { type: 'text/csv' });
/** Empty rows, a question of the bank in other case, a repeat, and two new questions. */
const CSV = [
  '',
  'WHICH PPE ITEMS ARE MANDATORY ON YOUR SITES?',
  '"Are lifting plans approved, and by whom?",second column',
  '   ',
  'Is a banksman present for every lift?',
  'is a banksman present for every lift?',
  '',
].join('\n');

describe('planImport (CSV import, spec §4)', () => {
  it('keeps the first column and skips empty rows, existing questions and repeats', async () => {
    const plan = await planImport(csvFile(CSV), bank);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.create).toEqual([
      { row: 3, questText: 'Are lifting plans approved, and by whom?' },
      { row: 5, questText: 'Is a banksman present for every lift?' },
    ]);
    expect(plan.skipped.map((s) => [s.row, s.reason])).toEqual([
      [1, 'Question is required'],
      [2, 'Question already exists'],
      [4, 'Question is required'],
      [6, 'Question already exists'],
    ]);
  });
  it('refuses what is not CSV, by name and by content, naming the file (issue 56)', async () => {
    const txt = await planImport(new File(['Is a banksman present?\n'], 'questions.txt', { type: 'text/plain' }), bank);
    expect(txt).toEqual({ fileName: 'questions.txt', ok: false, message: messages.users.notCsv('questions.txt') });
    const workbook = await planImport(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0])], 'questions.csv'), bank);
    expect(workbook.ok).toBe(false);
  });

  it('reads a semicolon file: the header skipped, the category column left out (issue 56)', async () => {
    const plan = await planImport(csvFile('Question;Category\nIs a crane inspection log kept?;Safety\n'), bank);
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.create).toEqual([{ row: 2, questText: 'Is a crane inspection log kept?' }]);
    expect(plan.skipped.map((s) => s.row)).toEqual([1]);
  });
});

describe('Import Questions tab', () => {
  it('shows what will be skipped and sends only the new questions', async () => {
    const fetchMock = mockFetch({
      '/api/assessment/questions/createBulkQuestions': (body) => {
        const rows = (body as { questionsData: { questText: string }[] }).questionsData;
        return {
          message: 'Questions imported successfully',
          data: {
            created: rows.map((r, i) => ({
              _id: `new${i}`,
              questText: r.questText,
              companyId: ORG,
              createdAt: '',
            })),
            createdCount: rows.length,
            skipped: [],
          },
        };
      },
    });
    const onImported = vi.fn();
    renderSignedIn(<ImportQuestionsTab companyId={ORG} bank={bank} onImported={onImported} />);

    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Download sample CSV' })).toBeTruthy();

    await userEvent.upload(screen.getByTestId('questions-file-input'), csvFile(CSV));
    expect(await screen.findByText('2 questions ready to import')).toBeTruthy();
    const skipped = screen.getByRole('list', { name: 'Skipped rows' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 1: empty row',
      'Row 2: "WHICH PPE ITEMS ARE MANDATORY ON YOUR SITES?": Question already exists',
      'Row 4: empty row',
      'Row 6: "is a banksman present for every lift?": Question already exists',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(
      ([path]) => path === '/api/assessment/questions/createBulkQuestions',
    );
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      questionsData: [
        { companyId: ORG, questText: 'Are lifting plans approved, and by whom?' },
        { companyId: ORG, questText: 'Is a banksman present for every lift?' },
      ],
    });
    expect(await screen.findByText(/2 questions imported/)).toBeTruthy();
    // The Success helper.
    expect(await screen.findByText('Questions imported successfully')).toBeTruthy();
  });

  it('does not call the server when every row is skipped', async () => {
    const fetchMock = mockFetch({});
    renderSignedIn(<ImportQuestionsTab companyId={ORG} bank={bank} onImported={vi.fn()} />);
    await userEvent.upload(
      screen.getByTestId('questions-file-input'),
      csvFile(`\n${bank[0]?.questText ?? ''}\n`),
    );
    expect(await screen.findByText('No question was imported')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(calledPaths(fetchMock)).not.toContain('/api/assessment/questions/createBulkQuestions');
  });
});
