import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** Runs a DELETE … RETURNING 1 and counts the rows it deleted. */
async function counted(db: DbOrTx, remove: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`with gone as (${remove} returning 1) select count(*)::int as n from gone`));
  return Number(row?.n ?? 0);
}

/**
 * The organisation's own rows, table by table, children before their parents where no foreign
 * key cascades: [table, the rows of the organisation]. Rows of the tables below them (a
 * response's sections, questions and history, a room's messages, an assessment's sections, a
 * document's views, a requirement's documents) go by their foreign keys' ON DELETE CASCADE and are
 * counted with their parent.
 */
const ORGANISATION_ROWS: ReadonlyArray<readonly [string, (org: string) => SQL]> = [
  ['compliance_requirements', (org) => sql`delete from compliance_requirements where organisation_id = ${org}`],
  ['compliance_digests', (org) => sql`delete from compliance_digests where organisation_id = ${org}`],
  ['chat_rooms', (org) => sql`delete from chat_rooms where organisation_id = ${org}`],
  ['responses', (org) => sql`delete from responses where organisation_id = ${org}`],
  ['contractor_scores', (org) => sql`delete from contractor_scores where organisation_id = ${org}`],
  ['contractor_rankings', (org) => sql`delete from contractor_rankings where organisation_id = ${org}`],
  ['ranking_state', (org) => sql`delete from ranking_state where organisation_id = ${org}`],
  ['assessments', (org) => sql`delete from assessments where organisation_id = ${org}`],
  ['questions', (org) => sql`delete from questions where organisation_id = ${org}`],
  ['assess_categories', (org) => sql`delete from assess_categories where organisation_id = ${org}`],
  ['list_versions', (org) => sql`delete from list_versions where organisation_id = ${org}`],
  ['policy_documents', (org) => sql`delete from policy_documents where organisation_id = ${org}`],
  ['feedbacks', (org) => sql`delete from feedbacks where organisation_id = ${org}`],
  ['learning_progress', (org) => sql`delete from learning_progress where organisation_id = ${org}`],
  ['learning_documents', (org) => sql`delete from learning_documents where organisation_id = ${org}`],
  ['learning_month_seconds', (org) => sql`delete from learning_month_seconds where organisation_id = ${org}`],
  ['learning_org_month_seconds', (org) => sql`delete from learning_org_month_seconds where organisation_id = ${org}`],
  ['learning_categories', (org) => sql`delete from learning_categories where organisation_id = ${org}`],
  ['observations', (org) => sql`delete from observations where organisation_id = ${org}`],
  ['observation_day_counts', (org) => sql`delete from observation_day_counts where organisation_id = ${org}`],
  ['observation_month_counts', (org) => sql`delete from observation_month_counts where organisation_id = ${org}`],
  ['notifications', (org) => sql`delete from notifications where organisation_id = ${org}`],
  ['audit_log', (org) => sql`delete from audit_log where organisation_id = ${org}`],
  ['organisation_storage', (org) => sql`delete from organisation_storage where organisation_id = ${org}`],
  ['sessions', (org) => sql`delete from sessions where organisation_id = ${org}`],
];

/** Erasure's reads and deletes (`npm run org:erase`, issue 61). */
export const orgEraseRepository = {
  async organisation(db: DbOrTx, id: string): Promise<{ id: string; name: string } | null> {
    const [row] = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from organisations where id = ${id}`));
    return row ?? null;
  },

  /**
   * The accounts only this organisation has: its own users and employees, and the contractors and
   * auditors linked to it and to no other organisation (a disabled link counts as a link).
   */
  async ownAccounts(db: DbOrTx, org: string): Promise<string[]> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        select id from users where organisation_id = ${org}
        union
        select uo.user_id from user_organisations uo
        where uo.organisation_id = ${org}
          and not exists (select 1 from user_organisations other where other.user_id = uo.user_id and other.organisation_id <> ${org})
          and not exists (select 1 from users u where u.id = uo.user_id and u.organisation_id is not null and u.organisation_id <> ${org})`),
    );
    return rows.map((r) => r.id);
  },

  /** Accounts linked to this organisation that another organisation shares (they lose only the link). */
  async sharedAccounts(db: DbOrTx, org: string, own: readonly string[]): Promise<string[]> {
    const rows = rowsOf<{ user_id: string }>(
      await db.execute(sql`select user_id from user_organisations where organisation_id = ${org} order by user_id`),
    );
    const mine = new Set(own);
    return rows.map((r) => r.user_id).filter((id) => !mine.has(id));
  },

  /** The stored files of the organisation, or counted against its quota, or owned by these accounts: their keys. */
  async fileKeys(db: DbOrTx, org: string, accounts: readonly string[]): Promise<string[]> {
    const rows = rowsOf<{ path: string }>(
      await db.execute(sql`
        select path from files
        where organisation_id = ${org} or quota_organisation_id = ${org}
          or owner_id = any(${sql.param([...accounts])}::text[])
        union all
        -- Its exports' zips (issue 61); their rows go with the organisation's (ON DELETE CASCADE).
        select file_key from export_jobs where organisation_id = ${org} and file_key is not null`),
    );
    return rows.map((r) => r.path);
  },

  async deleteFiles(db: DbOrTx, org: string, accounts: readonly string[]): Promise<number> {
    return counted(
      db,
      sql`delete from files where organisation_id = ${org} or quota_organisation_id = ${org} or owner_id = any(${sql.param([...accounts])}::text[])`,
    );
  },

  /** Deletes the organisation's own rows, table by table; the count per table. */
  async deleteOrganisationRows(db: DbOrTx, org: string): Promise<Array<{ table: string; rows: number }>> {
    // The audit log's trigger lets this transaction delete this organisation's rows only (migration 0036).
    await db.execute(sql`select set_config('palisade.erasing_organisation', ${org}, true)`);
    const report: Array<{ table: string; rows: number }> = [];
    for (const [table, remove] of ORGANISATION_ROWS) report.push({ table, rows: await counted(db, remove(org)) });
    return report;
  },

  async deleteLinks(db: DbOrTx, org: string): Promise<number> {
    return counted(db, sql`delete from user_organisations where organisation_id = ${org}`);
  },

  /**
   * Deletes one account (its sessions, codes, notifications, mails and reads go by their foreign
   * keys). Inside a savepoint: an account that another organisation's records still name (a
   * contractor whose link to another organisation was removed but whose responses there remain)
   * cannot be deleted, and is kept. True when deleted.
   */
  async deleteAccount(db: DbOrTx, userId: string): Promise<boolean> {
    try {
      return await db.transaction(async (sp) => (await counted(sp, sql`delete from users where id = ${userId}`)) === 1);
    } catch {
      return false;
    }
  },

  async deleteOrganisation(db: DbOrTx, org: string): Promise<number> {
    const n = await counted(db, sql`delete from organisations where id = ${org}`);
    // Last: the deletes above bumped it (migration 0037's triggers).
    await db.execute(sql`delete from compliance_versions where organisation_id = ${org}`);
    return n;
  },
};
