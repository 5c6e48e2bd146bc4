import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from './audit.actions';
import { actionLabel } from './audit.labels';
import { auditDetails, auditSentence, detailLine, type AuditFacts } from './audit.sentences';

const U1 = '0b7f7d2e-4a4c-4c1e-9a53-2f0c8e4b1a10';
const U2 = '6a1d3c55-8f2e-4b7a-b1c4-9e2d7f3a5c21';
const U3 = '9c3e5a77-1b4d-4e6f-8a2c-3d5f7b9e1c43';
const PATH = `responses/${U1}/${U2}/Ab3xZ_site_plan.pdf`;
const FILE = { fileName: 'Ab3xZ_site_plan.pdf', filePath: PATH, fileLink: `/api/files/${PATH}`, fileSize: 2048, fileType: 'application/pdf' };
const ACCOUNT = { name: 'Acme Scaffolding', email: 'ops@acme.test', contactPersonName: 'Ann Lee', location: 'Leith', code: 'AC1', phone: '+441312000000', isActive: true, deletedAt: null };
const EMPLOYEE = { name: 'Sam Hill', email: 'sam@acme.test', phone: null, code: 'E1', contractorId: U1, organisationId: U2, isActive: true };
const TREE = {
  name: 'Fire Safety Inspection',
  dueDate: '2026-05-12',
  status: 'NEW',
  contractors: [U1, U2],
  sections: [
    { category: U1, totalMarks: 30, factors: ['environment'], questions: [{ question: U2, answerType: 'yesNo', options: [] }, { question: U3, answerType: 'numeric', options: [] }] },
    { category: U2, totalMarks: 20, factors: [], questions: [{ question: U3, answerType: 'shortAnswer', options: [] }] },
  ],
};
const SNAPSHOT = { status: 'SUBMITTED', assessmentId: U1, contractorId: U2, answered: 12, totalQuestions: 12, completeSections: 3, lastAccessTime: '2026-01-02T03:04:05.000Z' };

/**
 * Every action the server writes, with a before and after of the shape its service writes, and
 * the sentence it reads as. A new action is a type error here until it has its sample.
 */
