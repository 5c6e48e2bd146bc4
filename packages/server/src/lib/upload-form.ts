import { finished, PassThrough, type Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
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
  /** Files the form may carry at most; one more is refused (413) with tooMany. */
  maxFiles: number;
  tooMany: string;
  /** The refusal text of a file's name (type), or null when it is acceptable; checked before any byte is stored. */
  refuseName: (fileName: string) => string | null;
  /** Stores one file (name, bytes and size checked by the files service); `fields`: those read before it. */
  store: (file: FormFile, fields: Readonly<Record<string, string[]>>) => Promise<FileRecord>;
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
          seen > opts.maxFiles ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
          refused,
          { field: 'attachments' },
        );
        part.file.resume();
        continue;
      }
      const stream = part.file;
      uploads.push(
        await opts.store({ fileName: part.filename, stream, truncated: () => stream.truncated }, fields),
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

/** What singleFile says when the request is no form, or the form has no file. */
export interface SingleFileTexts {
  multipart: string;
  required: string;
}

/**
 * The one file of a multipart request (the routes that take one file and no fields: attachments,
 * profile and account images, learning files). It is handed over as its bytes arrive; the
 * stream ends only once the rest of the form has been read, and fails (413, nothing stored: the
 * store drops what it was writing) when the form carries another file or more parts than
 * allowed, the one rule of every upload route (issue 64). Before, a second file was silently
 * dropped and the first one kept.
 */
export async function singleFile(request: FastifyRequest, texts: SingleFileTexts = { multipart: messages.files.required, required: messages.files.required }): Promise<FormFile> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', texts.multipart);
  const parts = request.parts()[Symbol.asyncIterator]();
  let first: MultipartFile | null = null;
  while (!first) {
    const next = await parts.next();
    if (next.done) throw new AppError('BAD_REQUEST', texts.required, { field: 'file' });
    if (next.value.type === 'file') first = next.value;
  }
  const source = first.file;
  if (first.filename === '') {
    source.resume();
    throw new AppError('BAD_REQUEST', texts.required, { field: 'file' });
  }
  const whole = new PassThrough();
  // A route that refuses before it reads the file leaves no reader to hear a failure of the form's
  // rest: it is not the process's (the reader, when there is one, hears it through its pipeline).
  whole.on('error', () => undefined);
  // The size limit's cut is told on the stream the store reads (files.service's cutAtLimit).
  source.once('limit', () => whole.emit('limit'));
  source.pipe(whole, { end: false });
  // finished() also tells of a file that failed before this was attached (a form cut short fails
  // its file at once, as the parser reads it): a missed 'error' would leave the store waiting.
  finished(source, { writable: false }, (failed) => {
    if (failed) {
      whole.destroy(failed);
      return;
    }
    void (async () => {
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        // Fields after the file are not read; another file is refused by the parser's files limit.
        if (next.value.type === 'file') next.value.file.resume();
      }
    })().then(
      () => whole.end(),
      (err: unknown) => whole.destroy(formLimitError(err) ?? (err instanceof Error ? err : new Error(String(err)))),
    );
  });
  return { fileName: first.filename, stream: whole, truncated: () => source.truncated };
}

/** The parser's limits (files, fields, parts), as the catalogue's 413. */
const FORM_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);
export function formLimitError(err: unknown): AppError | null {
  if (!(err instanceof Error) || !('code' in err) || typeof err.code !== 'string' || !FORM_LIMITS.has(err.code)) return null;
  return new AppError('PAYLOAD_TOO_LARGE', err.code === 'FST_FILES_LIMIT' ? messages.http.tooManyFiles : messages.http.tooManyFields);
}
