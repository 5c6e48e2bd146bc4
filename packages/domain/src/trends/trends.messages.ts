import { localised } from '../i18n/catalogue';
/**
 * The catalogue's `trends` texts (issue 58): a contractor's score per round, its E-S-G-O per
 * round and its open items, on the organisation's contractor page and the contractor's home.
 */
export const trendsMessages = localised('trendsMessages', {
  // Calls
  contractorNotFound: 'Contractor not found',
  // Contractor page
  title: 'Contractor',
  heading: (name: string) => `${name}: trend`,
  scoreTitle: 'Score per round',
  scoreChartLabel: (name: string) => `Score of ${name} per round, in percent`,
  esgoTitle: 'E-S-G-O per round',
  esgoChartLabel: 'E-S-G-O percent per round',
  openItemsTitle: 'Open items',
  rejectedTitle: 'Rejected questions',
  observationsTitle: 'Open observations',
  noRejected: 'No rejected question is waiting for an answer',
  noObservations: 'No open observation',
  noPoints: 'No completed assessment yet: the trend starts with the first completed one',
  oneRound: 'One completed round so far: the line starts with the second',
  percentAxis: 'Score %',
  round: 'Round',
  score: 'Score',
  band: 'Band',
  scored: (scored: number, total: number) => `${scored}/${total}`,
  pointLabel: (name: string, day: string) => `${name} · ${day}`,
  factors: { environment: 'Environment', social: 'Social', governance: 'Governance', others: 'Others' },
  notScored: '—',
  observationLine: (srno: number, category: string) => `#${srno} ${category}`,
  reported: (day: string) => `Reported ${day}`,
  openResponse: 'Open response',
  openObservation: 'Open observation',
  viewTrend: 'Trend',
  viewTrendLabel: (name: string) => `Trend of ${name}`,
  errorLoading: 'Error in fetching the trend',
  // The contractor's home card
  myTrendTitle: 'My trend',
  myTrendChartLabel: 'My score per round, in percent',
  latest: (label: string, percent: string) => `Latest: ${label}, ${percent}`,
  truncated: (n: number) => `The last ${n} rounds`,
} as const);
