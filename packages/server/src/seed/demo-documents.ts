import { Readable } from 'node:stream';
import { like, or } from 'drizzle-orm';
import { DOCUMENT_ATTACHMENT_ROOT, FEEDBACK_ATTACHMENT_ROOT } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../db/client';
import {
  feedbacks,
  files,
  organisations,
  policyDocuments,
  policyDocumentViews,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';
import { fileLink } from '../modules/files/files.service';
import type { FileStore } from '../storage/file-store';
import { demoPhotoPng } from './demo-observation-photos';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A one-page PDF whose page says these lines (a valid file: header, objects, xref, trailer). */
export function demoPdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 60 ${760 - i * 28} Td (${escape(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The demo files, by their stored name: what each holds. */
const DEMO_FILES: Record<string, { type: string; bytes: () => Buffer }> = {
  'Dm0c1_Permit_to_Work_Policy.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Permit to Work Policy 2026',
        'Every hot work, confined space and isolation needs a signed permit.',
        'Permits are valid for one shift and are closed out by the issuer.',
      ]),
  },
  'Dm0c2_Working_at_Height_Standard.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Working at Height Standard',
        'Harnesses are inspected every six months and before each use.',
        'Scaffolds carry a green tag after the weekly inspection.',
      ]),
  },
  'Dm0c3_Harness_Check.png': { type: 'image/png', bytes: () => demoPhotoPng('#1976d2', 2) },
  'Dm0c4_Drug_and_Alcohol_Policy.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Drug and Alcohol Policy',
        'Random testing applies to every person on site.',
        'A non-negative result removes the person from site at once.',
      ]),
  },
  'Dm0c5_Incident_Reporting_Procedure.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Incident Reporting Procedure',
        'Report every incident and near miss within one hour.',
        'The site supervisor opens the investigation within 24 hours.',
      ]),
  },
  'Dm0c6_Emergency_Contacts.csv': {
    type: 'text/csv',
    bytes: () =>
      Buffer.from(
        'Role,Name,Phone\nSite emergency,Control room,+441224000111\nHSE manager,Dana Admin,+919876500001\n',
      ),
  },
  'Dm0c7_PPE_Requirements.png': { type: 'image/png', bytes: () => demoPhotoPng('#f57c00', 3) },
  'Dm0c8_Spill_Response.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Environmental Spill Response',
        'Contain, report, clean up: spill kits sit at every bund.',
        'Drains are covered before any transfer of oil or chemicals.',
      ]),
  },
  'Dm0c9_Site_Induction_Handbook.pdf': {
    type: 'application/pdf',
    bytes: () =>
      demoPdf([
        'Site Induction Handbook',
        'Every visitor signs in and watches the induction video.',
      ]),
  },
  'Dm0cA_Blocked_Walkway.png': { type: 'image/png', bytes: () => demoPhotoPng('#7b1fa2', 4) },
};

interface DemoDocument {
  title: string;
  description: string;
  files: string[];
  daysAgo: number;
  viewers: string[];
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    title: 'Environmental Spill Response',
    description:
      'How to contain and report a spill of oil or chemicals on our sites, and where the spill kits are kept.',
    files: ['Dm0c8_Spill_Response.pdf'],
    daysAgo: 40,
    viewers: [
      'contractor1@demo.test',
      'contractor2@demo.test',
      'contractor3@demo.test',
      'employee1@demo.test',
    ],
  },
  {
    title: 'PPE Requirements',
    description:
      'The personal protective equipment every person wears on site: helmet, boots, gloves, glasses and high-visibility clothing.',
    files: ['Dm0c7_PPE_Requirements.png'],
    daysAgo: 30,
    viewers: ['contractor2@demo.test'],
  },
  {
    title: 'Incident Reporting Procedure',
    description:
      'Every incident and near miss is reported within one hour; the attached list holds the emergency contacts.',
    files: ['Dm0c5_Incident_Reporting_Procedure.pdf', 'Dm0c6_Emergency_Contacts.csv'],
    daysAgo: 21,
    viewers: ['contractor3@demo.test', 'employee2@demo.test'],
  },
  {
    title: 'Drug and Alcohol Policy',
    description:
      'Our zero-tolerance policy, random testing and what happens after a non-negative result.',
    files: ['Dm0c4_Drug_and_Alcohol_Policy.pdf'],
    daysAgo: 12,
    viewers: [],
  },
  {
    title: 'Working at Height Standard',
    description:
      'Harness inspections, scaffold tags and rescue plans for any work above two metres.',
    files: ['Dm0c2_Working_at_Height_Standard.pdf', 'Dm0c3_Harness_Check.png'],
    daysAgo: 5,
    viewers: ['contractor1@demo.test', 'contractor2@demo.test'],
  },
  {
    title: 'Permit to Work Policy 2026',
    description:
      'The updated permit to work rules for hot work, confined spaces and isolations, in force from this month.',
    files: ['Dm0c1_Permit_to_Work_Policy.pdf'],
    daysAgo: 1,
    viewers: ['contractor1@demo.test'],
  },
];

