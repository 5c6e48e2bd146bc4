import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@palisade/server/db/client';
import { seedDemo } from '@palisade/server/seed/demo';
import { generate } from './generate';

/**
 * The bench's data set in a portal's data folder, for a real server to start on (the e2e's scale
 * run, issue 63): `tsx packages/bench/src/scale-data.ts --dir DIR --size 1000 --responses 20000`
 * migrates a new PGlite database in DIR/pglite, seeds the demo and adds the generated contractors,
 * assessments, responses and observations; a server then starts with DATA_DIR=DIR SEED=false.
 */
export async function prepareScaleData(dir: string, opts: { size: number; responses: number }): Promise<string> {
  const pgliteDir = path.join(dir, 'pglite');
  if (fs.existsSync(pgliteDir)) throw new Error(`${pgliteDir} exists: the data set goes into a new folder`);
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ pgliteDir, queueTimeoutMs: 30 * 60_000 });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const steps = await generate(database.db, opts);
    return steps.map((s) => `${s.name}: ${s.rows} rows in ${s.ms} ms`).join('; ');
  } finally {
    await database.close();
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (invokedDirectly) {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, size: { type: 'string' }, responses: { type: 'string' } },
  });
  if (!values.dir) throw new Error('--dir DIR is required');
  const size = Number(values.size ?? 1000);
  const responses = Number(values.responses ?? 20_000);
  const started = performance.now();
  const summary = await prepareScaleData(values.dir, { size, responses });
  console.log(`scale data (${size} contractors, ${responses} responses) in ${Math.round(performance.now() - started)} ms: ${summary}`);
}
