import { sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY_CODE } from '@palisade/domain/constants';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../db/client';
import { organisations, userOrganisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'Demo@1234';

/** The demo sign-ins main prints at start. */
export const DEMO_SIGN_INS = [
  { email: 'admin@demo.test', role: 'Organisation admin (Demo Gas Ltd)' },
  { email: 'contractor1@demo.test', role: 'Contractor' },
  { email: 'contractor2@demo.test', role: 'Contractor' },
  { email: 'contractor3@demo.test', role: 'Contractor' },
  { email: 'auditor1@demo.test', role: 'Auditor' },
  { email: 'auditor2@demo.test', role: 'Auditor (serves both organisations)' },
  { email: 'admin@other.test', role: 'Organisation admin (Other Industries)' },
  { email: 'contractor@other.test', role: 'Contractor (Other Industries)' },
] as const;

interface SeedUser {
  type: UserType;
  email: string;
  name: string;
  contactPersonName?: string;
  location?: string;
  phone?: string;
  code?: string;
  organisationId?: string;
  contractorId?: string;
  serves?: string[];
  canExport?: boolean;
}

/** True when the database holds no organisation yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(organisations);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Demo data: two organisations with their admins, contractors, auditors and employees.
 * Idempotent: it does nothing when any organisation exists. Returns whether it seeded.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demo = newId();
  const other = newId();
  const phone = (n: number) => `${DEFAULT_COUNTRY_CODE}98765${String(n).padStart(5, '0')}`;
  const contractorIds = [newId(), newId(), newId()];
  const seedUsers: (SeedUser & { id: string })[] = [
    { id: newId(), type: UserType.ORGANISATION, email: 'admin@demo.test', name: 'Dana Admin', organisationId: demo, location: 'Aberdeen', phone: phone(1), canExport: true },
    ...['North Sea Scaffolding', 'Harbour Electrical Services', 'Granite Civil Works'].map((name, i) => ({
      id: contractorIds[i] ?? newId(),
      type: UserType.CONTRACTOR,
      email: `contractor${i + 1}@demo.test`,
      name,
      contactPersonName: ['Callum Reid', 'Priya Nair', 'Tom Fraser'][i] ?? 'Contact',
      location: ['Aberdeen', 'Dundee', 'Inverness'][i] ?? 'Aberdeen',
      phone: phone(10 + i),
      code: `CON-00${i + 1}`,
      serves: [demo],
    })),
    { id: newId(), type: UserType.AUDITOR, email: 'auditor1@demo.test', name: 'Safeguard Inspections', contactPersonName: 'Alex Morgan', phone: phone(20), code: 'TPI-001', location: 'Glasgow', serves: [demo] },
    { id: newId(), type: UserType.AUDITOR, email: 'auditor2@demo.test', name: 'Northern Audit Partners', contactPersonName: 'Sam Kerr', phone: phone(21), code: 'TPI-002', location: 'Edinburgh', serves: [demo, other] },
    ...[0, 1, 2, 3].map((i) => ({
      id: newId(),
      type: UserType.EMPLOYEE,
      email: `employee${i + 1}@demo.test`,
      name: ['Jamie Watt', 'Morgan Bell', 'Riley Scott', 'Casey Hume'][i] ?? 'Employee',
      organisationId: demo,
      contractorId: contractorIds[i % 3],
    })),
    { id: newId(), type: UserType.ORGANISATION, email: 'admin@other.test', name: 'Olive Other', organisationId: other, location: 'Leeds', canExport: true },
    { id: newId(), type: UserType.CONTRACTOR, email: 'contractor@other.test', name: 'Other Fabrication Co', contactPersonName: 'Pat Lowe', location: 'Leeds', code: 'OTH-001', serves: [other] },
  ];

  await db.transaction(async (tx) => {
    await tx.insert(organisations).values([
      { id: demo, name: 'Demo Gas Ltd', location: 'Aberdeen' },
      { id: other, name: 'Other Industries', location: 'Leeds' },
    ]);
    await tx.insert(users).values(
      seedUsers.map((u) => ({
        id: u.id,
        type: u.type,
        email: u.email,
        passwordHash,
        name: u.name,
        contactPersonName: u.contactPersonName ?? null,
        location: u.location ?? null,
        phone: u.phone ?? null,
        code: u.code ?? null,
        organisationId: u.organisationId ?? null,
        contractorId: u.contractorId ?? null,
        canExportAssessmentData: u.canExport ?? false,
      })),
    );
    const links = seedUsers.flatMap((u) => (u.serves ?? []).map((organisationId) => ({ userId: u.id, organisationId })));
    await tx.insert(userOrganisations).values(links);
  });
  return true;
}
