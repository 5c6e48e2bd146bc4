import { FEEDBACK_ATTACHMENTS_MAX } from '../constants';
import { isAllowedExtension, isAllowedSize } from '../files/file.rules';
import { feedbackMessages } from '../messages/feedback';
import { filesMessages } from '../messages/files';
import type { ChosenFile } from '../documents/document.rules';

/**
 * The files of a feedback: the first refusal's text, or null when they fit. None is fine; at most
 * FEEDBACK_ATTACHMENTS_MAX; each jpeg, jpg, png, pdf, xls, xlsx or csv ("Files with unsupported
 * type found", spec §5), not empty (named: issue 56), at most 10 MB.
 */
export function feedbackFilesError(files: readonly ChosenFile[]): string | null {
  if (files.length > FEEDBACK_ATTACHMENTS_MAX)
    return feedbackMessages.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX);
  if (files.some((f) => !isAllowedExtension(f.name, 'feedback'))) return filesMessages.unsupported;
  const empty = files.find((f) => f.size === 0);
  if (empty) return filesMessages.empty(empty.name);
  if (files.some((f) => !isAllowedSize(f.size))) return filesMessages.tooLarge;
  return null;
}
