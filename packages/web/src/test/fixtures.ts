import type { Profile } from '@palisade/domain/auth/profile.schema';

/** A signed-in profile for tests; override what the test is about. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'u1',
    user: 'u1',
    type: 3,
    name: 'Casey Contractor',
    email: 'casey@example.com',
    phoneNo: '+919876543210',
    mobile: '+919876543210',
    location: 'Pune',
    code: 'C-001',
    contactPersonName: null,
    cmp_id: 'org1',
    companyId: null,
    assoc_companies: ['org1'],
    organisations: [{ _id: 'org1', name: 'Acme Energy' }],
    contractorId: null,
    profileImage: null,
    timeZone: 'UTC',
    language: null,
    canExportAssessmentData: false,
    emailNotifications: true,
    ...overrides,
  };
}
