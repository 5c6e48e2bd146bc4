import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organisationDaySql, storedZoneSql } from '../organisations/time-zone.repository';
import { complianceCurrent, complianceDigests, complianceReminders, complianceRequirements, organisations } from '../../db/schema';

/** An accepted document whose reminder of today is not told yet. */
export interface ExpiryCandidate {
  documentId: string;
  organisationId: string;
  contractorId: string;
  /** Days before its expiry that today is (0 on the expiry day). */
  reminderDay: number;
}

/** An organisation's digest figures of a week not told yet. */
export interface DigestCandidate {
  organisationId: string;
  /** The Monday (YYYY-MM-DD) of the organisation's week (its time zone's). */
  weekOf: string;
  expiring: number;
  expired: number;
}

const live = and(isNull(complianceRequirements.retiredAt), eq(complianceRequirements.expires, true));

/**
 * The reminder sweep's reads and marks (issue 57). It reads compliance_current (one row per
 * requirement and contractor), never the versions, and finds its rows by expiry date through the
 * partial index of accepted expiring documents: a run over 100 000 documents reads only those
 * expiring on one of today's reminder days.
 */
export const complianceRemindersRepository = {
  /** Every reminder day of a live expiring requirement, and 0 (the expiry day). */
  async reminderDays(db: DbOrTx): Promise<number[]> {
    const result = await db.execute(sql`
      select distinct d::int as day from ${complianceRequirements} r, unnest(r.reminder_days || 0) as d
      where r.retired_at is null and r.expires`);
    return ((result as { rows?: { day: number }[] }).rows ?? []).map((r) => Number(r.day));
  },

  /**
   * Accepted documents of live expiring requirements that expire on one of `days` after today
   * (the day of `now` in the organisation's time zone, issue 60) where that day is one of their
   * own requirement's reminder days (or 0), not told yet. The expiry dates are found by the
   * index from UTC's day, a day either side (no zone is further from it), each then checked
   * against its own organisation's day.
   */
  async expiryCandidates(db: DbOrTx, now: Date, days: readonly number[], limit: number): Promise<ExpiryCandidate[]> {
    if (days.length === 0) return [];
    const utcDay = now.toISOString().slice(0, 10);
    const today = organisationDaySql(now, complianceCurrent.organisationId);
    const left = sql<number>`(${complianceCurrent.expiryDate} - ${today})`;
    const dates = [...new Set(days.flatMap((d) => [d - 1, d, d + 1]))].map((d) => sql`${utcDay}::date + ${d}::int`);
    return db
      .select({
        documentId: complianceCurrent.documentId,
        organisationId: complianceCurrent.organisationId,
        contractorId: complianceCurrent.contractorId,
        reminderDay: sql<number>`${left}::int`.mapWith(Number),
      })
      .from(complianceCurrent)
      .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceCurrent.requirementId))
      .where(
        and(
          eq(complianceCurrent.state, 'ACCEPTED'),
          isNotNull(complianceCurrent.expiryDate),
          sql`${complianceCurrent.expiryDate} in (${sql.join(dates, sql`, `)})`,
          live,
          sql`(${left} = 0 or ${left} = any(${complianceRequirements.reminderDays}))`,
          sql`not exists (select 1 from ${complianceReminders} cr
            where cr.document_id = ${complianceCurrent.documentId} and cr.reminder_day = ${left})`,
        ),
      )
      .orderBy(asc(complianceCurrent.expiryDate), asc(complianceCurrent.documentId))
      .limit(limit);
  },

  /** Marks a reminder as told; true only for the one caller that wrote the mark. */
  async claimReminder(db: DbOrTx, documentId: string, reminderDay: number): Promise<boolean> {
    const rows = await db
      .insert(complianceReminders)
      .values({ documentId, reminderDay })
      .onConflictDoNothing()
      .returning({ documentId: complianceReminders.documentId });
    return rows.length > 0;
  },

  /**
   * Per organisation without a digest for its week: its accepted documents of live expiring
   * requirements that expire within `windowDays` from its today, and those already expired. Today
   * and the week (from Monday) are the organisation's, in its time zone (issue 60), read from the
   * organisation's row once per group, not per document.
   */
  async digestCandidates(db: DbOrTx, now: Date, windowDays: number, limit: number): Promise<DigestCandidate[]> {
    const today = sql`(${now.toISOString()}::timestamptz at time zone ${storedZoneSql})::date`;
    const week = sql`date_trunc('week', ${today})::date`;
    const rows = await db
      .select({
        organisationId: complianceCurrent.organisationId,
        weekOf: sql<string>`min(${week})::text`,
        expiring: sql<number>`count(*) filter (where ${complianceCurrent.expiryDate} >= ${today})`.mapWith(Number),
        expired: sql<number>`count(*) filter (where ${complianceCurrent.expiryDate} < ${today})`.mapWith(Number),
      })
      .from(complianceCurrent)
      .innerJoin(complianceRequirements, eq(complianceRequirements.id, complianceCurrent.requirementId))
      .innerJoin(organisations, eq(organisations.id, complianceCurrent.organisationId))
      .where(
        and(
          eq(complianceCurrent.state, 'ACCEPTED'),
          isNotNull(complianceCurrent.expiryDate),
          sql`${complianceCurrent.expiryDate} <= ${today} + ${windowDays}::int`,
          live,
          sql`not exists (select 1 from ${complianceDigests} cd
            where cd.organisation_id = ${complianceCurrent.organisationId} and cd.week_of = ${week})`,
        ),
      )
      .groupBy(complianceCurrent.organisationId)
      .orderBy(asc(complianceCurrent.organisationId))
      .limit(limit);
    return rows;
  },

  /** Marks an organisation's digest of a week as told; true only for the one caller that wrote it. */
  async claimDigest(db: DbOrTx, organisationId: string, weekOf: string): Promise<boolean> {
    const rows = await db
      .insert(complianceDigests)
      .values({ organisationId, weekOf })
      .onConflictDoNothing()
      .returning({ organisationId: complianceDigests.organisationId });
    return rows.length > 0;
  },

  /** For tests and the bench: the reminders told of these documents. */
  async toldOf(db: DbOrTx, documentIds: readonly string[]): Promise<{ documentId: string; reminderDay: number }[]> {
    if (documentIds.length === 0) return [];
    return db
      .select({ documentId: complianceReminders.documentId, reminderDay: complianceReminders.reminderDay })
      .from(complianceReminders)
      .where(inArray(complianceReminders.documentId, [...documentIds]))
      .orderBy(asc(complianceReminders.documentId), asc(complianceReminders.reminderDay));
  },
};
