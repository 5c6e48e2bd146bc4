import { localised } from '../i18n/catalogue';
/**
 * The catalogue's `recurrence` texts (issue 58): the calls' validation and errors, the
 * notifications, and the screens' texts.
 */
export const recurrenceMessages = localised('recurrenceMessages', {
  // ------------------------------------------------------------- validation and errors
  intervalInvalid: 'intervalMonths must be 1, 3, 6 or 12',
  startsOnInvalid: 'startsOn must be a date as YYYY-MM-DD',
  startsOnTooOld: (days: number) => `startsOn must be within the last ${days} days`,
  windowInvalid: (min: number, max: number) => `windowDays must be a whole number from ${min} to ${max}`,
  windowTooLong: (max: number) => `windowDays must be at most ${max} for this interval, so that a round closes before the next opens`,
  questionIdsRequired: 'questionIds must name at least one question',
  tooManyQuestions: (max: number) => `At most ${max} questions at a time`,
  roundInvalid: 'round must be a round label such as "Q3 2027"',
  assessmentNotFound: 'Assessment not found',
  responseNotFound: 'Response not found',
  notRecurring: 'This assessment does not recur',
  noPreviousRound: 'This response has no previous round to carry over from',
  carryOverClosed: 'Answers can be carried over only before the round is answered',
  notCarried: (id: string) => `Question ${id} has no carried-over answer`,
  unconfirmed: (n: number) =>
    `${n} carried-over answer${n === 1 ? '' : 's'} must be confirmed or changed before submitting`,
  set: 'Recurrence saved',
  stopped: 'Recurrence stopped',
  carried: (n: number) => `${n} answer${n === 1 ? '' : 's'} carried over from the previous round`,
  confirmed: (n: number) => `${n} answer${n === 1 ? '' : 's'} confirmed`,
  // ------------------------------------------------------------- notifications
  roundOpenedTitle: (label: string) => `New round ${label}`,
  roundOpenedBody: (name: string, label: string, due: string) =>
    `Round ${label} of "${name}" is open; answer it by ${due}.`,
  // ------------------------------------------------------------- screens
  screens: {
    cardTitle: 'Recurrence',
    recurs: 'Recurs',
    doesNotRecur: 'This assessment does not recur.',
    every: 'Every',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the literal keys: `localised` infers its argument as it is
    intervals: { 1: 'Month', 3: 'Quarter', 6: 'Half year', 12: 'Year' } as Record<number, string>,
    startsOn: 'First round starts',
    windowDays: 'Answering window (days)',
    save: 'Save recurrence',
    makeRecur: 'Make it recur',
    stop: 'Stop recurring',
    stopConfirm: 'Stop this assessment recurring? Rounds already open stay open.',
    stoppedNote: 'Stopped: no further rounds open.',
    nextRound: (day: string) => `Next round opens on ${day}`,
    rounds: 'Rounds',
    round: 'Round',
    roundOf: (n: number, label: string) => `Round ${n} · ${label}`,
    due: (day: string) => `due ${day}`,
    allRounds: 'All rounds',
    roundFilter: 'Round',
    changeNote: 'A change applies from the next round on.',
    carryTitle: (label: string) => `Start from your answers of ${label}?`,
    carryBody: 'Your previous round\'s answers and their files can be carried over. Each one must be confirmed or changed before you submit.',
    carryButton: 'Carry over previous answers',
    carriedChip: 'Carried over',
    confirmedChip: 'Confirmed',
    changedChip: 'Changed',
    confirm: 'Confirm',
    confirmAll: 'Confirm all unchanged',
    unconfirmedCount: (n: number) => `${n} carried-over answer${n === 1 ? '' : 's'} still to confirm or change`,
    submitUnconfirmed: (n: number) =>
      `${n} carried-over answer${n === 1 ? ' is' : 's are'} not confirmed yet. Confirm or change ${n === 1 ? 'it' : 'them'} before submitting.`,
    previousAnswer: 'Previous round',
    unchangedSinceLast: 'Unchanged since the last round',
    changedSinceLast: 'Changed since the last round',
    loading: 'Loading…',
    cancel: 'Cancel',
    carriedDone: 'Previous answers carried over',
    confirmedDone: 'Answers confirmed',
    noAnswer: 'No answer',
    files: (n: number) => `${n} file${n === 1 ? '' : 's'}`,
    intervalLabel: 'Repeats every',
    roundNone: 'Not recurring',
  },
} as const);
