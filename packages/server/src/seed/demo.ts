import { sql } from 'drizzle-orm';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { DEFAULT_COUNTRY_CODE } from '@palisade/domain/constants';
import { AnswerType, AssessmentStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../db/client';
import { assessCategories, organisations, questions, userOrganisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { assessmentsRepository, type FactorValues, type SectionWrite } from '../modules/assessments/assessments.repository';
import { seedResponses } from './demo-responses';
import { seedDemoChat } from './demo-chat';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoCompliance } from './demo-compliance';
import { seedDemoLearning } from './demo-learning';
import { seedDemoObservations } from './demo-observations';

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
    // Links in the order of `serves`, one millisecond apart: the first is a user's default working
    // organisation (auditor2 starts in Demo Gas), whatever the random ids.
    const linkedAt = Date.now();
    const links = seedUsers.flatMap((u) =>
      (u.serves ?? []).map((organisationId, i) => ({ userId: u.id, organisationId, createdAt: new Date(linkedAt + i) })),
    );
    await tx.insert(userOrganisations).values(links);
    const admin = seedUsers[0];
    if (!admin) throw new Error('The demo seed has no admin');
    const { assessmentIds } = await seedAuthoring(tx, { organisationId: demo, creator: { id: admin.id, name: admin.name }, contractorIds });
    const auditor = seedUsers.find((u) => u.email === 'auditor1@demo.test');
    if (!auditor) throw new Error('The demo seed has no auditor');
    await seedResponses(tx, {
      assessmentIds,
      contractors: seedUsers.filter((u) => u.type === UserType.CONTRACTOR && u.serves?.includes(demo)).map((u) => ({ id: u.id, name: u.name })),
      auditor: { id: auditor.id, name: auditor.name },
    });
    await seedDemoChat(tx);
    await seedDemoObservations(tx);
    await seedDemoDocuments(tx);
    await seedDemoLearning(tx);
    await seedDemoCompliance(tx);
  });
  return true;
}

/** The demo organisation's categories and their questions (6 each, 30 in all), in this order. */
export const DEMO_QUESTION_BANK: Record<string, string[]> = {
  'Safety Management': [
    'Do you have a documented health and safety policy signed by senior management?',
    'Is there a named person responsible for health and safety on site?',
    'How many lost time injuries were recorded in the last 12 months?',
    'Are risk assessments and method statements prepared before work starts?',
    'Is a permit-to-work system used for high-risk activities?',
    'Describe how incidents and near misses are reported and investigated.',
  ],
  PPE: [
    'Is task-specific PPE issued to every worker free of charge?',
    'Which PPE items are mandatory on your sites?',
    'Are PPE inspections recorded before each use?',
    'Are harnesses and lanyards inspected by a competent person every 6 months?',
    'How is damaged or expired PPE withdrawn from use?',
    'Do workers receive instruction on the correct fitting of respiratory protection?',
  ],
  Environment: [
    'Do you hold ISO 14001 certification or an equivalent environmental management system?',
    'How is hazardous waste segregated, stored and disposed of?',
    'Are spill kits available at every fuel and chemical storage point?',
    'How many environmental incidents were reported in the last 12 months?',
    'Describe the measures you take to reduce noise and dust on site.',
    'Do you monitor and report the fuel consumption of your plant and vehicles?',
  ],
  Training: [
    'Do all site workers complete a site-specific induction before starting work?',
    'Are training records kept for every worker and available on request?',
    'Which of these certificates do your supervisors hold?',
    'Are toolbox talks held before each shift?',
    'Are first aiders trained and available on every shift?',
    'How often are emergency drills carried out?',
  ],
  Governance: [
    'Do you have a code of conduct covering bribery and corruption?',
    'Is there a whistleblowing channel that workers can use anonymously?',
    'Are subcontractors pre-qualified before they are engaged?',
    'Do you carry employer liability and public liability insurance?',
    'Has your company been subject to any enforcement notice in the last 3 years?',
    'Describe how senior management reviews health, safety and environmental performance.',
  ],
};

/**
 * How each demo question is answered, and its choices when it has any; a question not named here
 * is Yes/No, so every question that asks "Describe", "How" or "What" needs its entry (issue 19).
 */
export const DEMO_ANSWERS: Record<string, { answerType: AnswerType; options?: string[] }> = {
  'How many lost time injuries were recorded in the last 12 months?': { answerType: AnswerType.NUMERIC },
  'Describe how incidents and near misses are reported and investigated.': { answerType: AnswerType.LONG_ANSWER },
  'Is a permit-to-work system used for high-risk activities?': { answerType: AnswerType.YES_NO },
  'Which PPE items are mandatory on your sites?': {
    answerType: AnswerType.CHECKBOX,
    options: ['Hard hat', 'Safety boots', 'High-visibility clothing', 'Gloves', 'Eye protection', 'Hearing protection'],
  },
  'Are harnesses and lanyards inspected by a competent person every 6 months?': { answerType: AnswerType.YES_NO },
  'How is damaged or expired PPE withdrawn from use?': { answerType: AnswerType.SHORT_ANSWER },
  'Do you hold ISO 14001 certification or an equivalent environmental management system?': {
    answerType: AnswerType.MULTI_CHOICE,
    options: ['ISO 14001 certified', 'Equivalent system, not certified', 'In progress', 'No'],
  },
  'How is hazardous waste segregated, stored and disposed of?': { answerType: AnswerType.LONG_ANSWER },
  'How many environmental incidents were reported in the last 12 months?': { answerType: AnswerType.NUMERIC },
  'Describe the measures you take to reduce noise and dust on site.': { answerType: AnswerType.LONG_ANSWER },
  'Which of these certificates do your supervisors hold?': {
    answerType: AnswerType.MULTI_CHOICE,
    options: ['SSSTS', 'SMSTS', 'NEBOSH General Certificate', 'IOSH Managing Safely', 'None'],
  },
  'How often are emergency drills carried out?': {
    answerType: AnswerType.MULTI_CHOICE,
    options: ['Monthly', 'Quarterly', 'Twice a year', 'Yearly', 'Never'],
  },
  'Describe how senior management reviews health, safety and environmental performance.': { answerType: AnswerType.LONG_ANSWER },
};

