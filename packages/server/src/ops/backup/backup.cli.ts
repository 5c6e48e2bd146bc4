// `npm run backup -- --to FILE`: one archive (tar.gz) of the database and every stored file, with
// a manifest, taken from a running portal without stopping it (backup.service.ts). It reads the
// portal's own variables (DATABASE_URL or DATA_DIR; S3_* when files are in a bucket).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { systemClock } from '../../lib/clock';
import { createBackup, formatBackupResult } from './backup.service';
import { BackupRefused } from './pg-tools';

const USAGE = 'Usage: npm run backup -- --to <archive file, e.g. /backups/palisade-$(date +%F).tar.gz>';

async function cli(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to) throw new BackupRefused(USAGE);
  const config = loadConfig();
  const result = await createBackup({ config, clock: systemClock, log: (line) => console.log(line) }, { to: values.to });
  console.log(formatBackupResult(result));
}

cli().catch((err: unknown) => {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
});
