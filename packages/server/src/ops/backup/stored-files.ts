import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config';

/** One stored object, opened for reading, with its size as the store tells it. */
export interface OpenedFile {
  size: number;
  body: Readable;
}

/**
 * The configured file store seen as a whole (the FileStore interface reads and writes one key at
 * a time and cannot list): every key, and each file opened with its size. A key that vanished
 * since it was listed opens as null (deleted by the portal meanwhile).
 */
export interface StoreReader {
  readonly kind: 'local' | 's3';
  /** Every key, sorted. */
  keys(): Promise<string[]>;
  open(key: string): Promise<OpenedFile | null>;
  close(): void;
}

/** The S3 client as the portal's store makes it (s3-file-store.ts). */
export function s3ClientOf(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Every file under a folder, as store keys (relative, with `/`), sorted; none when it does not exist. */
export async function keysUnderFolder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

function localReader(root: string): StoreReader {
  return {
    kind: 'local',
    keys: () => keysUnderFolder(root),
    async open(key) {
      const handle = await fs.open(path.join(root, ...key.split('/')), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) return null;
      const { size } = await handle.stat();
      // The stream reads through the handle it was given and closes it at its end.
      return { size, body: createReadStream('', { fd: handle, start: 0, end: size === 0 ? undefined : size - 1 }) };
    },
    close() {},
  };
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

function s3Reader(config: S3Config): StoreReader {
  const client = s3ClientOf(config);
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async open(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = res.Body;
        if (!(body instanceof Readable)) throw new Error(`the object ${key} has no readable body`);
        return { size: res.ContentLength ?? 0, body };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The store the portal's configuration names: the S3 bucket (S3_*) or DATA_DIR/files. */
export function storeReaderFor(config: Pick<Config, 's3' | 'dataDir'>): StoreReader {
  return config.s3 ? s3Reader(config.s3) : localReader(path.join(config.dataDir, 'files'));
}
