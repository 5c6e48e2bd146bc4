import pg from 'pg';

/** What the API run's global setup (global-setup.ts) hands each test file (vitest's inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template: a PostgreSQL database name, or the path of a PGlite data-dir dump. */
    seededTemplate: { kind: 'postgres'; name: string } | { kind: 'pglite'; dump: string };
    /** The path of a PGlite data-dir dump of an empty cluster (PGlite's initdb, done once). */
    emptyPglite: string;
  }
}

/** The PostgreSQL server of the API tests: TEST_DATABASE_URL on the PostgreSQL pass, else null (PGlite). */
export function testPostgresUrl(): string | null {
  return process.env.PALISADE_TEST_BACKEND === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null;
}

/** The same server's URL with another database name. */
export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (databases are made and dropped there). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database on the server, empty or a copy of `template` (which may have no open connection). */
export function createDatabaseNamed(serverUrl: string, name: string, template?: string): Promise<void> {
  return onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
}

/** Drops the database, closing what is still connected to it. */
export function dropDatabaseNamed(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
