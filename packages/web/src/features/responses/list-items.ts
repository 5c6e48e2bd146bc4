import dayjs from 'dayjs';
import type { SortCode } from '@palisade/domain/constants';
import type {
  ContractorAssessmentReply,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { isOverdue } from '@palisade/domain/responses/response.rules';
import { ResponseStatus } from '@palisade/domain/statuses';
import type { CardStatus } from '../../components/response-status-chip';

/** The list's status filter: NEW is an assessment without a response yet (spec §4). */
export const LIST_FILTERS = [
  'ALL',
  'NEW',
  ResponseStatus.PENDING,
  ResponseStatus.SUBMITTED,
  ResponseStatus.REASSESSMENT,
  ResponseStatus.COMPLETED,
] as const satisfies readonly ('ALL' | CardStatus)[];
export type ListFilter = (typeof LIST_FILTERS)[number];

/** One card of the Assessment list: a started response, or an assessment not started yet. */
export type ListItem =
  | { kind: 'response'; key: string; status: CardStatus; sortTime: string; response: ResponseReply }
  | {
      kind: 'assessment';
      key: string;
      status: 'NEW';
      sortTime: string;
      assessment: ContractorAssessmentReply;
    };

/** Today as YYYY-MM-DD in the browser's time zone (due dates are calendar days). */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * The cards: every response, then every shared assessment that has none. An assessment whose
 * response is missing from the responses call (started in between) is left out, not shown twice.
 */
export function listItems(
  assessments: readonly ContractorAssessmentReply[],
  responses: readonly ResponseReply[],
): ListItem[] {
  const started = new Set(responses.map((r) => r.assessmentId));
  const items: ListItem[] = responses.map((response) => ({
    kind: 'response',
    key: response._id,
    status: response.status,
    sortTime: response.lastAccessTime,
    response,
  }));
  for (const assessment of assessments) {
    if (assessment.responseId !== null || started.has(assessment._id)) continue;
    items.push({
      kind: 'assessment',
      key: assessment._id,
      status: 'NEW',
      sortTime: assessment.lastAccessTime,
      assessment,
    });
  }
  return items;
}

/** The cards a filter shows, sorted by last access: NTO newest first, OTN oldest first. */
export function shownItems(
  items: readonly ListItem[],
  filter: ListFilter,
  sort: SortCode,
  search = '',
): ListItem[] {
  // The search is by the assessment's name, any case (issue 18; a contractor's list is small).
  const needle = search.trim().toLocaleLowerCase();
  const kept = items.filter(
    (item) =>
      (filter === 'ALL' || item.status === filter) &&
      (needle === '' || itemName(item).toLocaleLowerCase().includes(needle)),
  );
  const sign = sort === 'NTO' ? -1 : 1;
  return kept.sort(
    (a, b) =>
      sign * (Date.parse(a.sortTime) - Date.parse(b.sortTime)) || a.key.localeCompare(b.key),
  );
}

/** The assessment's name of a card. */
export function itemName(item: ListItem): string {
  return item.kind === 'response' ? item.response.assessment.name : item.assessment.name;
}

/** The due date a card shows and whether it has passed while the contractor holds the pen. */
export function dueOf(
  item: ListItem,
  day: string,
): { due: string; extended: boolean; overdue: boolean } {
  if (item.kind === 'assessment') {
    const due = item.assessment.dueDate;
    return { due, extended: false, overdue: isOverdue(due, day, null) };
  }
  const r = item.response;
  return {
    due: r.effectiveDueDate,
    extended: r.effectiveDueDate !== r.assessment.dueDate,
    overdue: isOverdue(r.effectiveDueDate, day, r.status),
  };
}
