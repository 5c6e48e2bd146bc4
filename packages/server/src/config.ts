import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UNATTACHED_UPLOADS, DEFAULT_STORAGE_QUOTA_BYTES } from '@palisade/domain/constants';
import { DEFAULT_DB_QUEUE_TIMEOUT_MS } from './db/fifo';
import { DEFAULT_PGLITE_SHARED_BUFFERS } from './db/pglite-settings';
import { serverRoot } from './paths';

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/**
 * TRUST_PROXY: which proxies' X-Forwarded-* headers are believed (the client address behind them
 * keys the rate limits). Unset: none, the socket's address counts. A number: that many proxy hops in
 * front of the server. Otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxyFromEnv = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const text = (v ?? '').trim();
    if (text === '') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text.split(',').map((a) => a.trim()).filter((a) => a !== '');
    if (list.some((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a))) {
      ctx.addIssue({ code: 'custom', message: 'a hop count, or a comma-separated list of proxy addresses or CIDR ranges' });
      return z.NEVER;
    }
    return list;
  });

/** Every setting the server reads from the environment, parsed once at boot. */
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Palisade <no-reply@palisade.local>'),
  PUBLIC_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  PALISADE_SECRET_KEY: z.string().optional(),
  SEED: boolFromEnv,
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: trustProxyFromEnv,
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_DB_QUEUE_TIMEOUT_MS),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size with its unit, such as 32MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(DEFAULT_STORAGE_QUOTA_BYTES),
  MAX_UNATTACHED_UPLOADS: z.coerce.number().int().positive().default(DEFAULT_MAX_UNATTACHED_UPLOADS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  METRICS_TOKEN: z.string().optional(),
});

/** Where files go when S3_BUCKET is set (an S3-compatible object store). */
export interface S3Config {
  bucket: string;
  /** The store's URL (MinIO, R2, a test server); unset: AWS for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (http://host/bucket/key), as MinIO and most test servers need. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; without it the embedded PGlite under dataDir/pglite is used. */
  databaseUrl: string | undefined;
  /** 'memory' keeps PGlite in memory (tests). */
  pgliteDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  seed: boolean;
  authRateLimit: number;
  /** Fastify's trustProxy: false (no proxy), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Database work that cannot start within this gets 503 with Retry-After. */
  dbQueueTimeoutMs: number;
  /** PGlite's shared_buffers, a PostgreSQL size ("32MB"); unused on PostgreSQL. */
  pgliteSharedBuffers: string;
  /** Bytes each organisation's files may take together; an upload past it gets 507. */
  storageQuotaBytes: number;
  /** Uploads one user may hold that are not attached to anything yet; one more is refused (409). */
  maxUnattachedUploads: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Folder of the built web app; null serves no web app (API only). */
  webDist: string | null;
  production: boolean;
  /** S3-compatible storage for files; null keeps them under dataDir/files. */
  s3: S3Config | null;
  /** How long a graceful shutdown (SIGTERM) may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Bearer token of GET /api/metrics; null serves no metrics. */
  metricsToken: string | null;
  /** PALISADE_SECRET_KEY: the key of secrets kept encrypted (lib/secret-box.ts); unset: one generated into dataDir/secret-key. */
  secretKey: string | undefined;
}

/** Reads the environment once; throws a readable error naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad configuration: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    seed: e.SEED ?? true,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    dbQueueTimeoutMs: e.DB_QUEUE_TIMEOUT_MS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    maxUnattachedUploads: e.MAX_UNATTACHED_UPLOADS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? path.resolve(serverRoot, '../web/dist'),
    production: e.NODE_ENV === 'production',
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION || 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          // A custom endpoint is most often MinIO or alike, which wants the bucket in the path.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN || null,
    secretKey: e.PALISADE_SECRET_KEY || undefined,
  };
}
