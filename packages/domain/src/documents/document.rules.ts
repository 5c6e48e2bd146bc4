import { DOCUMENT_ATTACHMENTS_MAX } from '../constants';
import { isAllowedExtension, isAllowedSize } from '../files/file.rules';
import { documentsMessages } from '../messages/documents';
import { filesMessages } from '../messages/files';

/**
 * The read receipt of a policy document (issue 16): the share of the people who can see it that
 * have opened it, as a whole percent capped at 100. Who can see it: the organisation's active
 * contractors and their active employees (DECISIONS.md gives policy documents to the homes of the
 * organisation and the contractor; employees read them in the field app). Nobody to read: 0.
 */
export function readReceiptPercent(viewers: number, audience: number): number {
  if (audience <= 0 || viewers <= 0) return 0;
  return Math.min(100, Math.round((viewers / audience) * 100));
}

/** The page sizes of a document's viewers in its popup (issue 63: thousands may have opened it). */
export const DOCUMENT_VIEWER_PAGE_SIZES = [10, 20, 50] as const;

/** A chosen file as the checks see it (a browser File, or a part's name and size). */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * The files of a new or edited policy document: the first refusal's text, or null when they fit.
 * At least one (counting those kept), at most DOCUMENT_ATTACHMENTS_MAX; each jpg, jpeg, png, pdf,
 * xls, xlsx or csv, at most 10 MB (spec §5).
 */
export function documentFilesError(files: readonly ChosenFile[], kept = 0): string | null {
  const total = files.length + kept;
  if (total === 0) return documentsMessages.allMandatory;
  if (total > DOCUMENT_ATTACHMENTS_MAX)
    return documentsMessages.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX);
  if (files.some((f) => !isAllowedExtension(f.name, 'policy')))
    return filesMessages.wrongDocumentType;
  const empty = files.find((f) => f.size === 0);
  if (empty) return filesMessages.empty(empty.name);
  if (files.some((f) => !isAllowedSize(f.size))) return filesMessages.tooLarge;
  return null;
}
