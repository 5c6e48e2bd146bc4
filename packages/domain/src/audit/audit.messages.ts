import { localised } from '../i18n/catalogue';
/** Texts of the organisation's Activity page and of a response's history panel (#23). */
export const auditMessages = localised('auditMessages', {
  title: 'Activity',
  when: 'When',
  who: 'Who',
  action: 'Action',
  what: 'What',
  open: 'Open',
  link: 'Link',
  rangeBackwards: 'To must not be before From',
  openLabel: (what: string) => `Open ${what}`,
  person: 'Person',
  anyone: 'Anyone',
  entityKind: 'Kind',
  anyKind: 'Any kind',
  from: 'From',
  to: 'To',
  clear: 'Clear filters',
  exportCsv: 'Export CSV',
  empty: 'No activity matches these filters',
  system: 'System',
  historyTitle: 'History',
  historyEmpty: 'No history yet',
  changes: 'Changes',
  /** The export's columns: the sentence (Summary) comes last, after the columns it always had. */
  csvHeader: ['When', 'Who', 'Role', 'Action', 'Kind', 'Object id', 'Before', 'After', 'Summary'] as const,
  details: 'Details',
  yes: 'Yes',
  no: 'No',
  none: '—',
  /** A list in a details line: how many it holds. */
  items: (n: number) => (n === 1 ? '1 item' : `${n} items`),
  entities: {
    user: 'Account',
    assessment: 'Assessment',
    assess_category: 'Category',
    question: 'Question',
    response: 'Response',
    observation: 'Observation',
    policy_document: 'Policy document',
    feedback: 'Feedback',
    learning_document: 'Learning document',
    learning_category: 'Learning category',
    chat_message: 'Chat message',
    compliance_requirement: 'Compliance requirement',
    compliance_document: 'Compliance document',
  },
  /** Field names of a row's before and after, as the Details lines name them. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
  fields: {
    section: 'Section',
    status: 'Status',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    location: 'Location',
    code: 'Code',
    contactPersonName: 'Contact person',
    isActive: 'Active',
    deletedAt: 'Deleted',
    dueDate: 'Due date',
    newDueDate: 'Extended due date',
    isDueDateExtended: 'Due date extended',
    contractors: 'Contractors',
    sections: 'Sections',
    questions: 'Questions',
    answered: 'Questions answered',
    totalQuestions: 'Questions',
    completeSections: 'Sections complete',
    totalSections: 'Sections',
    scoredMarks: 'Score',
    totalMarks: 'Total marks',
    scored: 'Score',
    total: 'Total marks',
    judged: 'Questions judged in the response',
    rejected: 'Questions rejected in the response',
    lastAccessTime: 'Last activity',
    assessmentStatus: 'Assessment status',
    auditorName: 'Auditor',
    attachments: 'Attachments',
    attached: 'Attached',
    file: 'File',
    fileName: 'File',
    filePath: 'File',
    filename: 'File',
    fileSize: 'Size',
    size: 'Size',
    fileType: 'File type',
    title: 'Title',
    description: 'Description',
    feedbackText: 'Feedback',
    questText: 'Question',
    category: 'Category',
    srno: 'Number',
    reportedAt: 'Reported',
    action: 'Action',
    rootCauseAnalysis: 'Comment',
    kind: 'Kind',
    emailNotifications: 'E-mail notifications',
    topic: 'Category',
    subcat: 'Sub-category',
    type: 'Type',
    rewards: 'Rewards',
    totaltime: 'Duration',
    item_url: 'Link',
    bulk: 'From a CSV upload',
    assoc_companies: 'Organisations',
  } as Record<string, string>,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
  learningCategoryKinds: { category: 'Category', subcategory: 'Sub-category' } as Record<string, string>,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
  observationActions: { 1: 'Accept', 2: 'Reject', 3: 'Mark as duplicate' } as Record<number, string>,
  /**
   * One sentence per action (auditSentence), without its subject: the Who column names the
   * person. Names, counts and file names only: never ids, storage paths or codes.
   */
  sentences: {
    accountCreated: (kind: string, name: string | null, bulk: boolean) =>
      `Added ${kind}${name ? ` ${name}` : ''}${bulk ? ' from a CSV upload' : ''}`,
    accountEdited: (kind: string, name: string | null, fields: string[]) =>
      `Edited ${kind}${name ? ` ${name}` : ''}${fields.length > 0 ? `: ${fields.join(', ').toLowerCase()}` : ''}`,
    accountDisabled: (kind: string, name: string | null) => `Disabled ${kind}${name ? ` ${name}` : ''}`,
    accountEnabled: (kind: string, name: string | null) => `Enabled ${kind}${name ? ` ${name}` : ''}`,
    accountUnlinked: (kind: string, name: string | null) => `Removed ${kind}${name ? ` ${name}` : ''} from this organisation`,
    accountDeleted: (kind: string, name: string | null) => `Deleted ${kind}${name ? ` ${name}` : ''}`,
    accountImage: (kind: string, name: string | null, file: string | null) =>
      `Changed the profile image of ${kind}${name ? ` ${name}` : ''}${file ? ` to ${file}` : ''}`,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
    accountKinds: { contractor: 'contractor', tpi: 'auditor', employee: 'employee' } as Record<string, string>,
    profileUpdated: (fields: string[]) => `Updated their profile${fields.length > 0 ? `: ${fields.join(', ').toLowerCase()}` : ''}`,
    profileImage: (file: string | null) => `Changed their profile image${file ? ` to ${file}` : ''}`,
    emailsOn: 'Turned e-mail notifications on',
    languageChanged: (language: string) => `Changed their language to ${language}`,
    emailsOff: 'Turned e-mail notifications off',
    passwordSet: 'Set their password from the invitation',
    passwordReset: 'Reset their password',
    passwordChanged: 'Changed their password',
    signedOutOthers: 'Signed out of all other devices',
    sessionRevoked: (device: string | null) => `Signed out a session${device ? ` (${device})` : ''}`,
    twoFactorOn: 'Turned two-factor authentication on',
    organisationExported: "Asked for an export of all the organisation's data",
    twoFactorOff: 'Turned two-factor authentication off',
    twoFactorReset: (name: string | null) => `Reset the two-factor authentication of ${name ?? 'a user'}`,
    twoFactorRequired: (on: boolean) => `${on ? 'Required' : 'Stopped requiring'} two-factor authentication for administrators and auditors`,
    timeZoneSet: (from: string | null, to: string | null) => `Set the organisation's time zone${from ? ` from ${from}` : ''} to ${to ?? 'UTC'}`,
    notificationEmail: (label: string | null, on: boolean) =>
      `Turned e-mails ${on ? 'on' : 'off'}${label ? ` for: ${label}` : ''}`,
    unsubscribed: (label: string | null) => `Unsubscribed from e-mails${label ? ` for: ${label}` : ''}`,
    categoryCreated: (name: string | null) => `Added category${name ? ` "${name}"` : ''}`,
    categoryRenamed: (from: string | null, to: string | null) =>
      from && to ? `Renamed category "${from}" to "${to}"` : `Renamed category${to ? ` to "${to}"` : ''}`,
    questionCreated: (text: string | null, bulk: boolean) =>
      `Added question${text ? ` "${text}"` : ''}${bulk ? ' from a CSV upload' : ''}`,
    questionEdited: (text: string | null) => `Edited question${text ? ` "${text}"` : ''}`,
    assessmentCreated: (name: string | null, sections: number, questions: number, contractors: number) =>
      `Created assessment${name ? ` "${name}"` : ''} (${count(sections, 'section')}, ${count(questions, 'question')}, shared with ${count(contractors, 'contractor')})`,
    assessmentEdited: (name: string | null, changes: string[]) =>
      `Edited assessment${name ? ` "${name}"` : ''}${changes.length > 0 ? `: ${changes.join(', ')}` : ''}`,
    assessmentDeleted: (name: string | null) => `Deleted assessment${name ? ` "${name}"` : ''}`,
    assessmentChanges: {
      name: 'name',
      dueDate: (day: string | null) => (day ? `due date ${day}` : 'due date'),
      sharedWith: (n: number) => `shared with ${count(n, 'contractor')}`,
      sections: (sections: number, questions: number) => `${count(sections, 'section')}, ${count(questions, 'question')}`,
    },
    responseStarted: (questions: number | null, sections: number | null) =>
      `Started the response${questions !== null && sections !== null ? ` (${count(questions, 'question')} in ${count(sections, 'section')})` : ''}`,
    answersSaved: (answers: number, complete: number | null, sections: number | null) =>
      `Saved ${count(answers, 'answer')}${complete !== null && sections !== null ? `; ${complete} of ${count(sections, 'section')} complete` : ''}`,
    fileAttached: (file: string | null) => `Attached ${file ?? 'a file'}`,
    fileRemoved: (file: string | null) => `Removed ${file ?? 'a file'}`,
    auditorFileAttached: (file: string | null) => `Attached the auditor's file ${file ?? ''}`.trimEnd(),
    auditorFileRemoved: (file: string | null) => `Removed the auditor's file ${file ?? ''}`.trimEnd(),
    /** "Accepted 2 questions, rejected 1, scored 20/30" (in a section, when named). */
    reviewed: (parts: string[], section: string | null) =>
      `${parts.join(', ') || 'Reviewed the section'}${section ? ` in ${section}` : ''}`,
    reviewParts: {
      accepted: (n: number, first: boolean) => (first ? `Accepted ${count(n, 'question')}` : `accepted ${n}`),
      rejected: (n: number, first: boolean) => (first ? `Rejected ${count(n, 'question')}` : `rejected ${n}`),
      reset: (n: number, first: boolean) => (first ? `Took back the judgement of ${count(n, 'question')}` : `took back ${n}`),
      remarks: (n: number, first: boolean) => (first ? `Wrote remarks on ${count(n, 'question')}` : `remarks on ${n}`),
      scored: (scored: number, total: number | null, first: boolean) =>
        `${first ? 'Scored' : 'scored'} ${scored}${total !== null ? `/${total}` : ''}`,
      scoreCleared: (first: boolean) => (first ? 'Cleared the score' : 'cleared the score'),
    },
    submitted: 'Submitted the response',
    sentBack: 'Sent the response back for reassessment',
    completed: 'Completed the response',
    statusChanged: (from: string | null, to: string | null) =>
      from && to ? `Changed the status from ${from} to ${to}` : `Changed the status${to ? ` to ${to}` : ''}`,
    withScore: (sentence: string, scored: number, total: number) => `${sentence}, scored ${scored}/${total}`,
    withDueDate: (sentence: string, day: string) => `${sentence}, due date extended to ${day}`,
    dueDateExtended: (day: string) => `Extended the due date to ${day}`,
    dueDateCleared: 'Removed the due date extension',
    auditorAssigned: (name: string | null) => (name ? `Assigned auditor ${name}` : 'Assigned an auditor'),
    auditorRemoved: 'Removed the assigned auditor',
    chatSent: (file: string | null) => `Sent a chat message${file ? ` with ${file}` : ''}`,
    observationReported: (srno: number | null, category: string | null) =>
      `Reported observation${srno !== null ? ` ${srno}` : ''}${category ? ` (${category})` : ''}`,
    observationStatus: (status: string | null, comment: boolean) =>
      [status ? `Set the observation to ${status}` : null, comment ? (status ? 'wrote a comment' : 'Wrote a comment on the observation') : null]
        .filter((p) => p !== null)
        .join(' and ') || 'Reviewed the observation',
    documentCreated: (title: string | null, files: number) =>
      `Published policy document${title ? ` "${title}"` : ''}${files > 0 ? ` with ${count(files, 'file')}` : ''}`,
    documentEdited: (title: string | null) => `Edited policy document${title ? ` "${title}"` : ''}`,
    documentDeleted: (title: string | null) => `Deleted policy document${title ? ` "${title}"` : ''}`,
    feedbackSent: (files: number) => `Sent feedback${files > 0 ? ` with ${count(files, 'file')}` : ''}`,
    feedbackDeleted: 'Deleted feedback',
    learningAdded: (title: string | null, type: string | null, topic: string | null) =>
      `Added learning document${title ? ` "${title}"` : ''}${type ? ` (${type})` : ''}${topic ? ` under ${topic}` : ''}`,
    learningFile: (file: string | null, size: string | null) =>
      `Uploaded the file of a learning document${file ? `: ${file}` : ''}${size ? ` (${size})` : ''}`,
    learningCategory: (kind: string | null, name: string | null) =>
      `Added learning ${kind ? kind.toLowerCase() : 'category'}${name ? ` "${name}"` : ''}`,
    ssoConfigured: (issuer: string | null) => `Set up single sign-on${issuer ? ` with ${issuer}` : ''}`,
    ssoRemoved: 'Removed single sign-on',
    requirementCreated: (name: string | null) => `Added compliance requirement${name ? ` "${name}"` : ''}`,
    requirementUpdated: (name: string | null) => `Edited compliance requirement${name ? ` "${name}"` : ''}`,
    requirementRetired: (name: string | null) => `Retired compliance requirement${name ? ` "${name}"` : ''}`,
    complianceUploaded: (requirement: string | null, contractor: string | null) =>
      `Uploaded a compliance document${requirement ? ` for ${requirement}` : ''}${contractor ? ` of ${contractor}` : ''}`,
    complianceAccepted: (requirement: string | null, contractor: string | null) =>
      `Accepted the compliance document${requirement ? ` for ${requirement}` : ''}${contractor ? ` of ${contractor}` : ''}`,
    complianceRejected: (requirement: string | null, contractor: string | null, remark: string | null) =>
      `Rejected the compliance document${requirement ? ` for ${requirement}` : ''}${contractor ? ` of ${contractor}` : ''}${remark ? `: ${remark}` : ''}`,
    noticePublished: (title: string | null, type: string | null) =>
      `Published notice${title ? ` "${title}"` : ''}${type ? ` (${type})` : ''}`,
  },
});

/** "1 question", "3 questions". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
