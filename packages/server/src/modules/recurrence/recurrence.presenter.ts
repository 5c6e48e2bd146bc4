import type { AnswerReply } from '@palisade/domain/responses/response.schema';
import type { RecurrenceReply } from '@palisade/domain/recurrence/recurrence.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { StoredAnswerJson } from '../../db/tables/responses';
import type { RecurrenceRow, RoundRow } from './recurrence.repository';

/** A recurrence and its rounds as replies carry them. */
export function presentRecurrence(row: RecurrenceRow, rounds: readonly RoundRow[]): RecurrenceReply {
  return {
    assessmentId: row.assessmentId,
    intervalMonths: row.intervalMonths,
    startsOn: row.startsOn,
    windowDays: row.windowDays,
    active: row.active,
    nextRoundOn: row.active ? row.nextRoundOn : null,
    version: row.version,
    rounds: rounds.map((r) => ({
      roundNumber: r.roundNumber,
      label: r.label,
      startsOn: r.startsOn,
      dueDate: r.dueDate,
      openedAt: r.openedAt.toISOString(),
    })),
  };
}

/** A stored answer and its files as replies carry them (every field present). */
export function presentAnswer(answer: StoredAnswerJson | null, attachments: readonly FileRecord[]): AnswerReply {
  return {
    yesNo: answer?.yesNo ?? null,
    text: answer?.text ?? null,
    value: answer?.value ?? null,
    attachment: [...attachments],
  };
}
