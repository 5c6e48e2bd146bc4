import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';

/** Text fields a form may carry at most (others are refused by the parser). */
const FORM_FIELDS_MAX = 40;

/** A file of the form, as the route hands it to the store. */
export interface FormFile {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

export interface UploadFormOptions {
  /** The text fields read (others are ignored); a name may repeat (then it has several values). */
  fields: ReadonlySet<string>;
  /** Files the form may carry at most; one more is refused with tooMany. */
  maxFiles: number;
  tooMany: string;
  /** The refusal text of a file's name (type), or null when it is acceptable; checked before any byte is stored. */
  refuseName: (fileName: string) => string | null;
  /** Stores one file (name, bytes and size checked by the files service). */
  store: (file: FormFile) => Promise<FileRecord>;
  /** Removes a stored file (when the form fails after it was stored). */
  remove: (path: string) => Promise<void>;
}

export interface UploadForm {
  fields: Record<string, string[]>;
  uploads: FileRecord[];
}

/**
 * Reads a multipart form with several files (policy documents, feedback): text fields, and each
 * file streamed into the store as it comes. The multipart plugin takes one file a request by
 * default; these routes raise that limit for their own requests only. When anything fails, the
 * files already stored are removed and the error is thrown; a caller whose later checks or
 * write fail removes them with `discard`.
 */
export async function readUploadForm(
  request: FastifyRequest,
  opts: UploadFormOptions,
): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', messages.documents.multipart);
  const fields: Record<string, string[]> = {};
  const uploads: FileRecord[] = [];
  let refusal: AppError | null = null;
  try {
    const parts = request.parts({
      limits: { files: opts.maxFiles + 1, fileSize: MAX_UPLOAD_BYTES, fields: FORM_FIELDS_MAX },
    });
    let seen = 0;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (opts.fields.has(part.fieldname) && typeof part.value === 'string')
          (fields[part.fieldname] ??= []).push(part.value);
        continue;
      }
      // An empty file input (no name) is what a form without a choice sends.
      if (part.filename === '' || refusal) {
        part.file.resume();
        continue;
      }
      seen += 1;
      const refused = seen > opts.maxFiles ? opts.tooMany : opts.refuseName(part.filename);
      if (refused !== null) {
        refusal = new AppError(
          seen > opts.maxFiles ? 'BAD_REQUEST' : 'UNSUPPORTED_MEDIA_TYPE',
          refused,
          { field: 'attachments' },
        );
        part.file.resume();
        continue;
      }
      const stream = part.file;
      uploads.push(
        await opts.store({ fileName: part.filename, stream, truncated: () => stream.truncated }),
      );
    }
    if (refusal) throw refusal;
  } catch (err) {
    await discard(uploads, opts.remove);
    throw err;
  }
  return { fields, uploads };
}

/** Removes stored files after a failed form; a failure to remove one does not hide the first error. */
export async function discard(
  uploads: readonly FileRecord[],
  remove: (path: string) => Promise<void>,
): Promise<void> {
  for (const u of uploads) await remove(u.filePath).catch(() => undefined);
}

/** The single value of a field (its first), or undefined. */
export function one(fields: Record<string, string[]>, name: string): string | undefined {
  return fields[name]?.[0];
}
