import { localised } from '../i18n/catalogue';
/**
 * The texts of an organisation's export of all its data (issue 61): the Settings card, the
 * notification and mail, and the refusals. Part of the one catalogue (messages.ts: `messages.exports`).
 */
export const exportMessages = localised('exportMessages', {
  cardTitle: 'Export all data',
  cardHelp:
    "A zip of every record of your organisation (assessments, responses with every answer, judgement and remark, chats, observations, learning, documents, compliance documents, feedback, users without passwords, the activity log) as JSON and CSV, with every stored file. It is built in the background: you are told by e-mail and under the bell when it is ready, and its link works for you only, for 7 days.",
  request: 'Export all data',
  requestAgain: 'Export again',
  requested: 'Your export is being prepared. You will be told when it is ready.',
  download: 'Download',
  statusLabel: 'Status',
  status: {
    queued: 'Queued',
    building: 'Being built',
    ready: 'Ready',
    failed: 'Failed',
    expired: 'Expired',
  },
  askedAt: (when: string) => `Asked for on ${when}`,
  readyUntil: (when: string) => `The link works until ${when}.`,
  sizeOf: (size: string) => `Size: ${size}`,
  failedHelp: 'The export could not be built. Please ask again; if it fails again, contact your administrator.',
  expiredHelp: 'This export has expired. Ask for a new one.',
  none: 'You have not exported your data yet.',
  loading: 'Loading the export status',
  // Refusals
  inProgress: 'An export is already being prepared. You will be told when it is ready.',
  notFound: 'Export not found',
  expired: 'This export has expired (its link worked for 7 days). Ask for a new one in Settings.',
  noOrganisation: 'Choose an organisation first',
  // The notification and mail
  ready: (organisation: string, until: string) => ({
    title: 'Your data export is ready',
    body: `The export of all of ${organisation}'s data is ready. Download it from Settings until ${until}; the link works for you only.`,
  }),
  downloadItem: (url: string) => `Download: ${url}`,
} as const);
