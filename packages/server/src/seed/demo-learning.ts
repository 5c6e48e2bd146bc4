import { Readable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { LEARNING_FILE_ROOT, NOTICES_TOPIC } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { DocType } from '@palisade/domain/learning/learning.rules';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../db/client';
import { files, learningCategories, learningDocuments, learningMonthSeconds, learningProgress, noticeViews, organisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { fileLink } from '../modules/files/files.service';
import { learningRepository } from '../modules/learning/learning.repository';
import type { FileStore } from '../storage/file-store';
import { demoPdf } from './demo-documents';
import { demoWebm } from './demo-learning-files';
import { demoPhotoPng } from './demo-observation-photos';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seeded learning files, by stored name: type and bytes (made at seed time). */
const LEARNING_FILES: Record<string, { type: string; bytes: () => Buffer }> = {
  'Ln0a1_Permit_to_Work_Basics.pdf': {
    type: 'application/pdf',
    bytes: () => demoPdf(['Permit to Work Basics', 'Hot work, confined spaces and isolations need a permit.', 'Read it, sign it, keep it on you.']),
  },
  'Ln0a2_Spill_Kit.png': { type: 'image/png', bytes: () => demoPhotoPng('#2e7d32', 5) },
  'Ln0a3_Toolbox_Talk.webm': { type: 'video/webm', bytes: () => demoWebm(3) },
  'Ln0a4_Hand_Hygiene.pdf': {
    type: 'application/pdf',
    bytes: () => demoPdf(['Hand Hygiene', 'Wash hands for 20 seconds before breaks and after site work.']),
  },
  'Ln0a5_Muster_Points.png': { type: 'image/png', bytes: () => demoPhotoPng('#c62828', 6) },
  'Ln0a6_Winter_Driving.pdf': {
    type: 'application/pdf',
    bytes: () => demoPdf(['Winter Driving Notice', 'Site roads are gritted at 05:00.', 'Keep to 10 mph on site in ice and snow.']),
  },
};

interface DemoLearning {
  topic: string;
  subcat: string;
  title: string;
  desc: string;
  type: DocType;
  file?: string;
  link?: string;
  totaltime: number;
  rewards: number;
  daysAgo: number;
  /** Notices: who opened it. */
  readers?: string[];
}

const DEMO_LEARNING: DemoLearning[] = [
  { topic: 'Safety', subcat: 'Testing', title: 'Permit to Work Basics', desc: 'What a permit covers and who signs it.', type: DocType.PDF, file: 'Ln0a1_Permit_to_Work_Basics.pdf', totaltime: 600, rewards: 10, daysAgo: 400 },
  { topic: 'Environment', subcat: 'Pollution', title: 'Where the spill kits are', desc: 'The spill kit at every bund and fuel point.', type: DocType.IMAGE, file: 'Ln0a2_Spill_Kit.png', totaltime: 120, rewards: 5, daysAgo: 390 },
  { topic: 'Safety', subcat: 'Testing', title: 'Toolbox talk: working at height', desc: 'A short talk before the shift.', type: DocType.VIDEO, file: 'Ln0a3_Toolbox_Talk.webm', totaltime: 900, rewards: 15, daysAgo: 380 },
  { topic: 'Corona Virus', subcat: 'Tablet', title: 'Hand hygiene on site', desc: 'When and how to wash your hands.', type: DocType.PDF, file: 'Ln0a4_Hand_Hygiene.pdf', totaltime: 300, rewards: 5, daysAgo: 370 },
  { topic: 'Safety', subcat: 'Testing', title: 'Safe lifting (video)', desc: 'Lifting plans and slinging, explained.', type: DocType.YOUTUBE, link: 'https://www.youtube.com/embed/aqz-KE-bpKQ', totaltime: 1200, rewards: 20, daysAgo: 365 },
  { topic: 'Fire Drills', subcat: 'Evacuation', title: 'Muster points', desc: 'Where to gather when the alarm sounds.', type: DocType.IMAGE, file: 'Ln0a5_Muster_Points.png', totaltime: 180, rewards: 5, daysAgo: 200 },
  { topic: NOTICES_TOPIC, subcat: '', title: 'Winter driving on site', desc: 'Speed limits and gritting times for the winter.', type: DocType.PDF, file: 'Ln0a6_Winter_Driving.pdf', totaltime: 120, rewards: 1, daysAgo: 20, readers: ['contractor1@demo.test', 'employee1@demo.test', 'employee2@demo.test'] },
  { topic: NOTICES_TOPIC, subcat: '', title: 'Fire drill on Friday', desc: 'The whole site musters at 10:00 on Friday.', type: DocType.IMAGE, file: 'Ln0a5_Muster_Points.png', totaltime: 60, rewards: 1, daysAgo: 6, readers: ['employee3@demo.test'] },
  { topic: NOTICES_TOPIC, subcat: '', title: 'New induction video', desc: 'Every new starter watches it before going on site.', type: DocType.YOUTUBE, link: 'https://www.youtube.com/embed/aqz-KE-bpKQ', totaltime: 600, rewards: 2, daysAgo: 2, readers: [] },
];

/**
 * The demo organisation's learning, inside seedDemo's transaction: a category and sub-category it
 * added (Fire Drills, Evacuation), documents of every type (PDF, image, WebM video, Youtube link),
 * a year of its employees' progress (each row learnt within one month; the month sums are built
 * from the rows), and three notices with partial reads. The files' bytes are written by
 * writeDemoLearningFiles once the store exists.
 */
export async function seedDemoLearning(tx: DbOrTx, now = new Date()): Promise<void> {
  const [demo] = await tx.select().from(organisations).where(eq(organisations.name, 'Demo Gas Ltd'));
  if (!demo) return;
  const people = await tx.select().from(users);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const admin = byEmail.get('admin@demo.test');
  if (!admin) return;
  await tx.insert(learningCategories).values([
    { id: newId(), organisationId: demo.id, kind: 'category', name: 'Fire Drills' },
    { id: newId(), organisationId: demo.id, kind: 'subcategory', name: 'Evacuation' },
  ]);
  const learnt: string[] = [];
  for (const [i, d] of DEMO_LEARNING.entries()) {
    const id = newId();
    const createdAt = new Date(now.getTime() - d.daysAgo * DAY_MS + i * 1000);
    let file: FileRecord | null = null;
    if (d.file) {
      const spec = LEARNING_FILES[d.file];
      if (!spec) throw new Error(`no demo learning file ${d.file}`);
      const fileId = newId();
      const path = `${LEARNING_FILE_ROOT}/${demo.id}/${id}/${d.file}`;
      const size = spec.bytes().length;
      await tx.insert(files).values({ id: fileId, path, fileName: d.file, fileType: spec.type, size, ownerId: admin.id, organisationId: demo.id, auditorsExcluded: true });
      file = { fileName: d.file, filePath: path, fileLink: fileLink(fileId), fileSize: size, fileType: spec.type };
    }
    await tx.insert(learningDocuments).values({
      id,
      organisationId: demo.id,
      topic: d.topic,
      subcat: d.subcat,
      title: d.title,
      description: d.desc,
      type: d.type,
      rewards: d.rewards,
      totalTime: d.totaltime,
      fileName: d.file ?? '',
      itemUrl: d.link ?? '',
      file,
      ready: true,
      creatorId: admin.id,
      creatorType: admin.type,
      creatorName: admin.name,
      createdAt,
    });
    if (d.topic !== NOTICES_TOPIC) learnt.push(id);
    const views = (d.readers ?? []).flatMap((email, k) => {
      const v = byEmail.get(email);
      if (!v) return [];
      const side = v.type === UserType.CONTRACTOR ? v.id : (v.contractorId ?? '');
      return [{ docId: id, userId: v.id, contractorId: side, viewerType: v.type, viewerName: v.name, viewedAt: new Date(createdAt.getTime() + (k + 1) * 3_600_000) }];
    });
    if (views.length > 0) await tx.insert(noticeViews).values(views);
  }

  // A year of progress: each employee takes up a document a month or so, for the last 12 months.
  const employees = people.filter((p) => p.type === UserType.EMPLOYEE && p.organisationId === demo.id).sort((a, b) => a.email.localeCompare(b.email));
  const rows: (typeof learningProgress.$inferInsert)[] = [];
  employees.forEach((e, ei) => {
    learnt.forEach((docId, di) => {
      if ((ei + di) % 5 === 4) return;
      const monthsBack = (ei * 3 + di * 2) % 12;
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 3 + ((ei + di) % 20), 10));
      const seconds = 300 + ((ei * 7 + di * 13) % 10) * 180;
      const completed = (ei + di) % 3 !== 0;
      rows.push({ docId, userId: e.id, organisationId: demo.id, contractorId: e.contractorId ?? '', seconds, completed, completedAt: completed ? at : null, updatedAt: at });
    });
  });
  if (rows.length > 0) await tx.insert(learningProgress).values(rows);
  await rebuildLearningSums(tx, demo.id);
}

