import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clientIdField } from '@palisade/domain/client-id';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { AddCategoryDialog } from '../components/add-category-dialog';
import { categories, ORG, renderSignedIn } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('Add Category dialog', () => {
  it('checks the name, adds it and hands the new category to the section', async () => {
    const fetchMock = mockFetch({
      '/api/assessment/categories/createAssessCategory': (body) => ({
        message: 'Category Added Successfully',
        data: { _id: 'cat9', companyId: ORG, createdAt: '', name: (body as { name: string }).name },
      }),
    });
    const onCreated = vi.fn();
    renderSignedIn(
      <AddCategoryDialog
        open
        companyId={ORG}
        categories={categories}
        onClose={vi.fn()}
        onCreated={onCreated}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toHaveProperty('disabled', true);
    const list = within(dialog).getByRole('list', { name: 'Available Categories' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Safety ManagementEdit', 'PPEEdit']);

    const input = within(dialog).getByLabelText(/New Category/);
    await userEvent.type(input, 'ppe');
    await userEvent.click(add);
    expect(
      await within(dialog).findByText('Category already in available categories!'),
    ).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'Site & Plant');
    await userEvent.click(add);
    expect(await within(dialog).findByText('Special characters not allowed !')).toBeTruthy();
    expect(calledPaths(fetchMock)).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'Site Plant');
    // A double click sends one create, with the id the dialog made (issue 56).
    await userEvent.dblClick(add);
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(
        expect.objectContaining({ _id: 'cat9', name: 'Site Plant' }),
      ),
    );
    expect(onCreated).toHaveBeenCalledTimes(1);
    const creates = fetchMock.mock.calls.filter(
      ([path]) => path === '/api/assessment/categories/createAssessCategory',
    );
    expect(creates).toHaveLength(1);
    const sent = JSON.parse(creates[0]?.[1]?.body as string) as { id: string };
    expect(sent).toEqual({ companyId: ORG, name: 'Site Plant', id: sent.id });
    expect(clientIdField.safeParse(sent.id).success).toBe(true);
  });

  it('edits a category of the list in the Edit Category dialog', async () => {
    mockFetch({
      '/api/assessment/categories/editAssessCategoryById': (body) => ({
        message: 'Category Edited successfully',
        data: {
          ...categories[1],
          name: (body as { updateData: { name: string } }).updateData.name,
        },
      }),
    });
    renderSignedIn(
      <AddCategoryDialog
        open
        companyId={ORG}
        categories={categories}
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit category PPE' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(edit).getByLabelText(/Category name/);
    expect(name).toHaveProperty('value', 'PPE');
    await userEvent.clear(name);
    await userEvent.type(name, 'safety management');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Category already in available categories!')).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Protective Equipment');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    // The Success helper (outside the dialog, so found by text: the page is aria-hidden).
    expect(await screen.findByText('Category Edited successfully')).toBeTruthy();
  });
});
