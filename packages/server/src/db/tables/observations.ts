import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

/**
 * A safety observation report (company-and-auditor §3): reported by an employee or a contractor,
 * of one contractor (managerid) of one organisation, numbered per organisation (srno). status:
 * 1 Submitted, 2 Accepted, 3 Rejected, 4 Marked as Duplicate; action: 0 none, 1 to 3.
 */
export const observations = pgTable(
  'observations',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    srno: integer('srno').notNull(),
    category: text('category').notNull(),
    status: smallint('status').notNull().default(1),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    reportedBy: text('reported_by')
      .notNull()
      .references(() => users.id),
    reporterName: text('reporter_name').notNull(),
    contractorId: text('contractor_id')
      .notNull()
      .references(() => users.id),
    /** The submitted form fields, in order (FullName, Location, Description, …). */
    formData: jsonb('form_data').$type<{ label: string; value: string }[]>().notNull(),
    description: text('description').notNull().default(''),
    photo: jsonb('photo').$type<FileRecord>(),
    action: smallint('action').notNull().default(0),
    actionAt: timestamp('action_at', { withTimezone: true }),
    /** Captured once, by the first action or comment. */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    actionBy: text('action_by').references(() => users.id),
    rootCauseAnalysis: text('root_cause_analysis').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('observations_org_srno_key').on(t.organisationId, t.srno),
    index('observations_org_reported_idx').on(t.organisationId, t.reportedAt, t.id),
    // INCLUDE (organisation_id, category) too, migration 0023: the contractor's graph reads the
    // index alone (the builder has no INCLUDE).
    index('observations_contractor_reported_idx').on(t.contractorId, t.reportedAt, t.id),
  ],
);

/**
 * Reports per organisation, UTC day and category, kept in the transaction of each new report:
 * the organisation's Monthly Reporting reads at most 366 × 6 of these instead of a year of reports.
 */
export const observationDayCounts = pgTable(
  'observation_day_counts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day, t.category] })],
);

/**
 * The organisation's reports per UTC month and category (#21): the year's graph reads 12 months
 * of these instead of 365 days of observation_day_counts. Written with the day's row in one
 * statement (observations.repository.ts bumpDayCount); month is the UTC month's first day.
 */
export const observationMonthCounts = pgTable(
  'observation_month_counts',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.category] })],
);
