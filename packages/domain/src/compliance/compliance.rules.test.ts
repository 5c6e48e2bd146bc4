import { describe, expect, it } from 'vitest';
import {
  complianceStatus,
  daysBetween,
  DEFAULT_REMINDER_DAYS,
  mayReview,
  overallCompliance,
  reminderDue,
  requirementApplies,
} from './compliance.rules';
import { requirementFieldsSchema, reviewDocumentSchema, uploadDocumentFieldsSchema } from './compliance.schema';

const expiring = { expires: true, reminderDays: [...DEFAULT_REMINDER_DAYS] };
const accepted = (expiryDate: string | null) => ({ state: 'ACCEPTED' as const, expiryDate });

describe('complianceStatus', () => {
  it('reads the newest version: none, awaiting review, rejected', () => {
    expect(complianceStatus(null, expiring, '2027-01-10')).toBe('MISSING');
    expect(complianceStatus({ state: 'SUBMITTED', expiryDate: '2028-01-01' }, expiring, '2027-01-10')).toBe('SUBMITTED');
    expect(complianceStatus({ state: 'REJECTED', expiryDate: '2028-01-01' }, expiring, '2027-01-10')).toBe('REJECTED');
  });

  it('an accepted version by its dates, at each boundary day', () => {
    // 61 days before: valid; 60 (the first reminder window): expiring; the day itself: expiring; the day after: expired.
    expect(complianceStatus(accepted('2027-03-12'), expiring, '2027-01-10')).toBe('VALID');
    expect(complianceStatus(accepted('2027-03-11'), expiring, '2027-01-10')).toBe('EXPIRING');
    expect(complianceStatus(accepted('2027-01-10'), expiring, '2027-01-10')).toBe('EXPIRING');
    expect(complianceStatus(accepted('2027-01-09'), expiring, '2027-01-10')).toBe('EXPIRED');
    // The window is the largest reminder day, whatever their order.
    expect(complianceStatus(accepted('2027-01-25'), { expires: true, reminderDays: [7, 14] }, '2027-01-10')).toBe('VALID');
    expect(complianceStatus(accepted('2027-01-24'), { expires: true, reminderDays: [7, 14] }, '2027-01-10')).toBe('EXPIRING');
  });

  it('a requirement that does not expire is valid once accepted', () => {
    expect(complianceStatus(accepted(null), { expires: false, reminderDays: [] }, '2027-01-10')).toBe('VALID');
    expect(complianceStatus(accepted('2020-01-01'), { expires: false, reminderDays: [] }, '2027-01-10')).toBe('VALID');
  });
});

describe('overallCompliance', () => {
  it('is not compliant when a mandatory one is missing, rejected or expired; optional ones do not count', () => {
    for (const status of ['MISSING', 'REJECTED', 'EXPIRED'] as const)
      expect(overallCompliance([{ mandatory: true, status }, { mandatory: true, status: 'VALID' }])).toBe('NOT_COMPLIANT');
    expect(overallCompliance([{ mandatory: false, status: 'EXPIRED' }, { mandatory: true, status: 'VALID' }])).toBe('COMPLIANT');
    expect(overallCompliance([{ mandatory: true, status: 'EXPIRING' }, { mandatory: true, status: 'SUBMITTED' }])).toBe('EXPIRING');
    expect(overallCompliance([])).toBe('COMPLIANT');
  });
});

describe('requirementApplies, mayReview, reminderDue', () => {
  it('applies to all, chosen companies, or chosen locations (case and spaces aside)', () => {
    const c = { id: 'c1', location: ' Aberdeen ' };
    expect(requirementApplies({ scope: 'ALL', contractorIds: [], locations: [] }, c)).toBe(true);
    expect(requirementApplies({ scope: 'COMPANIES', contractorIds: ['c2'], locations: [] }, c)).toBe(false);
    expect(requirementApplies({ scope: 'COMPANIES', contractorIds: ['c1'], locations: [] }, c)).toBe(true);
    expect(requirementApplies({ scope: 'LOCATIONS', contractorIds: [], locations: ['aberdeen'] }, c)).toBe(true);
    expect(requirementApplies({ scope: 'LOCATIONS', contractorIds: [], locations: ['Dundee'] }, c)).toBe(false);
  });

  it('who reviews', () => {
    expect(mayReview('ORGANISATION', 'AUDITOR')).toBe(false);
    expect(mayReview('AUDITORS', 'AUDITOR')).toBe(true);
    expect(mayReview('AUDITORS', 'ORGANISATION')).toBe(false);
    expect(mayReview('BOTH', 'ORGANISATION')).toBe(true);
  });

  it('a reminder on each reminder day and on the expiry day, none between', () => {
    expect(reminderDue('2027-03-11', [60, 30, 15, 1], '2027-01-10')).toBe(60);
    expect(reminderDue('2027-03-10', [60, 30, 15, 1], '2027-01-10')).toBeNull();
    expect(reminderDue('2027-01-11', [60, 30, 15, 1], '2027-01-10')).toBe(1);
    expect(reminderDue('2027-01-10', [60, 30, 15, 1], '2027-01-10')).toBe(0);
    expect(reminderDue('2027-01-09', [60, 30, 15, 1], '2027-01-10')).toBeNull();
    expect(daysBetween('2027-12-31', '2028-01-01')).toBe(1);
  });
});

describe('schemas', () => {
  it('requirement defaults and texts', () => {
    const r = requirementFieldsSchema.parse({ name: ' Public liability insurance ', reminderDays: [1, 30, 30, 60] });
    expect(r).toMatchObject({ name: 'Public liability insurance', appliesTo: 'ALL', mandatory: true, expires: true, reviewer: 'ORGANISATION', reminderDays: [60, 30, 1] });
    expect(requirementFieldsSchema.parse({ name: 'x' }).reminderDays).toEqual([60, 30, 15, 1]);
    const companies = requirementFieldsSchema.safeParse({ name: 'x', appliesTo: 'COMPANIES' });
    expect(companies.success ? '' : companies.error.issues[0]?.message).toBe('Choose at least one company');
    const days = requirementFieldsSchema.safeParse({ name: 'x', reminderDays: [0] });
    expect(days.success ? '' : days.error.issues[0]?.message).toBe('Reminder days must be whole days from 1 to 365');
  });

  it('upload: an expiry before the issue date, a bad day', () => {
    const before = uploadDocumentFieldsSchema.safeParse({ requirementId: 'r', issueDate: '2027-01-10', expiryDate: '2027-01-09' });
    expect(before.success ? '' : before.error.issues[0]?.message).toBe('Expiry date must not be before the issue date');
    const bad = uploadDocumentFieldsSchema.safeParse({ requirementId: 'r', issueDate: '2027-02-30' });
    expect(bad.success ? '' : bad.error.issues[0]?.message).toBe('issueDate must be a date as YYYY-MM-DD');
    expect(uploadDocumentFieldsSchema.parse({ requirementId: 'r', issueDate: '2027-01-10', expiryDate: '' }).expiryDate).toBeNull();
  });

  it('review: a remark is needed to reject', () => {
    const r = reviewDocumentSchema.safeParse({ documentId: 'd', decision: 'REJECTED', remark: ' ' });
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('A remark is required to reject a document');
    expect(reviewDocumentSchema.parse({ documentId: 'd', decision: 'ACCEPTED' }).remark).toBe('');
  });
});
