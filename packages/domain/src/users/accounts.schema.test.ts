import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  accountNameField,
  auditorCreateFormSchema,
  auditorEditFormSchema,
  codeField,
  companyCreateFormSchema,
  companyEditFormSchema,
  createBulkContractorsSchema,
  createContractorSchema,
  editContractorSchema,
  editTpiSchema,
  locationField,
} from './accounts.schema';

const m = messages.users;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('account fields', () => {
  it.each([
    ['North Sea Scaffolding', true],
    ["O'Neil / Sons", true],
    ['Société Générale', true],
    ['Ab', false],
    ['Acme 2', false],
    ['Acme & Co', false],
    ['Acme-Co', false],
  ])('name %s → %s', (name, valid) => {
    expect(accountNameField.safeParse(name).success).toBe(valid);
  });
  it('names the rule that failed', () => {
    expect(firstMessage(accountNameField.safeParse(''))).toBe(m.nameRequired);
    expect(firstMessage(accountNameField.safeParse('  '))).toBe(m.nameRequired);
    expect(firstMessage(accountNameField.safeParse('Ab'))).toBe(m.nameMin);
    expect(firstMessage(accountNameField.safeParse('Acme 2'))).toBe(m.nameInvalid);
    expect(accountNameField.parse('  Acme Ltd ')).toBe('Acme Ltd');
  });
  it('codes are letters, digits, underscore and hyphen', () => {
    expect(codeField.safeParse('CON-001_a').success).toBe(true);
    expect(firstMessage(codeField.safeParse('CON 001'))).toBe(m.codeInvalid);
    expect(firstMessage(codeField.safeParse(''))).toBe(m.codeInvalid);
  });
  it('locations are word characters, at least 2', () => {
    expect(locationField.safeParse('St. Andrews (Fife)').success).toBe(true);
    expect(locationField.safeParse('Navi Mumbai, 400706').success).toBe(true);
    expect(firstMessage(locationField.safeParse(''))).toBe(m.locationRequired);
    expect(firstMessage(locationField.safeParse('A'))).toBe(m.locationInvalid);
    expect(firstMessage(locationField.safeParse('<script>'))).toBe(m.locationInvalid);
  });
});

describe('auditor forms', () => {
  it('add: name, email and contact person', () => {
    expect(auditorCreateFormSchema.safeParse({ name: 'Safe Audits', email: 'a@b.co', contactPersonName: 'Alex Morgan' }).success).toBe(true);
    expect(firstMessage(auditorCreateFormSchema.safeParse({ name: 'Safe Audits', email: 'nope', contactPersonName: 'Alex Morgan' }))).toBe(m.validEmail);
    expect(firstMessage(auditorCreateFormSchema.safeParse({ name: 'Safe Audits', email: '', contactPersonName: 'Alex Morgan' }))).toBe(m.emailRequired);
    expect(firstMessage(auditorCreateFormSchema.safeParse({ name: 'Safe Audits', email: 'a@b.co', contactPersonName: 'Alex 2' }))).toBe(m.contactPersonInvalid);
  });
  it('edit: code and a 10-digit phone are required', () => {
    const base = { name: 'Safe Audits', email: 'a@b.co', contactPersonName: 'Alex Morgan', code: 'TPI-9', phoneNo: '9876543210' };
    expect(auditorEditFormSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(auditorEditFormSchema.safeParse({ ...base, phoneNo: '98765' }))).toBe(messages.profile.phoneInvalid);
    expect(firstMessage(auditorEditFormSchema.safeParse({ ...base, code: '' }))).toBe(m.codeInvalid);
  });
  it('the edit call takes any subset, but not none', () => {
    expect(editTpiSchema.safeParse({ tpiId: 'x', updateData: { name: 'New Name' } }).success).toBe(true);
    expect(firstMessage(editTpiSchema.safeParse({ tpiId: 'x', updateData: {} }))).toBe(m.nothingToUpdate);
    expect(firstMessage(editTpiSchema.safeParse({ tpiId: 'x', updateData: { phoneNo: '12' } }))).toBe(messages.profile.phoneInvalid);
  });
});

describe('company forms', () => {
  const company = { name: 'Acme Scaffolding', location: 'Aberdeen', emailid: 'acme@x.test', contactPersonName: 'Callum Reid' };
  it('add: name, location, email, contact person', () => {
    expect(companyCreateFormSchema.safeParse(company).success).toBe(true);
    expect(firstMessage(companyCreateFormSchema.safeParse({ ...company, location: '' }))).toBe(m.locationRequired);
    expect(createContractorSchema.parse({ ...company, code: '', mobile: '' })).toMatchObject({ code: '', mobile: '' });
    expect(firstMessage(createContractorSchema.safeParse({ ...company, mobile: '123' }))).toBe(messages.profile.phoneInvalid);
  });
  it('edit: code and mobile required in the form; the call takes a subset', () => {
    expect(companyEditFormSchema.safeParse({ ...company, code: 'C-1', mobile: '9876543210' }).success).toBe(true);
    expect(companyEditFormSchema.safeParse(company).success).toBe(false);
    expect(editContractorSchema.safeParse({ contractorId: 'x', updateData: { location: 'Leeds' } }).success).toBe(true);
    expect(firstMessage(editContractorSchema.safeParse({ contractorId: '', updateData: { location: 'Leeds' } }))).toBe('contractorId is required');
  });
  it('bulk: a file or parsed rows', () => {
    expect(createBulkContractorsSchema.safeParse({ csv: 'a,b' }).success).toBe(true);
    expect(createBulkContractorsSchema.safeParse({ contractorsData: [company] }).success).toBe(true);
    expect(firstMessage(createBulkContractorsSchema.safeParse({}))).toBe(messages.files.required);
    expect(firstMessage(createBulkContractorsSchema.safeParse({ contractorsData: ['x'] }))).toBe(m.bulkFormat);
  });
});
