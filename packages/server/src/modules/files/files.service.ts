import { PassThrough, finished, type Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { UNATTACHED_UPLOAD_TTL_MS } from '@palisade/domain/constants';
import {
  TEXT_EXTENSIONS,
  acceptableDetectedTypes,
  cleanFileName,
  extensionOf,
  isAllowedExtension,
  sizeText,
  storedFileName,
  type UploadKind,
} from '@palisade/domain/files/file.rules';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import type { FileStore } from '../../storage/file-store';
import { userVisibleTo, type AuthContext } from '../../plugins/auth-context';
import { filesRepository, type FileRow } from './files.repository';
import { parseRange, type ByteRange } from './range';

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  m4p: 'video/mp4',
  svi: 'video/mp4',
};

/** An upload as it arrives: its name and bytes, and where in the store it goes. */
export interface IncomingUpload {
  fileName: string;
  stream: Readable;
  kind: UploadKind;
  /** Folder inside the store, e.g. `profile/{userId}` or `assessment/{responseId}/{sectionId}`. */
  folder: string;
  /** True when the multipart parser cut the stream at the size limit. */
  truncated?: () => boolean;
}

/** Who may read a stored file (its record). */
export interface UploadOwner {
  ownerId: string;
  /** Whose users may read it; null: those sharing an organisation with the owner. */
  organisationId: string | null;
  /** Of that organisation, only its own users and its auditors (not its other contractors). */
  staffOnly?: boolean;
  /** Of that organisation, not its auditors (policy documents; with staffOnly, feedback). */
  auditorsExcluded?: boolean;
  /**
   * The organisation whose storage quota the file counts against when that is not
   * organisationId (profile images: the uploader's working organisation); null counts nowhere.
   */
  quotaOrganisationId?: string | null;
  /**
   * Nothing uses the file yet (an answer attachment for a later save): it counts against the
   * owner's limit of unattached uploads until attached, and is deleted if not attached in time.
   */
  unattached?: boolean;
}

export type UploadInput = IncomingUpload & UploadOwner;

/** An upload in the store, checked (name, size, bytes) but not yet recorded: readable by no one. */
export interface StagedUpload {
  key: string;
  /** The stored name (random prefix, safe characters). */
  fileName: string;
  fileType: string;
  size: number;
}

/** Limits on what files may take (#17), from the configuration. */
export interface StorageLimits {
  /** Bytes each organisation's files may take together. */
  quotaBytes: number;
  /** Unattached uploads one user may hold. */
  maxUnattached: number;
}

/** The link a client uses to fetch a stored file through the authorized route (the name is in its headers). */
export function fileLink(id: string): string {
  return `/api/files/${id}`;
}

/**
 * An upload's bytes as the store reads them. When the multipart parser cuts the file at the size
 * limit (its 'limit' event), the store's stream fails there and then, mid-upload: what was sent is
 * dropped (an S3 multipart upload is aborted) instead of being stored whole and deleted after. The
 * rest of the request is drained so that the 413 goes out.
 */
function cutAtLimit(source: Readable): Readable {
  const guarded = new PassThrough();
  const drain = () => {
    source.unpipe(guarded);
    source.resume();
  };
  source.once('limit', () => {
    drain();
    guarded.destroy(new AppError('PAYLOAD_TOO_LARGE'));
  });
  // A source that fails or is cut short (a malformed form) fails the store's stream as well.
  finished(source, { writable: false }, (err) => {
    if (err) guarded.destroy(err);
  });
  // The store gave up (storage failed): the request's bytes still drain.
  guarded.once('close', () => {
    if (!source.readableEnded) drain();
  });
  // The store may start reading a moment later (it makes a folder first): an error before then
  // stays on the stream (its pipeline fails with it) instead of going unheard and ending the process.
  guarded.on('error', () => undefined);
  source.pipe(guarded);
  return guarded;
}

