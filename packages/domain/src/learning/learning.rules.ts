import type { UploadKind } from '../files/file.rules';
import { isAllowedExtension } from '../files/file.rules';
import { learningMessages } from './learning.messages';

/** Document type codes, one set everywhere (DECISIONS.md): 1 Image, 2 Video, 3 PDF, 4 Youtube link. */
export const DocType = {
  IMAGE: 1,
  VIDEO: 2,
  PDF: 3,
  YOUTUBE: 4,
} as const;
export type DocType = (typeof DocType)[keyof typeof DocType];
export const DOC_TYPES: readonly DocType[] = [1, 2, 3, 4];

/**
 * The names of the types as the forms list them: the catalogue's, each read when shown (in the
 * reader's language, issue 60).
 */
export const DOC_TYPE_LABELS = learningMessages.docTypes as Readonly<Record<DocType, string>>;
/** The Upload Learning form lists them by code; the notice form lists Video first (its own order, same codes). */
export const LEARNING_FORM_TYPES: readonly DocType[] = [1, 2, 3, 4];
export const NOTICE_FORM_TYPES: readonly DocType[] = [2, 1, 3, 4];

/** The file kind of a document type (which extensions its file may have); null for a Youtube link. */
export function uploadKindOf(type: DocType): UploadKind | null {
  switch (type) {
    case DocType.IMAGE:
      return 'image';
    case DocType.VIDEO:
      return 'video';
    case DocType.PDF:
      return 'pdf';
    case DocType.YOUTUBE:
      return null;
  }
}

/** True when a file of that name may be the file of a document of that type. */
export function fileFitsType(fileName: string, type: DocType): boolean {
  const kind = uploadKindOf(type);
  return kind !== null && isAllowedExtension(fileName, kind);
}

/** What the file picker of a type accepts (its `accept` attribute). */
export function acceptOf(type: DocType): string {
  switch (type) {
    case DocType.IMAGE:
      return '.jpg,.jpeg,.png';
    case DocType.VIDEO:
      return '.mp4,.wmv,.avi,.mkv,.flv,.webm,.gif,.m4p,.svi';
    case DocType.PDF:
      return '.pdf';
    case DocType.YOUTUBE:
      return '';
  }
}

/** Where a Youtube embed link must start ({host}/embed/, spec §5). */
export const YOUTUBE_EMBED_PREFIXES = ['https://www.youtube.com/embed/', 'https://www.youtube-nocookie.com/embed/'] as const;

/** True for a Youtube embed link: the host's /embed/ then a video id (and optional query). */
export function isYoutubeEmbedLink(link: string): boolean {
  const prefix = YOUTUBE_EMBED_PREFIXES.find((p) => link.startsWith(p));
  if (!prefix) return false;
  return /^[A-Za-z0-9_-]{6,64}(\?[A-Za-z0-9_=&%.-]*)?$/.test(link.slice(prefix.length));
}

/** Learning category names: letters, digits and spaces only (spec §5). */
export const CATEGORY_NAME_PATTERN = /^[A-Za-z0-9 ]+$/;

/** True when a name is already in the list, any case, spaces trimmed. */
export function nameTaken(name: string, existing: readonly string[]): boolean {
  const key = name.trim().toLowerCase();
  return existing.some((e) => e.trim().toLowerCase() === key);
}

/** Learning hours: seconds ÷ 3600 to 2 decimals (spec §9). */
export function hoursOf(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}

/** Notice completion: viewers ÷ audience as a percent, capped at 100, 0 when nobody can read it (spec §9). */
export function completionPercent(viewers: number, audience: number): number {
  if (audience <= 0) return 0;
  return Math.min(100, Math.round((viewers / audience) * 10000) / 100);
}

/** Completion of an employee: modules completed ÷ modules available, a percent to 2 decimals. */
export function moduleCompletionPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((completed / total) * 10000) / 100);
}
