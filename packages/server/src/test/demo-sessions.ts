import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { TestApp } from './test-app';

/** The demo's accounts signed in (their session cookies), their ids and the two organisations. */
export interface DemoSessions {
  admin: string;
  otherAdmin: string;
  auditor: string;
  c1: string;
  c2: string;
  employee: string;
  c1Id: string;
  c2Id: string;
  auditorId: string;
  demoOrg: string;
  otherOrg: string;
}

/**
 * Signs in the demo's accounts that the API tests act as (Demo Gas Ltd's admin, auditor1,
 * contractor1 and 2, employee1; Other Industries' admin), with the ids they name: one set-up
 * instead of the same dozen lines in each file.
 */
export async function demoSessions(t: TestApp): Promise<DemoSessions> {
  const admin = await t.signIn('admin@demo.test');
  const otherAdmin = await t.signIn('admin@other.test');
  const organisationOf = async (cookie: string) => (await t.get<Profile>('/api/auth/me', cookie)).body.data.cmp_id ?? '';
  return {
    admin,
    otherAdmin,
    auditor: await t.signIn('auditor1@demo.test'),
    c1: await t.signIn('contractor1@demo.test'),
    c2: await t.signIn('contractor2@demo.test'),
    employee: await t.signIn('employee1@demo.test'),
    c1Id: await t.userId('contractor1@demo.test'),
    c2Id: await t.userId('contractor2@demo.test'),
    auditorId: await t.userId('auditor1@demo.test'),
    demoOrg: await organisationOf(admin),
    otherOrg: await organisationOf(otherAdmin),
  };
}
