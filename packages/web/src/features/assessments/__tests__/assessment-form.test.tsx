import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssessmentFormInput } from '@palisade/domain/assessments/assessment.schema';
import type { Question } from '@palisade/domain/assessments/question.schema';
import { mockFetch } from '../../../test/mock-fetch';
import { AssessmentForm, changedFields, newAssessmentValues } from '../components/assessment-form';
import { bankHandler, catalogueHandlers, ORG, renderSignedIn, validValues } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

function renderForm(
  mode: 'add' | 'edit',
  defaultValues: AssessmentFormInput,
  extra: { submitting?: boolean; onSave?: () => Promise<unknown> } = {},
) {
  mockFetch(catalogueHandlers);
  const onSave = extra.onSave ?? vi.fn(() => Promise.resolve());
  renderSignedIn(
    <AssessmentForm
      mode={mode}
      companyId={ORG}
      defaultValues={defaultValues}
      submitting={extra.submitting ?? false}
      onSave={onSave}
    />,
  );
  return { onSave };
}

const share = () => screen.getByRole('button', { name: 'Share' });
const section = (n: number) => screen.getByRole('region', { name: `Category ${n}` });

describe('Share button (spec §4)', () => {
  it('is disabled on a new, untouched form', async () => {
    renderForm('add', newAssessmentValues());
    await screen.findByRole('option', { name: 'PPE' });
    expect(share()).toHaveProperty('disabled', true);
  });

  it('on add, is enabled once changed and touched with every field but companies valid', async () => {
    renderForm('add', validValues({ name: '', contractors: [] }));
    await screen.findByRole('option', { name: 'PPE' });
    expect(share()).toHaveProperty('disabled', true);

    await userEvent.type(screen.getByLabelText(/Name of Assessment/), 'Annual HSE Review');
    await waitFor(() => expect(share()).toHaveProperty('disabled', false));

    // An error other than the companies: disabled again.
    await userEvent.clear(screen.getByLabelText(/Name of Assessment/));
    await userEvent.type(screen.getByLabelText(/Name of Assessment/), '!!!');
    await waitFor(() => expect(share()).toHaveProperty('disabled', true));
  });

  it('needs a factor on in every section', async () => {
    renderForm('add', validValues({ name: '' }));
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.type(screen.getByLabelText(/Name of Assessment/), 'Annual HSE Review');
    await waitFor(() => expect(share()).toHaveProperty('disabled', false));

    await userEvent.click(within(section(1)).getByRole('switch', { name: 'Environment' }));
    await waitFor(() => expect(share()).toHaveProperty('disabled', true));
    await userEvent.click(within(section(1)).getByRole('switch', { name: 'Governance' }));
    await waitFor(() => expect(share()).toHaveProperty('disabled', false));

    // A new section starts with every factor off.
    await userEvent.click(screen.getByRole('button', { name: 'Add Another Category' }));
    await waitFor(() => expect(share()).toHaveProperty('disabled', true));
  });

  it('on edit, is enabled by any change, even one the form refuses; it then shows why', async () => {
    const { onSave } = renderForm('edit', validValues());
    await screen.findByRole('option', { name: 'PPE' });
    expect(share()).toHaveProperty('disabled', true);

    const marks = within(section(1)).getByLabelText(/Enter Marks/);
    await userEvent.clear(marks);
    await waitFor(() => expect(share()).toHaveProperty('disabled', false));
    await userEvent.click(share());
    expect(await screen.findByText('Marks must be number')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('is disabled while submitting', async () => {
    renderForm('edit', validValues(), { submitting: true });
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.type(screen.getByLabelText(/Name of Assessment/), ' 2026');
    expect(share()).toHaveProperty('disabled', true);
  });

  it('sends once when Save in Select Companies is double-clicked, and again only after the first ended', async () => {
    let settle: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    renderForm('edit', validValues(), { onSave });
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.type(screen.getByLabelText(/Name of Assessment/), ' 2026');
    await userEvent.click(share());
    const dialog = await screen.findByRole('dialog', { name: 'Select Companies' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await userEvent.dblClick(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(save).toHaveProperty('disabled', true);
    // Refused (or failed): the same Save may be pressed again.
    settle();
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await userEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
  });

  it('opens Select Companies, whose Save submits with the checked companies', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    renderForm('edit', validValues(), { onSave });
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.type(screen.getByLabelText(/Name of Assessment/), ' 2026');
    await userEvent.click(share());
    const dialog = await screen.findByRole('dialog', { name: 'Select Companies' });
    expect(within(dialog).getByRole('checkbox', { name: /North Sea Scaffolding/ })).toHaveProperty(
      'checked',
      true,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Select All' }));
    expect(within(dialog).getByRole('checkbox', { name: /Harbour Electrical/ })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deselect All' }));
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select minimum 1 company')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Select All' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [values, changed] = onSave.mock.calls[0] as unknown as [AssessmentFormInput, string[]];
    expect(values.name).toBe('Annual HSE Review 2026');
    expect([...values.contractors].sort()).toEqual(['c1', 'c2']);
    expect(changed).toEqual(['name', 'contractors']);
  });
});

describe('sections', () => {
  it("shows 'No Questions' for a new section, and no Remove Section on the first", async () => {
    renderForm('add', newAssessmentValues());
    await screen.findByRole('option', { name: 'PPE' });
    expect(within(section(1)).getByText('No Questions')).toBeTruthy();
    expect(within(section(1)).queryByRole('button', { name: 'Remove Section' })).toBeNull();
    expect(within(section(1)).getByRole('combobox', { name: /Category/ })).toHaveProperty(
      'value',
      '',
    );
    expect(within(section(1)).getByRole('option', { name: 'Select Category' })).toBeTruthy();
    expect(within(section(1)).getByLabelText(/Enter Marks/)).toHaveProperty('value', '0');
    for (const factor of ['Environment', 'Social', 'Governance', 'Others']) {
      expect(within(section(1)).getByRole('switch', { name: factor })).toHaveProperty(
        'checked',
        false,
      );
    }

    await userEvent.click(screen.getByRole('button', { name: 'Add Another Category' }));
    expect(within(section(2)).getByText('No Questions')).toBeTruthy();
    await userEvent.click(within(section(2)).getByRole('button', { name: 'Remove Section' }));
    expect(screen.queryByRole('region', { name: 'Category 2' })).toBeNull();
  });

  it('numbers the questions and flags one used in another section', async () => {
    const q = (question: string) => ({
      question,
      questType: { answerType: 'yesNo' as const, options: [] },
    });
    const values = validValues();
    const first = values.sections[0];
    if (!first) throw new Error('no section');
    renderForm(
      'edit',
      validValues({
        sections: [
          { ...first, questions: [q('q1'), q('q2')] },
          { ...first, category: 'cat2', questions: [q('q2'), q('q3')] },
        ],
      }),
    );
    await screen.findAllByRole('option', { name: 'PPE' });
    const items1 = within(section(1)).getAllByRole('listitem');
    expect(items1.map((li) => li.textContent?.includes('Used in another section'))).toEqual([
      false,
      true,
    ]);
    const items2 = within(section(2)).getAllByRole('listitem');
    expect(items2.map((li) => li.textContent?.includes('Used in another section'))).toEqual([
      true,
      false,
    ]);
    expect(items1[0]?.textContent).toContain('Is there a named person responsible');
    expect(items1[0]?.textContent).toContain('Input type: Yes / No');

    // The picker flags it too.
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
    const rows = await within(dialog).findAllByTestId('bank-row');
    expect(rows.map((r) => r.textContent?.includes('Used in another section'))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('refuses a multiple choice question without choices', async () => {
    renderForm('add', newAssessmentValues());
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Input type of question 3' }),
      'multiChoice',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getAllByText('Please add choices').length).toBeGreaterThan(0);

    const choices = within(dialog).getByRole('combobox', { name: 'Choices of question 3' });
    await userEvent.type(choices, 'Helmet{Enter}Gloves{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    // The page is aria-hidden until the dialog has finished closing.
    const item = await waitFor(() => within(section(1)).getByRole('listitem'));
    expect(item.textContent).toContain('Which PPE items are mandatory on your sites?');
    expect(item.textContent).toContain('Choices: Helmet, Gloves');
  });
});

describe('Select Existing Question (spec §2.6)', () => {
  it('pages, searches and sorts the bank through the server, 5 a page; Sr.No is the place in the bank', async () => {
    const big: Question[] = Array.from({ length: 12 }, (_, i) => ({
      _id: `b${i + 1}`,
      questText: `${i % 2 === 0 ? 'Ladder' : 'Scaffold'} check ${String(i + 1).padStart(2, '0')}?`,
      companyId: ORG,
      createdAt: `2026-02-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
    }));
    const asked: unknown[] = [];
    mockFetch({
      ...catalogueHandlers,
      '/api/assessment/questions/getQuestionsByCompanyId': bankHandler(big, asked),
    });
    renderSignedIn(
      <AssessmentForm mode="add" companyId={ORG} defaultValues={newAssessmentValues()} submitting={false} onSave={vi.fn()} />,
    );
    await screen.findByRole('option', { name: 'PPE' });
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
    const rows = () => within(dialog).queryAllByTestId('bank-row').map((r) => r.textContent ?? '');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]).toMatch(/^1Ladder check 01\?/);
    expect(within(dialog).getByText('1–5 of 12')).toBeTruthy();
    expect(asked).toContainEqual({ companyId: ORG, page: 1, pageSize: 5, search: '', sort: 'srNo', direction: 'asc' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rows()[0]).toMatch(/^6Scaffold check 06\?/));
    expect(asked.at(-1)).toMatchObject({ page: 2, pageSize: 5 });

    // The search goes to the server once typing settles, from page 1; rows keep their Sr.No.
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'scaffold');
    // Typed on a busy machine, the search may leave after a few letters first ("s", whose page
    // starts with the same row): the last call carries the whole word once the debounce has passed.
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, search: 'scaffold' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    await waitFor(() => expect(rows()[0]).toMatch(/^2Scaffold check 02\?/));
    expect(within(dialog).getByText('1–5 of 6')).toBeTruthy();

    // Sort by the text, descending on the second click.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Questions' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Questions' }));
    await waitFor(() => expect(rows()[0]).toMatch(/^12Scaffold check 12\?/));
    expect(asked.at(-1)).toMatchObject({ sort: 'question', direction: 'desc', search: 'scaffold' });

    await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'no such question');
    expect(await within(dialog).findByText('No question matches the search.')).toBeTruthy();
  });
});

describe('changedFields', () => {
  it('names the fields that differ; the order of companies and empty entries do not count', () => {
    const before = validValues({ contractors: ['c1', 'c2'] });
    expect(changedFields(before, { ...before, contractors: ['c2', '', 'c1'] })).toEqual([]);
    expect(changedFields(before, { ...before, name: 'Other' })).toEqual(['name']);
    expect(changedFields(before, { ...before, contractors: ['c1'] })).toEqual(['contractors']);
  });
});
