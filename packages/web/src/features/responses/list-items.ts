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


/** The cards of a page of the contractor's responses (filtered and sorted by the server). */
export function responseItems(responses: readonly ResponseReply[]): ListItem[] {
  return responses.map((response) => ({
    kind: 'response',
    key: response._id,
    status: response.status,
    sortTime: response.lastAccessTime,
    response,
  }));
}

/**
 * The cards of the shared assessments not started yet (the New filter), whose name holds
 * `search` (any case), by last access: NTO newest first, OTN oldest first. They come with the
 * shared assessments' call, whole: an organisation shares a handful, not hundreds.
 */
export function newItems(
  assessments: readonly ContractorAssessmentReply[],
  sort: SortCode,
  search = '',
): ListItem[] {
  const needle = search.trim().toLocaleLowerCase();
  const sign = sort === 'NTO' ? -1 : 1;
  return assessments
    .filter(
      (a) =>
        a.responseId === null &&
        (needle === '' || a.name.toLocaleLowerCase().includes(needle)),
    )
    .map(
      (assessment): ListItem => ({
        kind: 'assessment',
        key: assessment._id,
        status: 'NEW',
        sortTime: assessment.lastAccessTime,
        assessment,
      }),
    )
    .sort(
      (a, b) =>
        sign * (Date.parse(a.sortTime) - Date.parse(b.sortTime)) || a.key.localeCompare(b.key),
    );
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
