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
