import { TEXT_MAX_LENGTH } from '../constants';
import { templatesMessages } from './templates.messages';

/**
 * The default name of a duplicate: "{name} (copy)", the source's name shortened so that the
 * whole stays within the name's limit.
 */
export function duplicateNameOf(name: string): string {
  const suffix = templatesMessages.copyName('');
  const room = TEXT_MAX_LENGTH - suffix.length;
  return templatesMessages.copyName(name.trim().slice(0, room).trimEnd());
}

/** The default due date of a duplicate: the source's, or today once that has passed (YYYY-MM-DD both). */
export function duplicateDueDateOf(sourceDueDate: string, today: string): string {
  return sourceDueDate >= today ? sourceDueDate : today;
}
