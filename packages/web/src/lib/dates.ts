import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, TIME_FORMAT } from '@palisade/domain/constants';

type DateInput = string | number | Date | Dayjs | null | undefined;

/** DD/MM/YYYY, or '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : d.format(DATE_FORMAT);
}

/** hh:mm A, or '' for a missing or invalid date. */
export function formatTime(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : d.format(TIME_FORMAT);
}

/** DD/MM/YYYY hh:mm A. */
export function formatDateTime(value: DateInput): string {
  const d = dayjs(value);
  return value == null || !d.isValid() ? '' : d.format(`${DATE_FORMAT} ${TIME_FORMAT}`);
}

/** The default range of the observation pages: the current month. */
export function currentMonthRange(now: Dayjs = dayjs()): { start: Dayjs; end: Dayjs } {
  return { start: now.startOf('month'), end: now.endOf('month') };
}