const SAMPLES = {
  'contractor.create': [{ before: null, after: ACCOUNT }, 'Added contractor Acme Scaffolding'],
  'contractor.edit': [{ before: ACCOUNT, after: { ...ACCOUNT, location: 'Portobello', phone: '+441312000001' } }, 'Edited contractor Acme Scaffolding: location, phone'],
  'contractor.disable': [{ before: { isActive: true, name: 'Acme Scaffolding' }, after: { isActive: false, name: 'Acme Scaffolding' } }, 'Disabled contractor Acme Scaffolding'],
  'contractor.enable': [{ before: { isActive: false }, after: { isActive: true } }, 'Enabled contractor'],
  'contractor.unlink': [{ before: { assoc_companies: [U1, U2], name: 'Acme Scaffolding' }, after: { assoc_companies: [U1], name: 'Acme Scaffolding' } }, 'Removed contractor Acme Scaffolding from this organisation'],
  'contractor.delete': [{ before: ACCOUNT, after: { ...ACCOUNT, deletedAt: '2026-01-02T03:04:05.000Z' } }, 'Deleted contractor Acme Scaffolding'],
  'contractor.image': [{ before: null, after: { ...FILE, fileName: 'Zx9Qa_logo.png', filePath: `profiles/${U1}/Zx9Qa_logo.png` } }, 'Changed the profile image of contractor to logo.png'],
  'tpi.create': [{ before: null, after: { ...ACCOUNT, name: 'Alex Auditor' } }, 'Added auditor Alex Auditor'],
  'tpi.edit': [{ before: ACCOUNT, after: { ...ACCOUNT, email: 'new@acme.test' } }, 'Edited auditor Acme Scaffolding: e-mail'],
  'tpi.disable': [{ before: { isActive: true }, after: { isActive: false } }, 'Disabled auditor'],
  'tpi.enable': [{ before: { isActive: false }, after: { isActive: true } }, 'Enabled auditor'],
  'tpi.unlink': [{ before: { assoc_companies: [U1, U2] }, after: { assoc_companies: [U1] } }, 'Removed auditor from this organisation'],
  'tpi.delete': [{ before: ACCOUNT, after: ACCOUNT }, 'Deleted auditor Acme Scaffolding'],
  'tpi.image': [{ before: FILE, after: FILE }, 'Changed the profile image of auditor to site_plan.pdf'],
  'employee.create': [{ before: null, after: { ...EMPLOYEE, bulk: true } }, 'Added employee Sam Hill from a CSV upload'],
  'employee.edit': [{ before: EMPLOYEE, after: { ...EMPLOYEE, name: 'Sam Hills' } }, 'Edited employee Sam Hills: name'],
  'employee.disable': [{ before: { isActive: true }, after: { isActive: false } }, 'Disabled employee'],
  'employee.enable': [{ before: { isActive: false }, after: { isActive: true } }, 'Enabled employee'],
  'profile.update': [{ before: { name: 'Ann', phone: null, location: 'Leith' }, after: { name: 'Ann', location: 'Portobello' } }, 'Updated their profile: location'],
  'profile.image': [{ before: null, after: FILE }, 'Changed their profile image to site_plan.pdf'],
  'profile.preferences': [{ before: { emailNotifications: true }, after: { emailNotifications: false } }, 'Turned e-mail notifications off'],
  'profile.language': [{ before: { language: null }, after: { language: 'hi' } }, 'Changed their language to हिन्दी'],
  'password.set': [{ before: null, after: null }, 'Set their password from the invitation'],
  'password.reset': [{ before: null, after: null }, 'Reset their password'],
  'password.change': [{ before: null, after: null }, 'Changed their password'],
  'sessions.signOutOthers': [{ before: null, after: null }, 'Signed out of all other devices'],
  'sessions.revoke': [{ before: { device: 'Chrome 120 on Windows 10' }, after: null }, 'Signed out a session (Chrome 120 on Windows 10)'],
  'twoFactor.enable': [{ before: null, after: null }, 'Turned two-factor authentication on'],
  'twoFactor.disable': [{ before: null, after: null }, 'Turned two-factor authentication off'],
  'twoFactor.reset': [{ before: { name: 'Alex Auditor' }, after: null }, 'Reset the two-factor authentication of Alex Auditor'],
  'organisation.export': [{ before: null, after: { exportId: 'e1' } }, "Asked for an export of all the organisation's data"],
  'organisation.security': [{ before: { requireTwoFactor: false }, after: { requireTwoFactor: true } }, 'Required two-factor authentication for administrators and auditors'],
  'organisation.timeZone': [{ before: { timeZone: null }, after: { timeZone: 'Asia/Kolkata' } }, "Set the organisation's time zone to Kolkata, Asia"],
  'notification.preference': [{ before: null, after: { kind: 'chat_unread', email: true } }, 'Turned e-mails on for: Chat messages you have not read'],
  'notification.unsubscribe': [{ before: null, after: { kind: 'overdue', email: false } }, 'Unsubscribed from e-mails for: An assessment is overdue'],
  'category.create': [{ before: null, after: { name: 'Fire Safety' } }, 'Added category "Fire Safety"'],
  'category.edit': [{ before: { name: 'Fire' }, after: { name: 'Fire Safety' } }, 'Renamed category "Fire" to "Fire Safety"'],
  'question.create': [{ before: null, after: { questText: 'Are extinguishers inspected monthly?', bulk: true } }, 'Added question "Are extinguishers inspected monthly?" from a CSV upload'],
  'question.edit': [{ before: { questText: 'Old' }, after: { questText: 'x'.repeat(80) } }, `Edited question "${'x'.repeat(59)}…"`],
  'assessment.create': [{ before: null, after: TREE }, 'Created assessment "Fire Safety Inspection" (2 sections, 3 questions, shared with 2 contractors)'],
  'assessment.edit': [{ before: TREE, after: { ...TREE, dueDate: '2026-06-01', contractors: [U1] } }, 'Edited assessment "Fire Safety Inspection": due date 01/06/2026, shared with 1 contractor'],
  'assessment.delete': [{ before: TREE, after: null }, 'Deleted assessment "Fire Safety Inspection"'],
  'response.create': [
    { before: null, after: { assessmentId: U1, contractorId: U2, status: 'PENDING', sections: 3, questions: 12, assessmentStatus: { before: 'NEW', after: 'PENDING' } } },
    'Started the response (12 questions in 3 sections)',
  ],
  'response.saveSection': [
    {
      before: { sectionId: U1, questions: [{ id: U2, answer: null, attachments: [], answerStatus: 'UNANSWERED', assessStatus: 'NONE' }] },
      after: { sectionId: U1, questions: [{ id: U2, answer: { yesNo: 'YES' }, attachments: [PATH], answerStatus: 'ANSWERED', assessStatus: 'NONE' }, { id: U3 }], answered: 5, completeSections: 1, totalSections: 3 },
    },
    'Saved 2 answers; 1 of 3 sections complete',
  ],
  'response.uploadAttachment': [{ before: null, after: { ...FILE, questionId: U3 } }, 'Attached site_plan.pdf'],
  'response.deleteAttachment': [{ before: { sectionId: U1, questionId: U2, filePath: PATH, attached: true }, after: null }, 'Removed site_plan.pdf'],
  'response.uploadAuditorAttachment': [{ before: null, after: { ...FILE, questionId: U3 } }, "Attached the auditor's file site_plan.pdf"],
  'response.deleteAuditorAttachment': [{ before: { questionId: U2, filePath: PATH }, after: null }, "Removed the auditor's file site_plan.pdf"],
  'response.reviewSection': [
    {
      before: { sectionId: U1, questions: [{ id: U1, assessStatus: 'NONE', remarks: null }, { id: U2, assessStatus: 'NONE', remarks: null }, { id: U3, assessStatus: 'NONE', remarks: null }], scoredMarks: null },
      after: {
        sectionId: U1,
        section: 'Fire Safety',
        questions: [{ id: U1, assessStatus: 'ACCEPTED', remarks: null }, { id: U2, assessStatus: 'ACCEPTED', remarks: null }, { id: U3, assessStatus: 'REJECTED', remarks: 'Sign it' }],
        scoredMarks: 20,
        totalMarks: 30,
        judged: 3,
        rejected: 1,
      },
    },
    'Accepted 2 questions, rejected 1, scored 20/30 in Fire Safety',
  ],
  'response.changeStatus': [
    { before: SNAPSHOT, after: { status: 'COMPLETED', isDueDateExtended: false, newDueDate: null, scored: 45, total: 60 } },
    'Completed the response, scored 45/60',
  ],
  'response.edit': [{ before: { isDueDateExtended: false, newDueDate: null }, after: { isDueDateExtended: true, newDueDate: '2026-05-26' } }, 'Extended the due date to 26/05/2026'],
  'response.assignAuditor': [{ before: { assignedAuditorId: null }, after: { assignedAuditorId: U1, auditorName: 'Alex Auditor' } }, 'Assigned auditor Alex Auditor'],
  'chat.sendMessage': [{ before: null, after: { responseId: U1, questionId: U2, file: PATH } }, 'Sent a chat message with site_plan.pdf'],
  'observation.create': [{ before: null, after: { srno: 12, category: 'Unsafe Act', contractorId: U1, reportedAt: '2026-01-02T03:04:05.000Z' } }, 'Reported observation 12 (Unsafe Act)'],
  'observation.rcaStatus': [
    { before: { status: 1, action: 0, rootCauseAnalysis: null }, after: { status: 2, action: 1, rootCauseAnalysis: 'Ladder tied off' } },
    'Set the observation to Accepted and wrote a comment',
  ],
  'document.create': [{ before: null, after: { title: 'HSE Policy', description: 'Signed', attachments: [PATH, PATH] } }, 'Published policy document "HSE Policy" with 2 files'],
  'document.edit': [{ before: { title: 'HSE', description: '', attachments: [] }, after: { title: 'HSE Policy', description: '', attachments: [PATH] } }, 'Edited policy document "HSE Policy"'],
  'document.delete': [{ before: { title: 'HSE Policy', description: '', attachments: [PATH] }, after: null }, 'Deleted policy document "HSE Policy"'],
  'feedback.create': [{ before: null, after: { feedbackText: 'Great', attachments: [PATH] } }, 'Sent feedback with 1 file'],
  'feedback.delete': [{ before: { _id: U1, feedbackText: 'Great', attachments: [FILE] }, after: null }, 'Deleted feedback'],
  'learning.upload': [
    { before: null, after: { topic: 'Safety', subcat: 'Ladders', title: 'Ladder basics', type: 3, rewards: 10, totaltime: 5, item_url: null, filename: null } },
    'Added learning document "Ladder basics" (PDF) under Ladders',
  ],
  'learning.uploadFile': [{ before: null, after: { file: PATH, size: 2048 } }, 'Uploaded the file of a learning document: site_plan.pdf (2 KB)'],
  'learning.addCategory': [{ before: null, after: { kind: 'subcategory', name: 'Ladders' } }, 'Added learning sub-category "Ladders"'],
  'notice.create': [{ before: null, after: { topic: 'Notices', subcat: '', title: 'Site closed Friday', type: 4, item_url: 'https://youtu.be/x' } }, 'Published notice "Site closed Friday" (Youtube Link)'],
  'compliance.createRequirement': [{ before: null, after: { name: 'Public liability insurance', mandatory: true, expires: true, reminderDays: [60, 30], reviewer: 'BOTH' } }, 'Added compliance requirement "Public liability insurance"'],
  'compliance.updateRequirement': [{ before: { name: 'PL insurance' }, after: { name: 'Public liability insurance' } }, 'Edited compliance requirement "Public liability insurance"'],
  'compliance.retireRequirement': [{ before: { name: 'Trade licence' }, after: { retired: true } }, 'Retired compliance requirement "Trade licence"'],
  'compliance.upload': [{ before: null, after: { requirement: 'ISO 45001 certificate', contractor: 'Acme Scaffolding', issueDate: '2026-01-02', expiryDate: '2027-01-01', reference: 'C-1' } }, 'Uploaded a compliance document for ISO 45001 certificate of Acme Scaffolding'],
  'compliance.accept': [{ before: null, after: { requirement: 'Trade licence', contractor: 'Acme Scaffolding', remark: '' } }, 'Accepted the compliance document for Trade licence of Acme Scaffolding'],
  'compliance.reject': [{ before: null, after: { requirement: 'Trade licence', contractor: 'Acme Scaffolding', remark: 'Unsigned' } }, 'Rejected the compliance document for Trade licence of Acme Scaffolding: Unsigned'],
  'sso.configure': [{ before: null, after: { issuer: 'https://login.example.com', clientId: 'palisade', domains: ['example.com'], requireSso: true } }, 'Set up single sign-on with login.example.com'],
  'sso.remove': [{ before: { issuer: 'https://login.example.com' }, after: null }, 'Removed single sign-on'],
} satisfies Record<AuditAction, [Omit<AuditFacts, 'action' | 'entity'>, string]>;

