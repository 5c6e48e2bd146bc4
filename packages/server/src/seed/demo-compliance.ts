import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { DEFAULT_REMINDER_DAYS, type ComplianceDocumentState, type RequirementReviewer } from '@palisade/domain/compliance/compliance.rules';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../db/client';
import { complianceCurrent, complianceDocuments, complianceRequirements, files, organisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { fileLink } from '../modules/files/files.service';
import type { FileStore } from '../storage/file-store';
import { demoPdf } from './demo-documents';
import { demoPhotoPng } from './demo-observation-photos';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The folder of the demo's compliance files (the compliance module's own root). */
const ROOT = 'compliance';
/** The demo's stored names start with this, so that their bytes are found to be written. */
const PREFIX = 'Dm0cc';

interface DemoRequirement {
  key: string;
  name: string;
  description: string;
  mandatory: boolean;
  expires: boolean;
  reviewer: RequirementReviewer;
}

const REQUIREMENTS: DemoRequirement[] = [
  { key: 'pl', name: 'Public liability insurance', description: 'Cover of at least £5 million for any one occurrence.', mandatory: true, expires: true, reviewer: 'BOTH' },
  { key: 'el', name: "Employer's liability insurance", description: 'Cover of at least £10 million, as the law requires of every employer.', mandatory: true, expires: true, reviewer: 'ORGANISATION' },
  { key: 'iso', name: 'ISO 45001 certificate', description: 'The occupational health and safety management certificate of an accredited body.', mandatory: true, expires: true, reviewer: 'AUDITORS' },
  { key: 'trade', name: 'Trade licence', description: 'The licence of the trade the company works in on our sites.', mandatory: true, expires: true, reviewer: 'ORGANISATION' },
  { key: 'method', name: 'Method statement', description: 'How the company carries out its work safely; kept up to date by the company.', mandatory: false, expires: false, reviewer: 'BOTH' },
];

/** One version: uploaded `uploadedDaysAgo`, issued `issuedDaysAgo`, expiring `expiresInDays` from now (null: no expiry). */
interface DemoVersion {
  requirement: string;
  state: ComplianceDocumentState;
  uploadedDaysAgo: number;
  issuedDaysAgo: number;
  expiresInDays: number | null;
  reference: string;
  remark?: string;
  image?: boolean;
}

/** Per contractor, each requirement's versions oldest first: every status across them (contractor1: one expiring in 10 days, one expired). */
const VERSIONS: Record<string, DemoVersion[]> = {
  'contractor1@demo.test': [
    { requirement: 'pl', state: 'ACCEPTED', uploadedDaysAgo: 355, issuedDaysAgo: 355, expiresInDays: 10, reference: 'PL-2291-NSS' },
    { requirement: 'el', state: 'ACCEPTED', uploadedDaysAgo: 370, issuedDaysAgo: 370, expiresInDays: -5, reference: 'EL-7781-NSS' },
    { requirement: 'iso', state: 'SUBMITTED', uploadedDaysAgo: 2, issuedDaysAgo: 20, expiresInDays: 1075, reference: 'ISO-45001-3310' },
    { requirement: 'method', state: 'REJECTED', uploadedDaysAgo: 30, issuedDaysAgo: 31, expiresInDays: null, reference: 'MS-01', remark: 'The rescue plan for work at height is missing.' },
    { requirement: 'method', state: 'ACCEPTED', uploadedDaysAgo: 20, issuedDaysAgo: 21, expiresInDays: null, reference: 'MS-02', image: true },
  ],
  'contractor2@demo.test': [
    { requirement: 'pl', state: 'ACCEPTED', uploadedDaysAgo: 60, issuedDaysAgo: 65, expiresInDays: 300, reference: 'PL-5520-HES' },
    { requirement: 'el', state: 'REJECTED', uploadedDaysAgo: 4, issuedDaysAgo: 10, expiresInDays: 355, reference: 'EL-1002-HES', remark: 'The certificate names another company: upload yours.' },
    { requirement: 'iso', state: 'ACCEPTED', uploadedDaysAgo: 90, issuedDaysAgo: 100, expiresInDays: 995, reference: 'ISO-45001-8841' },
    { requirement: 'trade', state: 'ACCEPTED', uploadedDaysAgo: 40, issuedDaysAgo: 45, expiresInDays: 320, reference: 'TL-ELEC-442', image: true },
    { requirement: 'method', state: 'SUBMITTED', uploadedDaysAgo: 1, issuedDaysAgo: 1, expiresInDays: null, reference: 'MS-HES-7' },
  ],
  'contractor3@demo.test': [
    { requirement: 'pl', state: 'ACCEPTED', uploadedDaysAgo: 400, issuedDaysAgo: 400, expiresInDays: -35, reference: 'PL-0990-GCW' },
    { requirement: 'pl', state: 'ACCEPTED', uploadedDaysAgo: 36, issuedDaysAgo: 36, expiresInDays: 329, reference: 'PL-1990-GCW' },
    { requirement: 'el', state: 'ACCEPTED', uploadedDaysAgo: 50, issuedDaysAgo: 50, expiresInDays: 315, reference: 'EL-3320-GCW' },
    { requirement: 'iso', state: 'ACCEPTED', uploadedDaysAgo: 1050, issuedDaysAgo: 1050, expiresInDays: 45, reference: 'ISO-45001-1207' },
  ],
};

