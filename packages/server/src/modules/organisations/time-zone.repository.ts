import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@palisade/domain/organisations/time-zone';
import type { DbOrTx } from '../../db/client';
import { organisations } from '../../db/schema';

/** An organisation's time zone as stored: null while never set (read as DEFAULT_TIME_ZONE). */
export interface StoredTimeZone {
  timeZone: string | null;
  version: number;
}

/** An organisations row's zone in SQL: its time_zone, or DEFAULT_TIME_ZONE while never set. */
export const storedZoneSql = sql<string>`coalesce(${organisations.timeZone}, ${DEFAULT_TIME_ZONE})`;

/**
 * The zone of the organisation whose id is the SQL `organisationId` (a column or a value), for
 * statements that take "today" per organisation: `(instant at time zone …)::date` is its day.
 */
export function zoneOfSql(organisationId: unknown) {
  return sql<string>`coalesce((select tzo.time_zone from ${organisations} tzo where tzo.id = ${organisationId}), ${DEFAULT_TIME_ZONE})`;
}

/** The day of `at` in the zone of the organisation `organisationId` (SQL), as a date. */
export function organisationDaySql(at: Date, organisationId: unknown) {
  return sql<string>`(${at.toISOString()}::timestamptz at time zone ${zoneOfSql(organisationId)})::date`;
}

/** The only place that reads and writes an organisation's time zone (issue 60). */
export const timeZoneRepository = {
  async find(db: DbOrTx, organisationId: string): Promise<StoredTimeZone | undefined> {
    const rows = await db
      .select({ timeZone: organisations.timeZone, version: organisations.timeZoneVersion })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .limit(1);
    return rows[0];
  },

  /** Sets the zone of an organisation that has none; whether it did (another sign-in may have first). */
  async adopt(db: DbOrTx, organisationId: string, timeZone: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(organisations)
      .set({ timeZone, timeZoneVersion: sql`${organisations.timeZoneVersion} + 1`, updatedAt: now })
      .where(and(eq(organisations.id, organisationId), isNull(organisations.timeZone)))
      .returning({ id: organisations.id });
    return rows.length > 0;
  },

  /** Sets the zone if `version` is still the current one; the new version, or null when stale. */
  async save(db: DbOrTx, organisationId: string, timeZone: string, version: number, now: Date): Promise<number | null> {
    const rows = await db
      .update(organisations)
      .set({ timeZone, timeZoneVersion: sql`${organisations.timeZoneVersion} + 1`, updatedAt: now })
      .where(and(eq(organisations.id, organisationId), eq(organisations.timeZoneVersion, version)))
      .returning({ version: organisations.timeZoneVersion });
    return rows[0]?.version ?? null;
  },
};