/** Rebuilds an organisation's month sums (each row learnt in the month of its last update) and its employees' sums from its progress rows (seed). */
export async function rebuildLearningSums(tx: DbOrTx, organisationId: string): Promise<void> {
  const rows = await tx.select().from(learningProgress).where(eq(learningProgress.organisationId, organisationId));
  const sums = new Map<string, { month: string; contractorId: string; seconds: number }>();
  for (const r of rows) {
    const month = `${r.updatedAt.getUTCFullYear()}-${String(r.updatedAt.getUTCMonth() + 1).padStart(2, '0')}-01`;
    const key = `${month}|${r.contractorId}`;
    const s = sums.get(key) ?? { month, contractorId: r.contractorId, seconds: 0 };
    s.seconds += r.seconds;
    sums.set(key, s);
  }
  await tx.delete(learningMonthSeconds).where(eq(learningMonthSeconds.organisationId, organisationId));
  const values = [...sums.values()].map((s) => ({ organisationId, ...s }));
  for (let i = 0; i < values.length; i += 1000) await tx.insert(learningMonthSeconds).values(values.slice(i, i + 1000));
  await learningRepository.rebuildOrganisationMonths(tx, organisationId);
  await learningRepository.rebuildEmployeeTotals(tx, organisationId);
}

/** Writes the bytes of the seeded learning files into the store. main calls it once the demo data is seeded. */
export async function writeDemoLearningFiles(db: DbOrTx, store: FileStore): Promise<number> {
  const rows = await db.select({ path: files.path, fileName: files.fileName }).from(files).where(like(files.path, `${LEARNING_FILE_ROOT}/%/Ln0a%`));
  let written = 0;
  for (const row of rows) {
    const file = LEARNING_FILES[row.fileName];
    if (!file) continue;
    await store.put(row.path, Readable.from([file.bytes()]));
    written += 1;
  }
  return written;
}