const DEMO_FEEDBACK: Array<{ from: string; text: string; daysAgo: number; files: string[] }> = [
  {
    from: 'contractor1@demo.test',
    text: 'The walkway to the east gate is blocked by stored pipes again; photo attached.',
    daysAgo: 9,
    files: ['Dm0cA_Blocked_Walkway.png'],
  },
  {
    from: 'contractor2@demo.test',
    text: 'Could the permit office open at 06:30 on shutdown days? Our crews wait half an hour every morning.',
    daysAgo: 6,
    files: [],
  },
  {
    from: 'contractor3@demo.test',
    text: 'The new induction video is clear and short. Thank you.',
    daysAgo: 3,
    files: [],
  },
  {
    from: 'contractor@other.test',
    text: 'Please share the updated site map before the next audit.',
    daysAgo: 2,
    files: [],
  },
];

/**
 * Policy documents with attachments and partial viewers, and feedback from each contractor
 * (issue 16), inside seedDemo's transaction. The files' bytes are written by main
 * (writeDemoDocumentFiles) into the store.
 */
export async function seedDemoDocuments(tx: DbOrTx, now: Date = new Date()): Promise<void> {
  const people = await tx
    .select({
      id: users.id,
      type: users.type,
      email: users.email,
      name: users.name,
      contactPersonName: users.contactPersonName,
      organisationId: users.organisationId,
    })
    .from(users);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const orgs = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations);
  const demo = orgs.find((o) => o.name === 'Demo Gas Ltd');
  const other = orgs.find((o) => o.name === 'Other Industries');
  const admin = byEmail.get('admin@demo.test');
  const otherAdmin = byEmail.get('admin@other.test');
  if (!demo || !other || !admin || !otherAdmin)
    throw new Error('The demo seed lacks its organisations');

  const record = async (
    name: string,
    folder: string,
    ownerId: string,
    organisationId: string,
    feedback: boolean,
  ): Promise<FileRecord> => {
    const file = DEMO_FILES[name];
    if (!file) throw new Error(`no demo file ${name}`);
    const id = newId();
    const path = `${folder}/${name}`;
    const size = file.bytes().length;
    await tx
      .insert(files)
      .values({
        id,
        path,
        fileName: name,
        fileType: file.type,
        size,
        ownerId,
        organisationId,
        staffOnly: feedback,
        auditorsExcluded: true,
      });
    return {
      fileName: name,
      filePath: path,
      fileLink: fileLink(id),
      fileSize: size,
      fileType: file.type,
    };
  };

  const documents = [
    ...DEMO_DOCUMENTS.map((d) => ({ ...d, organisationId: demo.id, creator: admin })),
    {
      title: 'Site Induction Handbook',
      description: 'What every visitor and new starter needs to know before the first shift.',
      files: ['Dm0c9_Site_Induction_Handbook.pdf'],
      daysAgo: 4,
      viewers: ['contractor@other.test'],
      organisationId: other.id,
      creator: otherAdmin,
    },
  ];
  for (const d of documents) {
    const id = newId();
    const createdAt = new Date(now.getTime() - d.daysAgo * DAY_MS);
    const attachments: FileRecord[] = [];
    for (const name of d.files)
      attachments.push(
        await record(
          name,
          `${DOCUMENT_ATTACHMENT_ROOT}/${d.organisationId}/${id}`,
          d.creator.id,
          d.organisationId,
          false,
        ),
      );
    await tx.insert(policyDocuments).values({
      id,
      organisationId: d.organisationId,
      title: d.title,
      description: d.description,
      creatorId: d.creator.id,
      creatorType: UserType.ORGANISATION,
      creatorName: d.creator.name,
      attachments,
      createdAt,
      updatedAt: createdAt,
    });
    const views = d.viewers.flatMap((email, i) => {
      const v = byEmail.get(email);
      return v
        ? [
            {
              documentId: id,
              userId: v.id,
              viewerType: v.type,
              viewerName: v.name,
              viewedAt: new Date(createdAt.getTime() + (i + 1) * 3 * 60 * 60 * 1000),
            },
          ]
        : [];
    });
    if (views.length > 0) await tx.insert(policyDocumentViews).values(views);
  }

  for (const f of DEMO_FEEDBACK) {
    const author = byEmail.get(f.from);
    if (!author) continue;
    const organisationId = f.from.endsWith('@other.test') ? other.id : demo.id;
    const id = newId();
    const attachments: FileRecord[] = [];
    for (const name of f.files)
      attachments.push(
        await record(
          name,
          `${FEEDBACK_ATTACHMENT_ROOT}/${author.id}/${id}`,
          author.id,
          organisationId,
          true,
        ),
      );
    await tx.insert(feedbacks).values({
      id,
      organisationId,
      authorId: author.id,
      authorType: author.type,
      authorName: author.contactPersonName ?? author.name,
      authorEmail: author.email,
      companyName: author.name,
      feedbackText: f.text,
      attachments,
      createdAt: new Date(now.getTime() - f.daysAgo * DAY_MS),
    });
  }
}

/** Writes the bytes of the seeded documents' and feedback's files into the store. main calls it once the demo data is seeded. */
export async function writeDemoDocumentFiles(db: DbOrTx, store: FileStore): Promise<number> {
  const rows = await db
    .select({ path: files.path, fileName: files.fileName })
    .from(files)
    .where(
      or(
        like(files.path, `${DOCUMENT_ATTACHMENT_ROOT}/%/Dm0c%`),
        like(files.path, `${FEEDBACK_ATTACHMENT_ROOT}/%/Dm0c%`),
      ),
    );
  let written = 0;
  for (const row of rows) {
    const file = DEMO_FILES[row.fileName];
    if (!file) continue;
    await store.put(row.path, Readable.from([file.bytes()]));
    written += 1;
  }
  return written;
}
