import { FEEDBACK_ATTACHMENTS_MAX } from '../constants';
import { isAllowedExtension, isAllowedSize } from '../files/file.rules';
import { messages } from '../messages';
import type { ChosenFile } from '../documents/document.rules';

/**
 * The files of a feedback: the first refusal's text, or null when they fit. None is fine; at most
 * FEEDBACK_ATTACHMENTS_MAX; each jpeg, jpg, png, pdf, xls, xlsx or csv ("Files with unsupported
 * type found", spec §5), at most 10 MB.
 */
export function feedbackFilesError(files: readonly ChosenFile[]): string | null {
  if (files.length > FEEDBACK_ATTACHMENTS_MAX)
    return messages.feedback.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX);
  if (files.some((f) => !isAllowedExtension(f.name, 'feedback'))) return messages.files.unsupported;
  if (files.some((f) => !isAllowedSize(f.size))) return messages.files.tooLarge;
  return null;
}