const ENTITY: Record<string, string> = {
  contractor: 'user', tpi: 'user', employee: 'user', profile: 'user', password: 'user', sessions: 'user', notification: 'user',
  category: 'assess_category', question: 'question', assessment: 'assessment', response: 'response', chat: 'chat_message',
  observation: 'observation', document: 'policy_document', compliance: 'compliance_document', feedback: 'feedback', learning: 'learning_document', notice: 'learning_document',
};
const facts = (action: AuditAction, data: Omit<AuditFacts, 'action' | 'entity'>): AuditFacts => ({
  action,
  entity: action === 'learning.addCategory' ? 'learning_category' : (ENTITY[action.split('.')[0] ?? ''] ?? 'user'),
  ...data,
});

/** What a person should never read: JSON, ids, storage paths, bare codes. */
function expectReadable(text: string): void {
  expect(text).not.toMatch(/[{}[\]]/);
  expect(text).not.toContain('"id"');
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
  // A '/' only in a score (20/30) or a day (26/05/2026), never in a path.
  expect(text.replace(/\b\d{2}\/\d{2}\/\d{4}\b/g, '').replace(/\b\d+\/\d+\b/g, '')).not.toContain('/');
  expect(text).not.toMatch(/Ab3xZ_|Zx9Qa_/);
  // No code as a value ("type: 3", "status 2"), no raw status constant.
  expect(text).not.toMatch(/:\s*\d+\b(?!\s*(KB|bytes|MB))/);
  expect(text).not.toMatch(/\b(type|status|action)\s*:?\s*\d/i);
  expect(text).not.toMatch(/\b(SUBMITTED|COMPLETED|REASSESSMENT|PENDING|ACCEPTED|REJECTED|NONE|UNANSWERED|ANSWERED)\b/);
  expect(text).not.toMatch(/undefined|null|NaN|\[object/);
}

describe('auditSentence', () => {
  it('has a sentence for every action the server writes', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      const [data, expected] = SAMPLES[action];
      const sentence = auditSentence(facts(action, data));
      expect(sentence, action).toBe(expected);
      expect(sentence, action).not.toBe(actionLabel(action));
      expectReadable(sentence);
    }
  });

  it('reads every action without its before and after (a row whose fields are missing)', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const data of [{ before: null, after: null }, { before: 'x', after: [1, 2] }, { before: { status: 7 }, after: { status: { a: 1 }, type: 99 } }]) {
        const sentence = auditSentence(facts(action, data));
        expect(sentence.length, action).toBeGreaterThan(3);
        expect(sentence, action).not.toBe(actionLabel(action));
        expectReadable(sentence);
      }
    }
  });

  it('says what a status change did, with its score and due date', () => {
    const change = (before: unknown, after: unknown) => auditSentence({ action: 'response.changeStatus', entity: 'response', before, after });
    expect(change({ status: 'PENDING' }, { status: 'SUBMITTED' })).toBe('Submitted the response');
    expect(change({ status: 'SUBMITTED', newDueDate: null }, { status: 'REASSESSMENT', newDueDate: '2026-05-26' })).toBe(
      'Sent the response back for reassessment, due date extended to 26/05/2026',
    );
    expect(change({ status: 'X' }, { status: 'PENDING' })).toBe('Changed the status to Pending');
  });

  it('names each part of a section review', () => {
    const review = (before: unknown, after: unknown) => auditSentence({ action: 'response.reviewSection', entity: 'response', before, after });
    const q = (id: string, assessStatus: string, remarks: string | null = null) => ({ id, assessStatus, remarks });
    expect(review({ questions: [q(U1, 'ACCEPTED')], scoredMarks: null }, { questions: [q(U1, 'ACCEPTED', 'ok')], scoredMarks: null })).toBe('Wrote remarks on 1 question');
    expect(review({ questions: [q(U1, 'REJECTED')] }, { questions: [q(U1, 'NONE')] })).toBe('Took back the judgement of 1 question');
    expect(review({ questions: [], scoredMarks: 10 }, { questions: [], scoredMarks: 12 })).toBe('Scored 12');
    expect(review({ questions: [], scoredMarks: 10 }, { questions: [], scoredMarks: null })).toBe('Cleared the score');
    expect(review({ questions: [q(U1, 'NONE'), q(U2, 'NONE')] }, { questions: [q(U1, 'REJECTED'), q(U2, 'REJECTED')] })).toBe('Rejected 2 questions');
  });

  it('reads an action it does not know as its label', () => {
    expect(auditSentence({ action: 'widget.frobnicate', entity: 'widget', before: null, after: null })).toBe('Widget: frobnicate');
  });
});

