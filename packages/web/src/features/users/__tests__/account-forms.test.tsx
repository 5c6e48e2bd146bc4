import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { AddAuditorPage } from '../pages/add-auditor-page';
import { AddCompanyPage } from '../pages/add-company-page';
import { EditCompanyPage } from '../pages/edit-company-page';
import { makeAuditor, makeCompany } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('add auditor', () => {
  it('shows the schema messages and sends nothing while invalid', async () => {
    const fetchMock = mockFetch({});
    renderPage(<AddAuditorPage />, '/sapphire/Add_Auditor');
    await userEvent.type(screen.getByLabelText(/Auditor Name/), 'R2-D2');
    await userEvent.type(screen.getByLabelText(/E-mail ID/), 'not-mail');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is invalid')).toBeTruthy();
    expect(screen.getByText('Please enter valid email')).toBeTruthy();
    expect(screen.getByText('Contact person is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image that is not .jpg or .png', async () => {
    mockFetch({});
    renderPage(<AddAuditorPage />, '/sapphire/Add_Auditor');
    await userEvent.upload(
      screen.getByTestId('image-picker-input'),
      new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }),
      { applyAccept: false },
    );
    expect((await screen.findByRole('dialog')).textContent).toContain('File type not supported');
  });

  it('creates the auditor and goes back to the list', async () => {
    let body: unknown;
    mockFetch({
      '/api/tpi/createTpi': (b) => {
        body = b;
        return { data: { ...makeAuditor(), invitationSent: true } };
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/sapphire/Add_Auditor', element: <AddAuditorPage /> },
        { path: '/sapphire/users', element: <p>auditor list</p> },
      ],
      '/sapphire/Add_Auditor',
    );
    await userEvent.type(screen.getByLabelText(/Auditor Name/), "O'Neil Audits");
    await userEvent.type(screen.getByLabelText(/E-mail ID/), 'oneil@example.com');
    await userEvent.type(screen.getByLabelText(/Contact Person/), 'Mary Neil');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sapphire/users'));
    expect(body).toEqual({
      name: "O'Neil Audits",
      email: 'oneil@example.com',
      contactPersonName: 'Mary Neil',
      code: '',
      phoneNo: '',
    });
    expect(await screen.findByText('Auditor Added Successfully')).toBeTruthy();
  });
});

describe('add company', () => {
  it('says the company was added, then opens the list after 2 seconds', async () => {
    mockFetch({
      '/api/contractor/createContractor': { data: { ...makeCompany(), invitationSent: true } },
    });
    const { router } = renderRoutes(
      [
        { path: '/sapphire/add_company', element: <AddCompanyPage /> },
        { path: '/sapphire/companies', element: <p>company list</p> },
      ],
      '/sapphire/add_company',
    );
    await userEvent.type(screen.getByLabelText(/Company Name/), 'North Sea Scaffolding');
    await userEvent.type(screen.getByLabelText(/Location/), 'Aberdeen');
    await userEvent.type(screen.getByLabelText(/E-mail ID/), 'north@example.com');
    await userEvent.type(screen.getByLabelText(/Contact Person/), 'Callum Reid');
    const submitted = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/sapphire/add_company');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sapphire/companies'));
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(1900);
  });
});

describe('edit company', () => {
  it('fills the form from the company and sends only the changed fields', async () => {
    let body: unknown;
    const company = makeCompany({ code: 'NSS', mobile: '+919876543210' });
    mockFetch({
      '/api/contractor/getContractorById': { data: company },
      '/api/contractor/editContractor': (b) => {
        body = b;
        return { data: { ...company, location: 'Dundee' } };
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/sapphire/EditCompany', element: <EditCompanyPage /> },
        { path: '/sapphire/companies', element: <p>company list</p> },
      ],
      '/sapphire/EditCompany?id=c1',
    );
    const location = await screen.findByLabelText(/Location/);
    expect(screen.getByLabelText<HTMLInputElement>(/Mobile/).value).toBe('9876543210');
    await userEvent.clear(location);
    await userEvent.type(location, 'Dundee');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sapphire/companies'));
    expect(body).toEqual({ contractorId: 'c1', updateData: { location: 'Dundee' } });
    expect(await screen.findByText('Company Edited Successfully')).toBeTruthy();
  });
});
