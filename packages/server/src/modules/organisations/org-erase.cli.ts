// `npm run org:erase -- --org ID --confirm NAME`: deletes one organisation and everything only it
// owns (org-erase.service.ts), on the database and the file store the portal's variables name
// (DATABASE_URL or the PGlite folder of DATA_DIR; S3_* or DATA_DIR/files). On PGlite stop the
// portal first: the embedded database is one process's.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createFileStore } from '../../storage/create-file-store';
import { EraseRefused, eraseOrganisation, formatEraseReport } from './org-erase.service';

const USAGE = 'Usage: npm run org:erase -- --org <organisation id> --confirm "<the organisation\'s name>"';

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { org: { type: 'string' }, confirm: { type: 'string' } } });
  if (!values.org || values.confirm === undefined) throw new EraseRefused(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  const store = createFileStore(config);
  try {
    const report = await eraseOrganisation({ db: database.db, store }, { organisationId: values.org, confirmName: values.confirm });
    console.log(formatEraseReport(report));
    if (report.filesFailed.length > 0) process.exitCode = 1;
  } finally {
    await store.close();
    await database.close();
  }
}

cli().catch((err: unknown) => {
  console.error(err instanceof EraseRefused ? err.message : err);
  process.exit(1);
});
