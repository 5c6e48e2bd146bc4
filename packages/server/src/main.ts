import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { isDatabaseUnreachable } from './db/errors';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed/demo';
import { seedDemoDashboards } from './seed/demo-dashboards';
import { writeDemoDocumentFiles } from './seed/demo-documents';
import { writeDemoLearningFiles } from './seed/demo-learning';
import { writeDemoComplianceFiles } from './seed/demo-compliance';
import { writeDemoObservationPhotos } from './seed/demo-observation-photos';
import { exitOnSignals } from './shutdown';
import { startBackupEndpoint, type BackupEndpoint } from './ops/backup/backup-endpoint';
import { systemClock } from './lib/clock';
import { createFileStore } from './storage/create-file-store';
import type { FileStore } from './storage/file-store';

/** How often migrations are tried again while the database cannot be reached at boot. */
const PREPARE_RETRY_MS = 5000;

/** Migrates, then seeds an empty database; whether demo data was seeded. */
async function prepare(config: Config, database: Database, store: FileStore): Promise<boolean> {
  await database.migrate();
  const seeded = config.seed ? await seedDemo(database.db) : false;
  if (seeded) {
    // Two years of monthly checks for the dashboards (after the demo; the API tests add it
    // themselves), and the bytes of the seeded observation photos and document files.
    await database.db.transaction((tx) => seedDemoDashboards(tx));
    await writeDemoObservationPhotos(database.db, store);
    await writeDemoDocumentFiles(database.db, store);
    await writeDemoLearningFiles(database.db, store);
    await writeDemoComplianceFiles(database.db, store);
  }
  return seeded;
}

/** The innermost cause's text (drizzle wraps the driver's error in its own, naming the query). */
function reason(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  if (e instanceof AggregateError && e.errors[0] instanceof Error) e = e.errors[0];
  return e instanceof Error ? e.message || e.name : String(e);
}

/**
 * Reads config, migrates, seeds an empty database, listens, prints the URL and demo sign-ins. A
 * database that cannot be reached does not stop the start: the server listens (GET /api/ready
 * answers 503 naming the database) and migrates once the database answers.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, queueTimeoutMs: config.dbQueueTimeoutMs, pgliteSharedBuffers: config.pgliteSharedBuffers });
  const store = createFileStore(config);
  let seeded = false;
  let prepared = false;
  try {
    seeded = await prepare(config, database, store);
    prepared = true;
  } catch (err) {
    if (!isDatabaseUnreachable(err)) throw err;
    console.error(
      `The database cannot be reached (${reason(err)}). The server starts anyway: /api/ready answers 503 until it can, and migrations are tried again every ${PREPARE_RETRY_MS / 1000} s.`,
    );
  }
  const { app, services } = await buildApp({ config, database, store, benchRoutes: process.env.PALISADE_BENCH === '1' });
  if (prepared) {
    // Reminders and chat digests owed while the server was down are told before it serves (#22).
    await services.notifications.sweepReminders();
    await services.notifications.sweepChat();
    await services.complianceReminders.sweep();
    // Rounds of recurring assessments due while the server was down (issue 58).
    await services.roundSweep.sweep();
    // The rankings of the data seeded or changed while the server was down, before it serves (issue 63).
    await services.rankings.rebuildDue();
  }
  let retry: NodeJS.Timeout | null = null;
  let stopping = false;
  // PGlite is this process's: `npm run backup` asks it for the dump (ops/backup/backup-endpoint.ts).
  let backupEndpoint: BackupEndpoint | null = null;
  exitOnSignals({
    timeoutMs: config.shutdownTimeoutMs,
    log: app.log,
    async close() {
      stopping = true;
      if (retry) clearTimeout(retry);
      await backupEndpoint?.close();
      await app.close();
      await store.close();
      await database.close();
    },
  });
  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'pglite') backupEndpoint = await startBackupEndpoint({ dataDir: config.dataDir, database, clock: systemClock, log: (line) => app.log.error(line) });
  if (!prepared) {
    const again = () => {
      retry = setTimeout(() => {
        prepare(config, database, store).then(
          (didSeed) => app.log.info({ seeded: didSeed }, 'the database answers: migrated'),
          (err: unknown) => {
            if (stopping) return;
            if (isDatabaseUnreachable(err)) {
              app.log.warn({ err: reason(err) }, 'the database still cannot be reached');
              again();
            } else {
              app.log.error({ err }, 'migrating the database failed');
            }
          },
        );
      }, PREPARE_RETRY_MS);
    };
    again();
  }
  const lines = [
    '',
    `Palisade is running on ${config.publicUrl} (database: ${database.kind}${seeded ? ', demo data seeded' : ''}; files: ${store.kind === 's3' ? 'S3 bucket' : 'local folder'})`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_SIGN_INS.map((s) => `  ${s.email.padEnd(24)} ${s.role}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
