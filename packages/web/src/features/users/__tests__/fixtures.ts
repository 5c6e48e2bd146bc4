import type { Auditor, Company } from '../api/account-types';

/** An auditor as tpi/getAllTpis returns it; override what the test is about. */
export function makeAuditor(overrides: Partial<Auditor> = {}): Auditor {
  const id = overrides._id ?? 'tpi1';
  return {
    _id: id,
    tpiId: id,
    user: id,
    name: 'Safeguard Inspections',
    email: 'safeguard@example.com',
    phoneNo: '+919876543210',
    contactPersonName: 'Alex Morgan',
    code: 'TPI-001',
    isActive: true,
    sharedAccount: false,
    profileImage: null,
    assoc_companies: ['org1'],
    ...overrides,
  };
}

/** A contractor company as contractor/getAllContractors returns it. */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  const id = overrides._id ?? 'c1';
  const email = overrides.emailid ?? 'north@example.com';
  return {
    _id: id,
    contractorId: id,
    user: id,
    name: 'North Sea Scaffolding',
    location: 'Aberdeen',
    emailid: email,
    emailId: email,
    contactPersonName: 'Callum Reid',
    mobile: null,
    code: null,
    isActive: true,
    sharedAccount: false,
    profileImage: null,
    companyId: 'org1',
    assoc_companies: ['org1'],
    ...overrides,
  };
}

/** Disabled as a <button disabled> or as a link with aria-disabled. */
export function isDisabled(element: HTMLElement): boolean {
  return element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true';
}
