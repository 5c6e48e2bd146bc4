import { localised } from '../i18n/catalogue';
/** The catalogue's `feedback` texts (messages.ts holds them as `messages.feedback`). */
export const feedbackMessages = localised('feedbackMessages', {
  added: 'Feedback Added Successfully',
  // Give Feedback modal and the organisation's Feedback page (foundation-and-contractor §2, §5;
  // company-and-auditor §2.9).
  giveFeedback: 'Give Feedback',
  textLabel: 'Your feedback',
  textRequired: 'Feedback text is required',
  textTooLong: (max: number) => `Feedback must be at most ${max} characters`,
  attach: 'Attach files',
  tooManyFiles: (max: number) => `At most ${max} files a feedback`,
  removeFile: (name: string) => `Remove ${name}`,
  submit: 'Submit',
  cancel: 'Cancel',
  title: 'Feedback',
  srNo: 'Sr.No',
  date: 'Date',
  company: 'Company',
  description: 'Description',
  attachments: 'Attachments',
  actions: 'Actions',
  noAttachments: 'None',
  empty: 'No feedback yet',
  deleteLabel: (company: string) => `Delete feedback of ${company}`,
  confirmDelete: (company: string) => `Are you sure,You want to delete the feedback of ${company}?`,
  deleted: 'Feedback Deleted Successfully',
  notFound: 'Feedback not found',
  noOrganisation: 'Choose an organisation first',
  openAttachment: (name: string) => `Open ${name}`,
} as const);
