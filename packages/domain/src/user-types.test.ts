import { describe, expect, it } from 'vitest';
import { homeRoute, isUserType, shellOf, workingOrganisationId } from './user-types';

describe('homeRoute', () => {
  it('sends each web type to its home and everyone else to sign-in', () => {
    expect(homeRoute(2)).toBe('/sapphire/Dashboard');
    expect(homeRoute(3)).toBe('/atgl/Contractor/dashboard');
    expect(homeRoute(4)).toBe('/auditor/dashboard');
    expect(homeRoute(1)).toBe('/');
    expect(homeRoute(5)).toBe('/');
    expect(homeRoute(0)).toBe('/');
    expect(homeRoute(9)).toBe('/');
  });
});

describe('shellOf and isUserType', () => {
  it('knows the five types and the three shells', () => {
    expect([1, 2, 3, 4, 5].every(isUserType)).toBe(true);
    expect(isUserType(6)).toBe(false);
    expect(isUserType('2')).toBe(false);
    expect(shellOf(2)).toBe('sapphire');
    expect(shellOf(3)).toBe('contractor');
    expect(shellOf(4)).toBe('auditor');
    expect(shellOf(1)).toBeNull();
    expect(shellOf(5)).toBeNull();
  });
});

describe('workingOrganisationId', () => {
  it('takes cmp_id, else companyId, else the first of assoc_companies', () => {
    expect(workingOrganisationId({ cmp_id: 'a', companyId: 'b', assoc_companies: ['c'] })).toBe('a');
    expect(workingOrganisationId({ cmp_id: null, companyId: 'b', assoc_companies: ['c'] })).toBe('b');
    expect(workingOrganisationId({ cmp_id: '', companyId: '', assoc_companies: ['', 'c', 'd'] })).toBe('c');
    expect(workingOrganisationId({ assoc_companies: [] })).toBeNull();
    expect(workingOrganisationId({})).toBeNull();
  });
});