export function createFilesService(deps: { db: Db; store: FileStore; limits: StorageLimits; clock: Clock }) {
  const { db, store, limits, clock } = deps;

  const storageFull = () => new AppError('INSUFFICIENT_STORAGE', messages.files.storageFull(sizeText(limits.quotaBytes)));
  const tooManyUnattached = () => new AppError('CONFLICT', messages.files.tooManyUnattached(limits.maxUnattached), { field: 'file' });

  /** Checks the bytes against the claimed extension; throws 415 when they disagree. */
  async function checkBytes(key: string, ext: string): Promise<void> {
    const head = await store.head(key, 4100);
    if (TEXT_EXTENSIONS.includes(ext)) {
      if (head.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.files.mismatch);
      return;
    }
    const detected = await fileTypeFromBuffer(head);
    if (!detected || !acceptableDetectedTypes(ext).includes(detected.ext)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', messages.files.mismatch);
    }
  }

  /** The organisation the file counts against (null: none). */
  const quotaOf = (owner: UploadOwner): string | null =>
    owner.quotaOrganisationId === undefined ? owner.organisationId : owner.quotaOrganisationId;

  const service = {
    /**
     * Refuses before a byte is stored when the owner's organisation's storage is already full (507)
     * or the owner holds too many unattached uploads (409). record() checks again, under locks.
     */
    async precheck(owner: UploadOwner, tx: DbOrTx = db): Promise<void> {
      const quotaOrganisationId = quotaOf(owner);
      if (quotaOrganisationId !== null && (await filesRepository.storageUsed(tx, quotaOrganisationId)) >= limits.quotaBytes) throw storageFull();
      if (owner.unattached && (await filesRepository.countUnattached(tx, owner.ownerId)) >= limits.maxUnattached) throw tooManyUnattached();
    },

    /**
     * Streams an upload into the store and checks name, size and bytes; refused (415, 413, 400 for
     * an empty file), nothing is left. The object is not recorded yet: record() makes it a file, discard() removes it.
     */
    async stage(input: IncomingUpload): Promise<StagedUpload> {
      const ext = extensionOf(input.fileName);
      if (!isAllowedExtension(input.fileName, input.kind)) {
        // The bytes are not wanted: let them drain so that the reply goes out at once.
        input.stream.resume();
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', input.kind === 'profileImage' ? messages.files.typeNotSupported : messages.files.unsupported);
      }
      const name = storedFileName(input.fileName);
      const key = `${input.folder}/${name}`;
      const size = await store.put(key, cutAtLimit(input.stream));
      try {
        if (input.truncated?.()) throw new AppError('PAYLOAD_TOO_LARGE');
        // No bytes is no file: said as such, with its name (a form may carry several), not as a
        // content that does not match its extension (issue 56).
        if (size === 0) throw new AppError('BAD_REQUEST', messages.files.empty(cleanFileName(input.fileName)), { field: 'file' });
        await checkBytes(key, ext);
      } catch (err) {
        await store.delete(key);
        throw err;
      }
      return { key, fileName: name, fileType: MIME_BY_EXTENSION[ext] ?? 'application/octet-stream', size };
    },

    /** The staged object under another folder (same name), once its destination is known. */
    async moveStaged(staged: StagedUpload, folder: string): Promise<StagedUpload> {
      const key = `${folder}/${staged.fileName}`;
      if (key !== staged.key) await store.move(staged.key, key);
      return { ...staged, key };
    },

    /** Removes a staged object that is not wanted after all. */
    async discard(staged: StagedUpload): Promise<void> {
      await store.delete(staged.key);
    },

    /**
     * Records a staged object as a file of its owner (in the caller's transaction, if any), after
     * checking, under locks, the organisation's quota (507) and the owner's unattached uploads (409).
     */
    async record(staged: StagedUpload, owner: UploadOwner, tx: DbOrTx = db): Promise<FileRecord> {
      const id = newId();
      const quotaOrganisationId = quotaOf(owner);
      const unattached = owner.unattached ?? false;
      await tx.transaction(async (t) => {
        // Locks in one order (organisation, then owner), so that concurrent uploads cannot deadlock.
        if (quotaOrganisationId !== null && (await filesRepository.lockStorageUsed(t, quotaOrganisationId)) + staged.size > limits.quotaBytes) {
          throw storageFull();
        }
        if (unattached) {
          await filesRepository.lockUnattached(t, owner.ownerId);
          if ((await filesRepository.countUnattached(t, owner.ownerId)) >= limits.maxUnattached) throw tooManyUnattached();
        }
        await filesRepository.insert(t, {
          id,
          path: staged.key,
          fileName: staged.fileName,
          fileType: staged.fileType,
          size: staged.size,
          ownerId: owner.ownerId,
          organisationId: owner.organisationId,
          quotaOrganisationId: quotaOrganisationId === owner.organisationId ? null : quotaOrganisationId,
          staffOnly: owner.staffOnly ?? false,
          auditorsExcluded: owner.auditorsExcluded ?? false,
          unattachedSince: unattached ? clock.now() : null,
        });
      });
      return { fileName: staged.fileName, filePath: staged.key, fileLink: fileLink(id), fileSize: staged.size, fileType: staged.fileType };
    },

    /**
     * Streams an upload into the store, checks name, size and bytes, and records it. Refused before
     * a byte is stored when the storage is already full (507) or the owner holds too many
     * unattached uploads (409); checked again with the size known as the record is written, and
     * the stored bytes are removed when that refuses: nothing is left behind.
     */
    async upload(input: UploadInput, tx: DbOrTx = db): Promise<FileRecord> {
      try {
        await service.precheck(input, tx);
      } catch (err) {
        input.stream.resume();
        throw err;
      }
      const staged = await service.stage(input);
      try {
        return await service.record(staged, input, tx);
      } catch (err) {
        await store.delete(staged.key);
        throw err;
      }
    },

    /** The file if the user may read it; 404 otherwise, so that existence does not leak. */
    async openForRead(
      auth: AuthContext,
      id: string,
      rangeHeader?: string,
    ): Promise<{ row: FileRow; stream: Readable | null; range: ByteRange | 'unsatisfiable' | null }> {
      const row = await filesRepository.findById(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      let allowed = row.ownerId === auth.user.id;
      if (!allowed && row.organisationId) {
        const auditor = auth.user.type === UserType.AUDITOR;
        const staff = auth.user.type === UserType.ORGANISATION || auditor;
        allowed = auth.organisationIds.includes(row.organisationId) && (staff || !row.staffOnly) && !(auditor && row.auditorsExcluded);
      }
      // A file of no organisation is a profile image: read by those who may see its user.
      if (!allowed && !row.organisationId) {
        const owner = await filesRepository.owner(db, row.ownerId);
        allowed = owner !== undefined && userVisibleTo(auth, owner.user, owner.assoc);
      }
      if (!allowed) throw new AppError('NOT_FOUND');
      // A Range header asks for part of the file (a video seeking); an unsatisfiable one gets no bytes.
      const range = parseRange(rangeHeader, row.size);
      if (range === 'unsatisfiable') return { row, stream: null, range };
      return { row, stream: await store.get(row.path, range ?? undefined), range };
    },

    /** The records of these stored paths (those that exist), by path, as replies name them. */
    async recordsAt(paths: readonly string[], tx: DbOrTx = db): Promise<Map<string, FileRecord>> {
      const rows = await filesRepository.findByPaths(tx, paths);
      return new Map(
        rows.map((r) => [r.path, { fileName: r.fileName, filePath: r.path, fileLink: fileLink(r.id), fileSize: r.size, fileType: r.fileType }]),
      );
    },

    /** Removes a stored file and its record. */
    async remove(path: string, tx: DbOrTx = db): Promise<void> {
      await filesRepository.deleteByPath(tx, path);
      await store.delete(path);
    },

    /**
     * Marks stored files as in use (named by an answer); the paths that exist. Call it in the
     * transaction that names them, before reading their records: a sweep then cannot take them.
     */
    markAttached(paths: readonly string[], tx: DbOrTx): Promise<string[]> {
      return filesRepository.markAttached(tx, paths);
    },

    /** Marks stored files that nothing names any more as unused from `at` (the sweep takes them a day later). */
    markUnattached(paths: readonly string[], at: Date, tx: DbOrTx): Promise<void> {
      return filesRepository.markUnattached(tx, paths, at);
    },

    /**
     * Deletes the uploads unattached for UNATTACHED_UPLOAD_TTL_MS before `now`: their records in
     * one statement (instances sweeping at once share the rows out), then their bytes. Returns
     * the paths removed. `now` is the app's clock unless given.
     */
    async sweepUnattached(now: Date = clock.now()): Promise<string[]> {
      const paths = await filesRepository.deleteUnattachedBefore(db, new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS));
      const failed: unknown[] = [];
      for (const path of paths) await store.delete(path).catch((err: unknown) => failed.push(err));
      if (failed.length > 0) throw new AggregateError(failed, `${failed.length} swept uploads could not be removed from storage`);
      return paths;
    },
  };
  return service;
}
export type FilesService = ReturnType<typeof createFilesService>;
