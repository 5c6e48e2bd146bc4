import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { BulkCompanyDialog } from '../components/bulk-company-dialog';
import { makeCompany } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const csvFile = (text: string, name = 'companies.csv') =>
  new File([text], name, { type: 'text/csv' });

describe('bulk company dialog', () => {
  it('shows the spec format error for a wrong header and does not upload', async () => {
    const fetchMock = mockFetch({});
    renderPage(<BulkCompanyDialog open onClose={() => undefined} />);
    await userEvent.upload(
      screen.getByTestId('bulk-file-input'),
      csvFile('Name,Place,Email,Contact\nAcme,Pune,a@example.com,Ann Lee\n'),
    );
    expect(
      await screen.findByText(
        'File is not in proper format. Please download sample file from above link and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a good file as text and lists the report row by row', async () => {
    const text =
      'Company Name,Location,Email,Contact Person\n' +
      'Acme Works,Pune,acme@example.com,Ann Lee\n' +
      'Beta Works,Pune,taken@example.com,Bo Chen\n' +
      'Gamma Works,Pune,not-an-email,Cy Diaz\n';
    let body: unknown;
    mockFetch({
      '/api/contractor/createBulkContractors': (b) => {
        body = b;
        return {
          data: {
            created: [makeCompany({ name: 'Acme Works' })],
            createdCount: 1,
            skipped: [{ row: 3, field: 'emailid', reason: 'Email already exists' }],
            invalid: [{ row: 4, field: 'emailid', message: 'Please enter valid email' }],
            invitationsSent: 1,
          },
        };
      },
    });
    renderPage(<BulkCompanyDialog open onClose={() => undefined} />);
    await userEvent.upload(screen.getByTestId('bulk-file-input'), csvFile(text));
    expect(await screen.findByText('2 companies ready to upload')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(body).toEqual({ csv: text }));
    expect(await screen.findByText('1 company added, 1 invitation sent.')).toBeTruthy();
    const skipped = screen.getByRole('list', { name: 'Skipped rows' });
    expect(within(skipped).getByText('Row 3 (emailid): Email already exists')).toBeTruthy();
    const invalid = screen.getByRole('list', { name: 'Invalid rows' });
    expect(within(invalid).getByText('Row 4 (emailid): Please enter valid email')).toBeTruthy();
    expect(await screen.findByText('Companies Added Successfully')).toBeTruthy();
  });
});
