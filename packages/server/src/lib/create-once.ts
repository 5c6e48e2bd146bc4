import { clientIdField } from '@palisade/domain/client-id';
import { AppError } from '@palisade/domain/errors';
import { coreMessages } from '@palisade/domain/messages-core';
import { newId } from './ids';

/**
 * Thrown inside a create's transaction when its insert stored nothing because its id exists
 * (`on conflict do nothing`): the transaction rolls back whatever else it wrote (a counter, a
 * file's record), and createOnce answers with the row the first create stored.
 */
export class IdAlreadyStored extends Error {
  constructor() {
    super('a row with this id is already stored');
    this.name = 'IdAlreadyStored';
  }
}

/** Inside a create's transaction: the inserted row, or, when the insert found its id taken, a rollback. */
export function storedOrRollBack<T>(row: T | undefined): T {
  if (row === undefined) throw new IdAlreadyStored();
  return row;
}

/**
 * The ids of one create with files: the folder its files go to, and its row's. A form's files are
 * stored as they arrive, under a folder named after the row (the spec's paths), before the rest of
 * the form is read. The client's id names the folder when it came before the first file (the web's
 * forms send it first) and is well-formed; else an id made for this request does, which is also
 * the row's when the client sent none. The folder, once chosen, stays for the form's other files.
 */
export function createIds() {
  const made = newId();
  let folder: string | undefined;
  return {
    folder(clientId: string | undefined): string {
      folder ??= clientId !== undefined && clientIdField.safeParse(clientId).success ? clientId : made;
      return folder;
    },
    row(clientId: string | undefined): string {
      return clientId ?? made;
    },
  };
}

/**
 * A row already stored under a create's id: who created it, and the reply the first create gave.
 * `first` answers undefined for a row the caller may not have (another organisation's): taken.
 */
export interface FirstStored<T> {
  creatorId: string | null;
  reply: T;
}

/** What a create needs beyond its id's primary key. */
export interface CreateOnceOptions {
  /**
   * Reads the id's row before creating, and answers a repeat with it before anything is checked:
   * for a create whose checks the first row itself would fail (a name unique per organisation
   * that the first row now holds) or that are costly.
   */
  readFirst?: boolean;
  /**
   * The create's errors that a simultaneous create of the same id may cause through another
   * unique index (its violation once that create ended, after both passed `readFirst`): when the
   * id's row is then stored, the create is a repeat; else the error stands.
   */
  raced?: (err: unknown) => boolean;
}

/**
 * DECISIONS.md: every create a form sends carries a client-made id, and the same id twice stores
 * one row. `create` runs the create (its insert `on conflict (id) do nothing`, then
 * storedOrRollBack); when the id is taken, `first` reads the row stored under it. The same user's
 * repeat is answered with that row (`repeat: true`: the caller does nothing else again, no
 * notification, mail, realtime frame or audit entry, and removes the repeat's files); another
 * user's id is 409. The primary key decides, so two identical requests at once store one row.
 */
export async function createOnce<T>(
  userId: string,
  create: () => Promise<T>,
  first: () => Promise<FirstStored<T> | undefined>,
  options: CreateOnceOptions = {},
): Promise<{ reply: T; repeat: boolean }> {
  const repeated = (stored: FirstStored<T> | undefined) => {
    // Gone since (deleted between the insert and this read) counts as taken: the client reloads.
    if (!stored || stored.creatorId !== userId) throw new AppError('CONFLICT', coreMessages.http.idTaken, { field: 'id' });
    return { reply: stored.reply, repeat: true };
  };
  if (options.readFirst) {
    const stored = await first();
    if (stored) return repeated(stored);
  }
  try {
    return { reply: await create(), repeat: false };
  } catch (err) {
    if (err instanceof IdAlreadyStored) return repeated(await first());
    if (!options.raced?.(err)) throw err;
    const stored = await first();
    if (!stored) throw err;
    return repeated(stored);
  }
}
