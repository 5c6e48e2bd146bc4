import { sql } from 'drizzle-orm';
import { seedDemo } from '@palisade/server/seed/demo';
import { openPostgres } from './backends';
import { generate } from './generate';

const backend = await openPostgres('postgres://postgres@127.0.0.1:5432/test');
const db = backend.database.db;
await backend.database.migrate();
await seedDemo(db);
await generate(db, { size: 1000, responses: 200000 });
await db.execute(sql`analyze`);
console.log('DB', backend.databaseUrl);
process.exit(0);
