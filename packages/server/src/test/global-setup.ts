// Once per API test run: one migrated database holding the demo data, which every test file then
// copies instead of migrating and seeding its own (issue 55). On PostgreSQL a template database
// (CREATE DATABASE … TEMPLATE), on PGlite a dump of its data directory loaded by each file.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client';
import { useTestPasswordCost } from '../lib/passwords';
import { seedDemo } from '../seed/demo';
import { createDatabaseNamed, databaseUrlNamed, dropDatabaseNamed, testPostgresUrl } from './test-database';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  useTestPasswordCost();
  const pgUrl = testPostgresUrl();
  const suffix = crypto.randomBytes(6).toString('hex');
  // PGlite's initdb takes seconds: every test file starts from these dumps instead.
  const dumpOf = async (database: Database, file: string): Promise<void> => {
    if (!database.dumpDataDir) throw new Error('PGlite dumps its data directory');
    await fs.writeFile(file, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
  };
  const empty = path.join(os.tmpdir(), `palisade-empty-${suffix}.tar`);
  const dump = path.join(os.tmpdir(), `palisade-template-${suffix}.tar`);
  const database = await openDatabase({ pgliteDir: 'memory' });
  await dumpOf(database, empty);
  project.provide('emptyPglite', empty);
  if (pgUrl) {
    await database.close();
    return postgresTemplate(project, pgUrl, suffix, () => fs.rm(empty, { force: true }));
  }
  await database.migrate();
  await seedDemo(database.db);
  await dumpOf(database, dump);
  await database.close();
  project.provide('seededTemplate', { kind: 'pglite', dump });
  return async () => {
    await fs.rm(dump, { force: true });
    await fs.rm(empty, { force: true });
  };
}

/** A migrated, seeded PostgreSQL database that each test file copies (CREATE DATABASE … TEMPLATE). */
async function postgresTemplate(project: TestProject, pgUrl: string, suffix: string, alsoAtEnd: () => Promise<void>): Promise<() => Promise<void>> {
  const name = `palisade_template_${suffix}`;
  await createDatabaseNamed(pgUrl, name);
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(pgUrl, name), pgliteDir: 'memory' });
  await database.migrate();
  await seedDemo(database.db);
  // A template may have no open connection while a copy of it is made.
  await database.close();
  project.provide('seededTemplate', { kind: 'postgres', name });
  return async () => {
    await dropDatabaseNamed(pgUrl, name);
    await alsoAtEnd();
  };
}
