import { describe, expect, it } from 'vitest';
import { AppError } from '@palisade/domain/errors';
import { coreMessages } from '@palisade/domain/messages-core';
import { createOnce, IdAlreadyStored, type FirstStored } from './create-once';

/**
 * The one client-id mechanism (lib/create-once.ts) by itself; the routes' tests (create-once.routes,
 * assessments/client-ids.routes) run it against both databases.
 */
const ME = 'user-1';
const stored = (creatorId: string | null, reply = 'first'): FirstStored<string> => ({ creatorId, reply });
const never = async (): Promise<string> => {
  throw new Error('create must not run');
};
const duplicateName = () => new AppError('CONFLICT', 'A category with this name already exists', { field: 'name' });
const isConflict = (err: unknown) => err instanceof AppError && err.status === 409;

async function idTaken(run: Promise<unknown>): Promise<void> {
  await expect(run).rejects.toMatchObject({ status: 409, message: coreMessages.http.idTaken });
}

describe('createOnce', () => {
  it('creates when the id is free', async () => {
    expect(await createOnce(ME, async () => 'made', async () => undefined)).toEqual({ reply: 'made', repeat: false });
  });

  it("answers the same user's repeat with the first row; another user's id, or a row gone since, is 409", async () => {
    const taken = async () => {
      throw new IdAlreadyStored();
    };
    expect(await createOnce(ME, taken, async () => stored(ME))).toEqual({ reply: 'first', repeat: true });
    await idTaken(createOnce(ME, taken, async () => stored('user-2')));
    await idTaken(createOnce(ME, taken, async () => stored(null)));
    await idTaken(createOnce(ME, taken, async () => undefined));
  });

  it('readFirst: a repeat is answered before the create runs (its checks would fail on the first row)', async () => {
    expect(await createOnce(ME, never, async () => stored(ME), { readFirst: true })).toEqual({ reply: 'first', repeat: true });
    await idTaken(createOnce(ME, never, async () => stored('user-2'), { readFirst: true }));
  });

  it('raced: an error of another unique index is a repeat once the id is stored, else it stands', async () => {
    let reads = 0;
    // Free when read first; stored by the simultaneous create when read after the name's violation.
    const first = async () => (reads++ === 0 ? undefined : stored(ME));
    const fails = async (): Promise<string> => {
      throw duplicateName();
    };
    expect(await createOnce(ME, fails, first, { readFirst: true, raced: isConflict })).toEqual({ reply: 'first', repeat: true });
    // Another id holds the name: the spec's duplicate text.
    await expect(createOnce(ME, fails, async () => undefined, { readFirst: true, raced: isConflict })).rejects.toMatchObject({
      message: 'A category with this name already exists',
    });
    // Errors the option does not name are not looked into.
    const broken = new Error('disk full');
    await expect(createOnce(ME, async () => Promise.reject(broken), async () => stored(ME), { raced: isConflict })).rejects.toBe(broken);
    await expect(createOnce(ME, fails, async () => stored(ME))).rejects.toMatchObject({ status: 409, message: 'A category with this name already exists' });
  });
});
