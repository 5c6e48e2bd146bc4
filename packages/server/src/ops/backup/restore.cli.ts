// `npm run restore -- --from FILE [--force]`: restores an archive of `npm run backup` into the
// database and file store the portal's variables name (DATABASE_URL or DATA_DIR; S3_*), which
// must be empty unless --force, then checks every table's rows and every file's bytes against the
// archive's manifest and prints the result; exit code 1 on any mismatch (restore.service.ts).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { BackupRefused } from './pg-tools';
import { formatRestoreReport, restoreBackup } from './restore.service';

const USAGE = 'Usage: npm run restore -- --from <archive file> [--force]';

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  if (!values.from) throw new BackupRefused(USAGE);
  const config = loadConfig();
  const report = await restoreBackup({ config, log: (line) => console.log(line) }, { from: values.from, force: values.force });
  console.log(formatRestoreReport(report));
  if (!report.ok) process.exitCode = 1;
}

cli().catch((err: unknown) => {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
});
