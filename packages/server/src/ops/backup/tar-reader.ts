import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';

/**
 * Reads a gzipped tar entry by entry, each handed to `onEntry`, which must read the entry's bytes
 * (or resume it to skip them) and may go on working after them (a store's upload finishing). Before
 * any more of the archive is read, the work of every entry whose bytes have all been read has
 * finished: one file is in flight at a time, whatever the archive's size, and back-pressure holds
 * within an entry (the parser waits for its reader). The first failure stops the reading.
 */
export async function readTarGz(file: string, onEntry: (entry: ReadEntry) => Promise<void>): Promise<void> {
  const parser = new Parser({ strict: true });
  let failure: unknown = null;
  let stopped = () => undefined as void;
  const stop = new Promise<void>((resolve) => (stopped = resolve));
  const fail = (err: unknown) => {
    failure ??= err;
    stopped();
  };
  const finishedEntries: Array<Promise<void>> = [];
  const everyEntry: Array<Promise<void>> = [];
  // One entry's work after another's: the parser may announce the next entry within the chunk that
  // ended the last one; its bytes wait in the entry (at most that chunk) until its turn.
  let previous: Promise<void> = Promise.resolve();
  parser.on('entry', (entry: ReadEntry) => {
    let work: Promise<void> = Promise.resolve();
    entry.once('end', () => finishedEntries.push(work));
    work = previous
      .then(() => {
        if (failure) {
          entry.resume();
          return;
        }
        return onEntry(entry);
      })
      .catch((err: unknown) => {
        fail(err);
        // Its bytes must still be read, or the parser stalls.
        entry.resume();
      });
    previous = work;
    everyEntry.push(work);
  });
  parser.on('error', fail);
  const ended = once(parser, 'end');
  const raw = createReadStream(file);
  const source = createGunzip();
  raw.once('error', (err) => source.destroy(err));
  raw.pipe(source);
  try {
    for await (const chunk of source) {
      await Promise.all(finishedEntries.splice(0));
      if (failure) break;
      if (!parser.write(chunk as Buffer)) await Promise.race([once(parser, 'drain'), ended, stop]);
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      await Promise.race([ended, stop]);
    }
  } finally {
    raw.destroy();
    source.destroy();
  }
  // (After a failure an entry's work may wait for bytes that will not come: not waited for.)
  if (!failure) await Promise.all(everyEntry);
  if (failure) throw failure instanceof Error ? failure : new Error('reading the archive failed', { cause: failure });
}
