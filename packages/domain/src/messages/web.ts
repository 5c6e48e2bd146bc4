import { localised } from '../i18n/catalogue';
/** Texts of the web client's own (shells, profile pages, placeholders of later screens). */
export const webMessages = localised('webMessages', {
  noWebAccess: 'This account cannot use the web portal.',
  welcome: (name: string) => `Welcome, ${name}`,
  resetPasswordFor: (email: string) => `Choose a new password for ${email}`,
  mainNavigation: 'Main navigation',
  menu: 'Menu',
  openProfile: 'Open profile',
  profilePicture: 'Profile picture',
  profileImageHelp: 'JPG or PNG, up to 10MB',
  profileDetails: 'Details',
  editProfile: 'Edit details',
  phoneHelp: '10 digits',
  notProvided: 'Not provided',
  reload: 'Reload',
  titles: {
    observation: 'Observation',
    observationDetail: 'Observation Details',
    learning: 'Learning',
    engagement: 'Engagement',
    feedback: 'Feedback',
    companies: 'Companies',
    categories: 'Categories',
    checklist: 'Checklist',
    addAssessment: 'Add Assessment',
    editAssessment: 'Edit Assessment',
    viewAssessment: 'View Assessment',
    addAuditor: 'Add Auditor',
    viewAuditor: 'View Auditor',
    editAuditor: 'Edit Auditor',
    addCompany: 'Add Company',
    viewCompany: 'View Company',
    editCompany: 'Edit Company',
  },
  /** The chat dialog of a checklist question and its button (realtime chat issue). */
  chat: {
    messagesLabel: 'Messages',
    loadEarlier: 'Load earlier',
    noMessages: 'No messages yet. Ask or answer about this question here.',
    inputLabel: 'Message',
    inputPlaceholder: 'Type a message',
    sendHint: 'Enter sends, Shift+Enter starts a new line',
    attach: 'Attach a file',
    attachHelp: 'Images, PDF, Word, Excel, PowerPoint or CSV, up to 10MB',
    removeFile: (name: string) => `Remove ${name}`,
    send: 'Send',
    close: 'Close chat',
    download: (name: string) => `Download ${name}`,
    senderTypes: { ORGANIZATION: 'Organisation', COMPANY: 'Company', AUDITOR: 'Auditor' },
    /** One's own messages (the stored sender type stays). */
    you: 'You',
    /** A question's chat button with unread messages, e.g. "Chat about question 3, 2 unread". */
    buttonUnread: (label: string, n: number) => `${label}, ${n} unread`,
    reconnecting: 'Reconnecting… new messages will appear once the connection is back',
  },
  /** A long text field near its limit, and a paste cut to it (issue 56). */
  textLimit: {
    counter: (length: number, max: number) => `${length} / ${max}`,
    cut: (max: number) => `The pasted text was longer than ${max} characters: it was cut to the first ${max}.`,
  },
  /** The name of a page's breadcrumb trail (its navigation landmark). */
  breadcrumb: 'breadcrumb',
  /** The pager of the paged lists (MUI's TablePagination, components/list-pager.tsx). */
  pager: {
    rowsPerPage: 'Rows per page:',
    /** The rows shown, e.g. "21–40 of 45"; `count` -1 while the total is not known. */
    range: (from: number, to: number, count: number) =>
      count === -1 ? `${from}–${to} of more than ${to}` : `${from}–${to} of ${count}`,
    firstPage: 'Go to first page',
    previousPage: 'Go to previous page',
    nextPage: 'Go to next page',
    lastPage: 'Go to last page',
  },
  /** The date fields and their calendar (MUI X DatePicker, lib/picker-texts.ts). */
  datePicker: {
    /** The field's parts, as a screen reader names them, and their placeholders (DD/MM/YYYY). */
    day: 'Day',
    month: 'Month',
    year: 'Year',
    dayPlaceholder: 'DD',
    monthPlaceholder: 'MM',
    yearPlaceholder: 'YYYY',
    empty: 'Empty',
    /** The button that opens the calendar. */
    openCalendar: 'Choose date',
    openCalendarChosen: (date: string) => `Choose date, selected date is ${date}`,
    clear: 'Clear',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    openPreviousView: 'Open previous view',
    openNextView: 'Open next view',
    toYearView: 'calendar view is open, switch to year view',
    toCalendarView: 'year view is open, switch to calendar view',
    calendarTitle: 'Select date',
    daysTable: 'pick date',
    cancel: 'Cancel',
    ok: 'OK',
    today: 'Today',
  },
} as const);