const fileBytes = (name: string, requirement: string, reference: string): Buffer =>
  name.endsWith('.png') ? demoPhotoPng('#2e7d32', reference.length % 5) : demoPdf([requirement, `Reference ${reference}`, 'Demo document of the Palisade demo data.']);

/**
 * Issue 57's demo: five requirement types of Demo Gas Ltd and its contractors' documents in every
 * status, dated relative to `now` (contractor1: public liability expiring in 10 days, employer's
 * liability expired). Inside seedDemo's transaction; the files' bytes are written by main
 * (writeDemoComplianceFiles).
 */
export async function seedDemoCompliance(tx: DbOrTx, now: Date = new Date()): Promise<void> {
  const [demo] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Demo Gas Ltd'));
  const people = await tx.select({ id: users.id, email: users.email, name: users.name, type: users.type }).from(users);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const admin = byEmail.get('admin@demo.test');
  const auditor = byEmail.get('auditor1@demo.test');
  if (!demo || !admin || !auditor) throw new Error('The demo seed lacks Demo Gas Ltd, its admin or auditor1');
  const createdAt = new Date(now.getTime() - 400 * DAY_MS);
  const ids = new Map<string, string>();
  for (const r of REQUIREMENTS) {
    const id = newId();
    ids.set(r.key, id);
    await tx.insert(complianceRequirements).values({
      id,
      organisationId: demo.id,
      name: r.name,
      description: r.description,
      scope: 'ALL',
      mandatory: r.mandatory,
      expires: r.expires,
      reminderDays: r.expires ? [...DEFAULT_REMINDER_DAYS] : [],
      reviewer: r.reviewer,
      createdBy: admin.id,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const day = (offset: number) => isoDay(new Date(now.getTime() + offset * DAY_MS));
  let n = 0;
  for (const [email, versions] of Object.entries(VERSIONS)) {
    const contractor = byEmail.get(email);
    if (!contractor || contractor.type !== UserType.CONTRACTOR) continue;
    for (const v of versions) {
      const requirement = REQUIREMENTS.find((r) => r.key === v.requirement);
      const requirementId = ids.get(v.requirement);
      if (!requirement || !requirementId) continue;
      const id = newId();
      n += 1;
      const fileName = `${PREFIX}${n.toString(36)}_${v.reference.replace(/[^A-Za-z0-9-]/g, '_')}.${v.image ? 'png' : 'pdf'}`;
      const path = `${ROOT}/${contractor.id}/${id}/${fileName}`;
      const fileId = newId();
      const size = fileBytes(fileName, requirement.name, v.reference).length;
      const fileType = v.image ? 'image/png' : 'application/pdf';
      await tx.insert(files).values({ id: fileId, path, fileName, fileType, size, ownerId: contractor.id, organisationId: demo.id, staffOnly: true });
      const file: FileRecord = { fileName, filePath: path, fileLink: fileLink(fileId), fileSize: size, fileType };
      const uploadedAt = new Date(now.getTime() - v.uploadedDaysAgo * DAY_MS);
      const reviewer = requirement.reviewer === 'AUDITORS' ? auditor : admin;
      const reviewed = v.state !== 'SUBMITTED';
      const row = {
        id,
        requirementId,
        organisationId: demo.id,
        contractorId: contractor.id,
        issueDate: day(-v.issuedDaysAgo),
        expiryDate: v.expiresInDays === null ? null : day(v.expiresInDays),
        reference: v.reference,
        file,
        state: v.state,
        uploadedBy: contractor.id,
        uploaderName: contractor.name,
        reviewedBy: reviewed ? reviewer.id : null,
        reviewerName: reviewed ? reviewer.name : null,
        reviewerType: reviewed ? reviewer.type : null,
        reviewedAt: reviewed ? new Date(uploadedAt.getTime() + DAY_MS) : null,
        remark: v.remark ?? '',
        createdAt: uploadedAt,
      };
      await tx.insert(complianceDocuments).values(row);
      // Versions come oldest first: the last one written is the newest.
      const current = { documentId: id, state: row.state, expiryDate: row.expiryDate, updatedAt: uploadedAt };
      await tx
        .insert(complianceCurrent)
        .values({ requirementId, contractorId: contractor.id, organisationId: demo.id, ...current })
        .onConflictDoUpdate({ target: [complianceCurrent.requirementId, complianceCurrent.contractorId], set: current });
    }
  }
}

/** Writes the bytes of the seeded compliance documents into the store. main calls it once the demo data is seeded. */
export async function writeDemoComplianceFiles(db: DbOrTx, store: FileStore): Promise<number> {
  const rows = await db
    .select({ file: complianceDocuments.file, reference: complianceDocuments.reference, requirement: complianceRequirements.name })
    .from(complianceDocuments)
    .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceDocuments.requirementId))
    .where(sql`${complianceDocuments.file} ->> 'filePath' like ${`${ROOT}/%/${PREFIX}%`}`);
  for (const row of rows) await store.put(row.file.filePath, Readable.from([fileBytes(row.file.fileName, row.requirement, row.reference)]));
  return rows.length;
}
