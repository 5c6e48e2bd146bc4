import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** One table of an organisation's export: which of its rows are the organisation's, and what the README says of it. */
export interface ExportTable {
  /** The table's name in the database, and the name of its files in the zip (data/{table}.json, .csv). */
  table: string;
  /** The README's line on it. */
  description: string;
  /** The rows of the organisation, as a condition on the table's row `x`. */
  scope: (org: string) => SQL;
  /**
   * Only these columns are exported (an account's password hash, or any secret a later column
   * holds, never is); otherwise every column.
   */
  columns?: readonly string[];
}

const byOrganisation = (org: string) => sql`x.organisation_id = ${org}`;
const ofAssessments = (column: string) => (org: string) =>
  sql`${sql.raw(`x.${column}`)} in (select a.id from assessments a where a.organisation_id = ${org})`;
const ofResponses = (org: string) => sql`x.response_id in (select r.id from responses r where r.organisation_id = ${org})`;
const ofRooms = (org: string) => sql`x.room_id in (select c.id from chat_rooms c where c.organisation_id = ${org})`;

/** The accounts of an organisation: its own users and employees, and the contractors and auditors linked to it. */
const accountsOf = (org: string) =>
  sql`x.id in (select u.id from users u where u.organisation_id = ${org} union select uo.user_id from user_organisations uo where uo.organisation_id = ${org})`;

/**
 * Every table an organisation's export holds (issue 61), parents before children, and which rows
 * of each are the organisation's: the same map as the erasure's (organisations/org-erase.repository.ts),
 * read instead of deleted. Not exported, on purpose (NOT_EXPORTED): counts and rankings the portal
 * keeps from these rows (they are sums of them), delivery and sign-in bookkeeping (sessions, codes,
 * mails, notifications, reminders told), and the exports themselves.
 */
export const EXPORT_TABLES: readonly ExportTable[] = [
  {
    table: 'organisations',
    description: 'The organisation itself: its name and location.',
    scope: (org) => sql`x.id = ${org}`,
    columns: ['id', 'name', 'location', 'created_at', 'updated_at'],
  },
  {
    table: 'users',
    description:
      'Every account of the organisation: its own users (type 2) and employees (type 5), and the contractor companies (type 3) and auditors (type 4) that serve it. Without password hashes or any other secret.',
    scope: accountsOf,
    columns: [
      'id',
      'type',
      'email',
      'name',
      'phone',
      'location',
      'code',
      'contact_person_name',
      'organisation_id',
      'contractor_id',
      'is_active',
      'deleted_at',
      'profile_image',
      'can_export_assessment_data',
      'email_notifications',
      'language',
      'created_at',
      'updated_at',
    ],
  },
  { table: 'user_organisations', description: 'The contractors and auditors linked to the organisation (disabled_at: disabled here only).', scope: byOrganisation },
  { table: 'assess_categories', description: 'The categories of assessment sections.', scope: byOrganisation },
  { table: 'questions', description: 'The question bank.', scope: byOrganisation },
  { table: 'assessments', description: 'The assessments, with their status and due date.', scope: byOrganisation },
  { table: 'assessment_sections', description: "The assessments' sections: category, marks and E-S-G-O factors.", scope: ofAssessments('assessment_id') },
  {
    table: 'assessment_section_questions',
    description: "The sections' questions and how each is answered.",
    scope: (org) =>
      sql`x.section_id in (select s.id from assessment_sections s join assessments a on a.id = s.assessment_id where a.organisation_id = ${org})`,
  },
  { table: 'assessment_contractors', description: 'Which contractor companies each assessment is shared with.', scope: ofAssessments('assessment_id') },
  { table: 'assessment_timeline', description: 'What happened to each assessment: who, when, the action.', scope: ofAssessments('assessment_id') },
  { table: 'responses', description: "The contractors' responses: status, due dates, counts and scores.", scope: byOrganisation },
  { table: 'response_sections', description: "The responses' sections: category, marks and score.", scope: ofResponses },
  {
    table: 'response_questions',
    description: 'Every question of every response with its answer (answer), files (attachments, auditor_attachments), judgement (assess_status) and remark.',
    scope: ofResponses,
  },
  { table: 'response_question_history', description: 'Every judgement and remark ever given on a question: who, when, what.', scope: ofResponses },
  { table: 'response_timeline', description: 'Every status change of every response: who, when, from, to.', scope: ofResponses },
  { table: 'response_carry_overs', description: "Answers carried over from a recurring assessment's previous round.", scope: ofResponses },
  { table: 'chat_rooms', description: 'The chats, one per question of a response.', scope: byOrganisation },
  { table: 'chat_messages', description: 'Every chat message, with its sender and file.', scope: ofRooms },
  { table: 'chat_reads', description: 'How far each reader has read each chat.', scope: ofRooms },
  { table: 'observations', description: 'The safety observations: the report, photo, status, action and root cause analysis.', scope: byOrganisation },
  { table: 'learning_categories', description: 'The learning categories and sub-categories the organisation added.', scope: byOrganisation },
  { table: 'learning_documents', description: 'The learning library and the notices (topic Notices).', scope: byOrganisation },
  { table: 'learning_progress', description: "Employees' time on each learning document and its completion.", scope: byOrganisation },
  {
    table: 'notice_views',
    description: 'Who opened each notice, and when.',
    scope: (org) => sql`x.doc_id in (select d.id from learning_documents d where d.organisation_id = ${org})`,
  },
  { table: 'policy_documents', description: 'The policy documents (Recent Policy Updates) with their files.', scope: byOrganisation },
  {
    table: 'policy_document_views',
    description: 'Who opened each policy document, and when.',
    scope: (org) => sql`x.document_id in (select d.id from policy_documents d where d.organisation_id = ${org})`,
  },
  { table: 'feedbacks', description: 'The feedback given to the organisation.', scope: byOrganisation },
  { table: 'compliance_requirements', description: 'What the organisation requires of its contractors (insurance, certificates, licences).', scope: byOrganisation },
  { table: 'compliance_documents', description: "Every version of the contractors' compliance documents with its review (state, reviewer, remark).", scope: byOrganisation },
  { table: 'assessment_recurrences', description: 'How each recurring assessment repeats: interval, first round, answering window (issue 58).', scope: byOrganisation },
  { table: 'assessment_rounds', description: 'The rounds of the recurring assessments: label, start and due date (issue 58).', scope: byOrganisation },
  { table: 'audit_log', description: 'The activity log: who changed what, when, before and after.', scope: byOrganisation },
  {
    table: 'files',
    description: 'Every stored file of the organisation (path: where it is under files/ in this zip; owner, type, size).',
    scope: (org) => sql`(x.organisation_id = ${org} or x.quota_organisation_id = ${org})`,
  },
];

