import type { Db } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { orgEraseRepository as repo } from './org-erase.repository';

export interface EraseReport {
  organisation: { id: string; name: string };
  /** Rows deleted per table (the rows below them by cascade counted with their parent). */
  tables: Array<{ table: string; rows: number }>;
  /** Accounts only this organisation had, deleted. */
  accountsDeleted: number;
  /** Accounts of this organisation's only that another organisation's records still name: kept, without the link. */
  accountsKept: string[];
  /** Accounts shared with another organisation: they lost only their link to this one. */
  accountsUnlinked: number;
  /** Stored files deleted, and the keys the store could not delete (the rows are gone; the bytes left). */
  filesDeleted: number;
  filesFailed: Array<{ key: string; error: string }>;
}

/** What stops an erasure before anything is deleted. */
export class EraseRefused extends Error {}

/**
 * Deletes one organisation and everything only it owns (issue 61, `npm run org:erase`): its
 * assessments, responses with every answer and history, chats, observations, learning, documents,
 * feedback, compliance documents, notifications, activity log, storage figures, its own users and
 * employees, and the contractors and auditors no other organisation shares; accounts shared with
 * another organisation (an auditor serving two) lose only their link. One transaction: it is all
 * deleted or nothing is. The files go from the store after the commit (a key the store cannot
 * delete is reported; no row names it any more). `confirmName` must be the organisation's name,
 * exactly, so that an id pasted by mistake deletes nothing.
 */
export async function eraseOrganisation(deps: { db: Db; store: FileStore }, input: { organisationId: string; confirmName: string }): Promise<EraseReport> {
  const { db, store } = deps;
  const found = await repo.organisation(db, input.organisationId);
  if (!found) throw new EraseRefused(`No organisation has the id ${input.organisationId}`);
  if (found.name !== input.confirmName)
    throw new EraseRefused(`--confirm must be the organisation's name exactly ("${found.name}"); nothing was deleted`);
  const result = await db.transaction(async (tx) => {
    const own = await repo.ownAccounts(tx, found.id);
    const shared = await repo.sharedAccounts(tx, found.id, own);
    const keys = await repo.fileKeys(tx, found.id, own);
    const tables = await repo.deleteOrganisationRows(tx, found.id);
    const files = await repo.deleteFiles(tx, found.id, own);
    const links = await repo.deleteLinks(tx, found.id);
    let deleted = 0;
    const kept: string[] = [];
    for (const id of own) {
      if (await repo.deleteAccount(tx, id)) deleted += 1;
      else kept.push(id);
    }
    const organisations = await repo.deleteOrganisation(tx, found.id);
    tables.push({ table: 'files', rows: files }, { table: 'user_organisations', rows: links }, { table: 'users', rows: deleted }, { table: 'organisations', rows: organisations });
    return { tables, keys, deleted, kept, shared };
  });
  const filesFailed: EraseReport['filesFailed'] = [];
  let filesDeleted = 0;
  for (const key of result.keys) {
    try {
      await store.delete(key);
      filesDeleted += 1;
    } catch (err) {
      filesFailed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return {
    organisation: found,
    tables: result.tables,
    accountsDeleted: result.deleted,
    accountsKept: result.kept,
    accountsUnlinked: result.shared.length,
    filesDeleted,
    filesFailed,
  };
}

/** The report as the command prints it. */
export function formatEraseReport(r: EraseReport): string {
  const lines = [`Erased ${r.organisation.name} (${r.organisation.id}):`];
  for (const t of r.tables) if (t.rows > 0) lines.push(`  ${t.table}: ${t.rows} rows`);
  lines.push(`  accounts deleted: ${r.accountsDeleted}; shared accounts unlinked: ${r.accountsUnlinked}`);
  if (r.accountsKept.length > 0) lines.push(`  accounts kept (another organisation's records name them): ${r.accountsKept.join(', ')}`);
  lines.push(`  files deleted from the store: ${r.filesDeleted}`);
  for (const f of r.filesFailed) lines.push(`  FILE NOT DELETED ${f.key}: ${f.error}`);
  return lines.join('\n');
}
