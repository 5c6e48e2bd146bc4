import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '@palisade/domain/errors';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import type { S3Config } from '../config';
import type { FileStore } from './file-store';

/**
 * Bytes per part of a multipart upload (S3's smallest): a 10 MB file goes in two parts, and at
 * most one part is held in memory per upload (queueSize 1).
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/** An S3 FileStore, with what the one-off migration (files:migrate) needs besides. */
export interface S3FileStore extends FileStore {
  readonly kind: 's3';
  readonly bucket: string;
  /** The size of the object at key, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
}

/** Keys are relative paths such as `profile/{userId}/AbCde_photo.png`: no empty, `.` or `..` segment. */
function checkKey(key: string): string {
  if (key === '' || key.startsWith('/') || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new AppError('BAD_REQUEST', 'Invalid file path');
  }
  return key;
}

/**
 * x-amz-copy-source: the key URL-encoded segment by segment, leaving the characters a stored name
 * may hold that S3 takes as they are (test servers decode the header with decodeURI, which leaves
 * these encoded).
 */
function copySource(bucket: string, key: string): string {
  const encoded = key
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%(2C|3B|3A|40|26|3D|24)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .join('/');
  return `${bucket}/${encoded}`;
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** A FileStore on S3-compatible object storage (AWS S3, MinIO, R2, …), chosen when S3_BUCKET is set. */
export function createS3FileStore(config: S3Config): S3FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: the newer defaults send streamed bodies in the
    // aws-chunked encoding with trailing checksums, which S3-compatible servers often do not read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function remove(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  return {
    kind: 's3',
    bucket: Bucket,
    async put(key, body, maxBytes = MAX_UPLOAD_BYTES) {
      checkKey(key);
      let size = 0;
      // Counts while the bytes stream: past maxBytes the stream fails, the upload stops and what
      // was sent (parts of a multipart upload) is aborted; nothing is left under the key.
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) done(new AppError('PAYLOAD_TOO_LARGE'));
          else done(null, chunk);
        },
      });
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counter }, queueSize: 1, partSize: S3_PART_BYTES, leavePartsOnError: false });
      const fed = pipeline(body, counter);
      // Observed at once: a failure of the source must not go unhandled while the upload runs.
      void fed.catch(() => undefined);
      try {
        await upload.done();
        await fed;
      } catch (err) {
        // The upload failing first leaves the source stalled: end it, then tell the first cause.
        counter.destroy();
        const feedError = await fed.then(
          () => null,
          (e: unknown) => e,
        );
        await upload.abort().catch(() => undefined);
        await remove(key).catch(() => undefined);
        throw feedError instanceof AppError ? feedError : err;
      }
      return size;
    },
    async head(key, bytes) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range: `bytes=0-${bytes - 1}` }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        // An empty object has no byte 0: S3 answers 416.
        if (err instanceof S3ServiceException && (err.name === 'InvalidRange' || err.$metadata.httpStatusCode === 416)) return Buffer.alloc(0);
        throw err;
      }
    },
    async get(key, range) {
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: checkKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(res.Body instanceof Readable)) throw new Error(`the object ${key} has no readable body`);
      return res.Body;
    },
    async delete(key) {
      await remove(checkKey(key));
    },
    async move(from, to) {
      checkKey(from);
      checkKey(to);
      await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: copySource(Bucket, from) }));
      await remove(from);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async sizeOf(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async close() {
      client.destroy();
    },
  };
}