describe('auditDetails', () => {
  it('lists fields by name with their values as names, never ids, paths or JSON', () => {
    for (const action of AUDIT_ACTIONS) {
      const [data] = SAMPLES[action];
      for (const d of auditDetails(facts(action, data))) {
        const line = detailLine(d);
        expect(line, action).not.toMatch(/[{}[\]]/);
        expect(line, action).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
        expect(line, action).not.toMatch(/Ab3xZ_|responses\//);
        expect(line, action).not.toMatch(/\b(SUBMITTED|COMPLETED|PENDING)\b/);
      }
    }
  });

  it('shows an edit as what changed, with names for codes', () => {
    const lines = (action: AuditAction, entity: string, before: unknown, after: unknown) =>
      auditDetails({ action, entity, before, after }).map(detailLine);
    expect(lines('response.changeStatus', 'response', SAMPLES['response.changeStatus'][0].before, SAMPLES['response.changeStatus'][0].after)).toEqual([
      'Status: Submitted → Completed',
      'Extended due date: —',
      'Due date extended: No',
      'Questions answered: 12',
      'Questions: 12',
      'Sections complete: 3',
      'Score: 45',
      'Total marks: 60',
      'Last activity: 02/01/2026',
    ]);
    expect(lines('observation.rcaStatus', 'observation', { status: 1, action: 0, rootCauseAnalysis: null }, { status: 2, action: 1, rootCauseAnalysis: 'Tied off' })).toEqual([
      'Status: Submitted → Accepted',
      'Action: — → Accept',
      'Comment: — → Tied off',
    ]);
    // Section first, whatever order the database gives the keys in.
    expect(lines('response.reviewSection', 'response', { scoredMarks: null, sectionId: U1 }, { totalMarks: 10, scoredMarks: 8, section: 'PPE', sectionId: U1 })).toEqual([
      'Section: PPE',
      'Score: — → 8',
      'Total marks: 10',
    ]);
    expect(lines('learning.upload', 'learning_document', null, { title: 'Ladders', type: 3 })).toEqual(['Title: Ladders', 'Type: PDF']);
    expect(lines('profile.update', 'user', { location: 'Leith', name: 'A' }, { location: 'Portobello', name: 'A' })).toEqual(['Location: Leith → Portobello']);
    expect(lines('document.create', 'policy_document', null, { attachments: [PATH] })).toEqual(['Attachments: site_plan.pdf']);
  });
});