/**
 * Tables with an organisation's rows that the export leaves out, and why (the coverage test checks
 * that every table naming an organisation is in one list or the other).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  contractor_scores: 'sums kept from responses',
  contractor_rankings: 'kept from contractor_scores',
  ranking_state: 'bookkeeping of the rankings',
  list_versions: 'cache versions',
  learning_month_seconds: 'sums kept from learning_progress',
  learning_org_month_seconds: 'sums kept from learning_progress',
  learning_employee_totals: 'sums kept from learning_progress',
  observation_day_counts: 'counts kept from observations',
  observation_month_counts: 'counts kept from observations',
  compliance_current: 'the newest of compliance_documents, kept',
  compliance_digests: 'digests already sent',
  compliance_versions: 'cache versions',
  organisation_storage: 'sums kept from files',
  notifications: "the users' bell: messages about the events exported",
  sessions: 'sign-in sessions (secret)',
  export_jobs: 'the exports themselves',
  sso_configs: "single sign-on settings (they hold the identity provider's secret)",
  sso_domains: 'single sign-on settings',
  sso_logins: 'single sign-on bookkeeping',
  organisation_security: 'sign-in settings (two-factor, single sign-on)',
};

/** The keyset of a page: the last row's primary key, as text. */
export type PageKey = readonly string[];

/** What streaming one table needs: its exported columns and its primary key. */
export interface TableShape {
  columns: string[];
  key: string[];
}

/** Reads an organisation's rows for its export, a page at a time (never a whole table in memory). */
export const exportDataRepository = {
  /** The tables that exist in this database (a table of the map that a later migration dropped is skipped). */
  async existingTables(db: DbOrTx): Promise<Set<string>> {
    const rows = rowsOf<{ table_name: string }>(
      await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
    );
    return new Set(rows.map((r) => r.table_name));
  },

  /** The exported columns (in the table's order) and primary key of a table. */
  async shape(db: DbOrTx, spec: ExportTable): Promise<TableShape> {
    const cols = rowsOf<{ column_name: string }>(
      await db.execute(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${spec.table} order by ordinal_position`,
      ),
    ).map((r) => r.column_name);
    const allowed = spec.columns ? new Set(spec.columns) : null;
    const key = rowsOf<{ column_name: string }>(
      await db.execute(sql`
        select a.attname as column_name
        from pg_index i
        join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = ${`public.${spec.table}`}::regclass and i.indisprimary
        order by k.n`),
    ).map((r) => r.column_name);
    if (key.length === 0) throw new Error(`${spec.table} has no primary key to page by`);
    return { columns: cols.filter((c) => allowed === null || allowed.has(c)), key };
  },

  /**
   * One page of the organisation's rows of a table, in primary-key order after `after` (keyset
   * paging: each page is an index range, however far in): each row as its JSON text (the exported
   * columns, in order) and its key.
   */
  async page(db: DbOrTx, spec: ExportTable, shape: TableShape, org: string, after: PageKey | null, limit: number): Promise<Array<{ json: string; key: string[] }>> {
    const col = (c: string) => sql.raw(`x.${quoteIdent(c)}`);
    const object = sql.join(
      shape.columns.map((c) => sql`${c}::text, ${col(c)}`),
      sql`, `,
    );
    const keyList = sql.join(shape.key.map(col), sql`, `);
    const keyText = sql.join(
      shape.key.map((c, i) => sql`${col(c)}::text as ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
    const next = after === null ? sql`true` : sql`(${keyList}) > (${sql.join(after.map((v) => sql`${v}`), sql`, `)})`;
    const rows = rowsOf<Record<string, string>>(
      await db.execute(sql`
        select json_build_object(${object})::text as json, ${keyText}
        from ${sql.raw(quoteIdent(spec.table))} x
        where ${spec.scope(org)} and ${next}
        order by ${keyList}
        limit ${limit}`),
    );
    return rows.map((r) => ({ json: r.json ?? '{}', key: shape.key.map((_c, i) => r[`k${i}`] ?? '') }));
  },

  /** The organisation's name. */
  async organisationName(db: DbOrTx, org: string): Promise<string | null> {
    const [row] = rowsOf<{ name: string }>(await db.execute(sql`select name from organisations where id = ${org}`));
    return row?.name ?? null;
  },
};

/** A SQL identifier of the map (never user input), quoted. */
function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `"${name}"`;
}
