import path from 'node:path';
import type { Config } from '../config';
import { createLocalFileStore, type FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The configured FileStore: the S3 bucket when S3_BUCKET is set, else the folder DATA_DIR/files. */
export function createFileStore(config: Pick<Config, 's3' | 'dataDir'>): FileStore {
  return config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(path.join(config.dataDir, 'files'));
}
