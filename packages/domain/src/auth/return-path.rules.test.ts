import { describe, expect, it } from 'vitest';
import { UserType } from '../user-types';
import { returnPath } from './return-path.rules';

describe('returnPath', () => {
  it('returns a page of the user’s own group, with its query and hash', () => {
    expect(returnPath('/atgl/Contractor/assessment/r1/categories', UserType.CONTRACTOR)).toBe('/atgl/Contractor/assessment/r1/categories');
    expect(returnPath('/auditor/Assessment?status=SUBMITTED#top', UserType.AUDITOR)).toBe('/auditor/Assessment?status=SUBMITTED#top');
    expect(returnPath('/sapphire', UserType.ORGANISATION)).toBe('/sapphire');
  });
  it('refuses another group, another origin and tricks', () => {
    expect(returnPath('/sapphire/Dashboard', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('/atgl/ContractorX/dashboard', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('https://evil.example/atgl/Contractor/dashboard', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('//evil.example/atgl/Contractor/dashboard', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('/\\evil.example/atgl/Contractor', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('/atgl/Contractor/../../sapphire/Dashboard', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('', UserType.CONTRACTOR)).toBeNull();
    expect(returnPath(null, UserType.CONTRACTOR)).toBeNull();
    expect(returnPath('/atgl/Contractor/dashboard', UserType.EMPLOYEE)).toBeNull();
  });
});
