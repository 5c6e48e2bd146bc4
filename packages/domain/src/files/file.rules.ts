import { FILE_PREFIX_LENGTH, MAX_UPLOAD_BYTES } from '../constants';

/** Extensions accepted per upload kind (spec §5). */
export const ALLOWED_EXTENSIONS = {
  profileImage: ['jpg', 'jpeg', 'png'],
  feedbackDialog: ['jpeg', 'jpg', 'png'],
  feedback: ['jpeg', 'jpg', 'png', 'pdf', 'xls', 'xlsx', 'csv'],
  checklist: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'doc', 'docx', 'csv', 'xls', 'xlsx', 'pdf', 'ppt', 'pptx'],
  policy: ['jpg', 'jpeg', 'png', 'pdf', 'xls', 'xlsx', 'csv'],
  image: ['jpg', 'jpeg', 'png'],
  video: ['mp4', 'wmv', 'avi', 'mkv', 'flv', 'webm', 'gif', 'm4p', 'svi'],
  pdf: ['pdf'],
  /** A compliance document (issue 57): a certificate, policy or licence as a PDF or a photo. */
  compliance: ['pdf', 'jpg', 'jpeg', 'png'],
} as const satisfies Record<string, readonly string[]>;
export type UploadKind = keyof typeof ALLOWED_EXTENSIONS;

/** The lower-case extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** True when the name's extension is accepted for that kind of upload. */
export function isAllowedExtension(fileName: string, kind: UploadKind): boolean {
  return (ALLOWED_EXTENSIONS[kind] as readonly string[]).includes(extensionOf(fileName));
}

/** True when the size fits the 10 MB cap. */
export function isAllowedSize(bytes: number): boolean {
  return bytes >= 0 && bytes <= MAX_UPLOAD_BYTES;
}

/** A size as people read it, in binary units: "512 bytes", "10 MB", "4.5 GB". */
export function sizeText(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = '';
  for (const u of units) {
    value /= 1024;
    unit = u;
    if (value < 1024) break;
  }
  // One decimal, dropped when it is zero (5 GB, not 5.0 GB).
  return `${Number(value.toFixed(1))} ${unit}`;
}

/**
 * Extensions whose bytes have no magic number (plain text formats); for these the server
 * checks that the bytes are text instead of trusting a detected type.
 */
export const TEXT_EXTENSIONS: readonly string[] = ['csv'];

/**
 * Which detected file types (file-type's `ext`) are acceptable for a claimed extension.
 * Office documents of the OOXML family are zip files underneath; old Office ones are CFB.
 */
export function acceptableDetectedTypes(extension: string): readonly string[] {
  switch (extension) {
    case 'jpg':
    case 'jpeg':
      return ['jpg'];
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return [extension, 'zip'];
    case 'doc':
    case 'xls':
    case 'ppt':
      return [extension, 'cfb'];
    case 'm4p':
      return ['m4p', 'mp4', 'm4a'];
    case 'svi':
      return ['mp4', 'avi'];
    default:
      return [extension];
  }
}

const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The stored name: a 5-character random prefix, then the original name with spaces turned into
 * underscores and path separators removed. `random` returns numbers in [0, 1).
 */
export function storedFileName(originalName: string, random: () => number = Math.random): string {
  let prefix = '';
  for (let i = 0; i < FILE_PREFIX_LENGTH; i += 1) {
    prefix += PREFIX_ALPHABET[Math.floor(random() * PREFIX_ALPHABET.length)] ?? 'x';
  }
  return `${prefix}_${cleanFileName(originalName)}`;
}

/** The original name made safe: spaces to underscores, no path separators or control characters. */
export function cleanFileName(originalName: string): string {
  // NFC: a name typed on one system (é as e + accent) and on another (é) is one name.
  const base = originalName.normalize('NFC').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
  const cleaned = base.replace(/[\u0000-\u001f]/g, '').replace(/\s+/g, '_').replace(/^\.+/, '');
  return cleaned.length > 0 ? cleaned.slice(-150) : 'file';
}

const STORED_PREFIX = new RegExp(`^[A-Za-z0-9]{${FILE_PREFIX_LENGTH}}_(?=.)`);

/**
 * A file as people name it, from its storage path or stored name: the last part of the path
 * without storedFileName's random prefix ("org/r1/Ab3xZ_site_plan.pdf" → "site_plan.pdf").
 */
export function fileNameOfPath(path: string): string {
  const last = path.split(/[\\/]/).pop() ?? '';
  return last.replace(STORED_PREFIX, '') || last;
}