/** How a demo question is answered: its entry in DEMO_ANSWERS, else Yes/No. */
export function demoAnswerOf(questText: string): { answerType: AnswerType; options?: string[] } {
  return DEMO_ANSWERS[questText] ?? { answerType: AnswerType.YES_NO };
}

const factors = (on: Partial<FactorValues>): FactorValues => ({ environment: false, social: false, governance: false, others: false, ...on });

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo organisation's authoring data, inside seedDemo's transaction: five categories, 30
 * questions, and five assessments (status NEW, due in the future) shared with the demo
 * contractors. Returns the assessments' ids by name (seedResponses answers them).
 */
export async function seedAuthoring(
  db: DbOrTx,
  ids: { organisationId: string; creator: { id: string; name: string }; contractorIds: string[] },
): Promise<{ assessmentIds: Map<string, string> }> {
  const { organisationId, creator } = ids;
  const base = Date.now();
  const categoryIds = new Map<string, string>();
  const questionIds = new Map<string, string>();
  const names = Object.keys(DEMO_QUESTION_BANK);
  await db.insert(assessCategories).values(
    names.map((name, i) => {
      const id = newId();
      categoryIds.set(name, id);
      return { id, organisationId, name, createdAt: new Date(base + i) };
    }),
  );
  await db.insert(questions).values(
    Object.values(DEMO_QUESTION_BANK)
      .flat()
      .map((questText, i) => {
        const id = newId();
        questionIds.set(questText, id);
        return { id, organisationId, questText, createdAt: new Date(base + i) };
      }),
  );

  /** A section of `category` with the questions at these positions of its bank. */
  const section = (category: string, totalMarks: number, on: Partial<FactorValues>, picks: number[]): SectionWrite => ({
    categoryId: categoryIds.get(category) ?? '',
    totalMarks,
    factors: factors(on),
    questions: picks.map((i) => {
      const text = DEMO_QUESTION_BANK[category]?.[i] ?? '';
      const answer = demoAnswerOf(text);
      return { questionId: questionIds.get(text) ?? '', answerType: answer.answerType, options: answer.options ?? [] };
    }),
  });
  const [c1, c2, c3] = ids.contractorIds;
  const inDays = (n: number) => isoDay(new Date(base + n * DAY_MS));
  const demoAssessments: { name: string; dueDate: string; contractors: (string | undefined)[]; sections: SectionWrite[] }[] = [
    {
      name: 'Annual HSE Pre-qualification 2026',
      dueDate: inDays(60),
      contractors: [c1, c2, c3],
      sections: [
        section('Safety Management', 30, { social: true, governance: true }, [0, 1, 2, 3, 5]),
        section('PPE', 20, { social: true }, [0, 1, 4]),
        section('Training', 20, { social: true, others: true }, [0, 1, 2, 5]),
        section('Governance', 10, { governance: true }, [0, 2, 3]),
      ],
    },
    {
      name: 'Working at Height Audit',
      dueDate: inDays(30),
      contractors: [c1, c2],
      sections: [
        section('Safety Management', 25, { social: true }, [3, 4]),
        section('PPE', 25, { social: true, others: true }, [2, 3, 5]),
        section('Training', 10, { others: true }, [3, 4]),
      ],
    },
    {
      name: 'Environmental Compliance Review',
      dueDate: inDays(90),
      contractors: [c1, c3],
      sections: [
        section('Environment', 40, { environment: true }, [0, 1, 2, 3, 4, 5]),
        section('Governance', 20, { governance: true, environment: true }, [1, 4, 5]),
      ],
    },
    {
      name: 'Lifting Operations Review',
      dueDate: inDays(45),
      contractors: [c1, c2, c3],
      sections: [
        section('Safety Management', 30, { social: true }, [3, 4]),
        section('PPE', 20, { social: true, others: true }, [3, 4]),
        section('Training', 10, { others: true }, [0, 2, 3]),
      ],
    },
    {
      name: 'Fire Safety Inspection',
      dueDate: inDays(20),
      contractors: [c1, c3],
      sections: [
        section('Safety Management', 20, { social: true, governance: true }, [0, 3, 5]),
        section('Training', 20, { social: true }, [4, 5]),
        section('Environment', 10, { environment: true }, [2]),
      ],
    },
  ];
  const assessmentIds = new Map<string, string>();
  for (const [i, a] of demoAssessments.entries()) {
    const id = newId();
    assessmentIds.set(a.name, id);
    await assessmentsRepository.insert(db, {
      id,
      organisationId,
      name: a.name,
      dueDate: a.dueDate,
      status: AssessmentStatus.NEW,
      creatorId: creator.id,
      // Three days apart, the first oldest: the lists show them newest first, and the demo
      // responses (seedResponses) can be started, submitted and judged in between.
      at: new Date(base - (demoAssessments.length - i) * 3 * DAY_MS),
    });
    await assessmentsRepository.writeSections(db, id, a.sections);
    await assessmentsRepository.writeContractors(db, id, a.contractors.filter((c): c is string => c !== undefined));
    await assessmentsRepository.appendTimeline(db, { assessmentId: id, actorId: creator.id, actorName: creator.name, status: AssessmentStatus.NEW, action: 'created' });
  }
  return { assessmentIds };
}
