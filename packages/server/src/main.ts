import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed/demo';
import { seedDemoDashboards } from './seed/demo-dashboards';
import { writeDemoDocumentFiles } from './seed/demo-documents';
import { writeDemoLearningFiles } from './seed/demo-learning';
import { writeDemoObservationPhotos } from './seed/demo-observation-photos';
import { createLocalFileStore } from './storage/file-store';

/** Reads config, migrates, seeds an empty database, listens, prints the URL and demo sign-ins. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, queueTimeoutMs: config.dbQueueTimeoutMs });
  await database.migrate();
  const seeded = config.seed ? await seedDemo(database.db) : false;
  const store = createLocalFileStore(path.join(config.dataDir, 'files'));
  if (seeded) {
    // Two years of monthly checks for the dashboards (after the demo; the API tests add it
    // themselves), and the bytes of the seeded observation photos and document files.
    await database.db.transaction((tx) => seedDemoDashboards(tx));
    await writeDemoObservationPhotos(database.db, store);
    await writeDemoDocumentFiles(database.db, store);
    await writeDemoLearningFiles(database.db, store);
  }
  const { app, services } = await buildApp({ config, database, store, benchRoutes: process.env.PALISADE_BENCH === '1' });
  // Reminders and chat digests owed while the server was down are told before it serves (#22).
  await services.notifications.sweepReminders();
  await services.notifications.sweepChat();
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Palisade is running on ${config.publicUrl} (database: ${database.kind}${seeded ? ', demo data seeded' : ''})`,
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
