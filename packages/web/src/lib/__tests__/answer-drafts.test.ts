import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  draftOf,
  draftsOf,
  draftsRevision,
  dropDraft,
  dropDraftsOf,
  hasDrafts,
  keepDraft,
  subscribeDrafts,
  type AnswerDraft,
} from '../answer-drafts';

const draft = (over: Partial<AnswerDraft> = {}): AnswerDraft => ({
  responseId: 'r1',
  sectionId: 's1',
  questionId: 'q1',
  version: 3,
  entry: { text: 'Toolbox talks every Monday' },
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('answer drafts (issue 56)', () => {
  it('keeps a draft per user, response and question, with the version it was based on', () => {
    keepDraft('u1', draft());
    keepDraft('u1', draft({ questionId: 'q2', sectionId: 's2', version: 0, entry: { yesNo: 'YES' } }));
    keepDraft('u1', draft({ responseId: 'r2' }));
    expect(draftOf('u1', 'r1', 'q1')).toEqual(draft());
    expect(draftsOf('u1', 'r1').map((d) => [d.questionId, d.sectionId, d.version]).sort()).toEqual([
      ['q1', 's1', 3],
      ['q2', 's2', 0],
    ]);
    // A newer keep of the same question replaces the older.
    keepDraft('u1', draft({ version: 4, entry: { text: 'Daily' } }));
    expect(draftOf('u1', 'r1', 'q1')).toEqual(draft({ version: 4, entry: { text: 'Daily' } }));
    expect(draftsOf('u1', 'r1')).toHaveLength(2);
  });

  it("never shows one user's drafts to another", () => {
    keepDraft('u1', draft());
    expect(draftOf('u2', 'r1', 'q1')).toBeNull();
    expect(draftsOf('u2', 'r1')).toEqual([]);
    expect(hasDrafts('u2')).toBe(false);
    expect(hasDrafts('u1')).toBe(true);
    // A user id that begins like another's is another user.
    expect(hasDrafts('u')).toBe(false);
  });

  it('drops one draft once saved, and all of a user at its sign-out, leaving the others', () => {
    keepDraft('u1', draft());
    keepDraft('u1', draft({ questionId: 'q2' }));
    keepDraft('u2', draft());
    dropDraft('u1', 'r1', 'q1');
    expect(draftsOf('u1', 'r1').map((d) => d.questionId)).toEqual(['q2']);
    dropDraftsOf('u1');
    expect(hasDrafts('u1')).toBe(false);
    expect(draftOf('u2', 'r1', 'q1')).toEqual(draft());
  });

  it('reads what another version of the app or a hand edit left as nothing, not as a draft', () => {
    localStorage.setItem('palisade.answer-draft.v1:u1:r1:q1', '{not json');
    localStorage.setItem('palisade.answer-draft.v1:u1:r1:q2', JSON.stringify({ questionId: 'q2' }));
    expect(draftOf('u1', 'r1', 'q1')).toBeNull();
    expect(draftsOf('u1', 'r1')).toEqual([]);
  });

  it('tells its subscribers of every change, and of changes made in another tab', () => {
    const heard = vi.fn();
    const stop = subscribeDrafts(heard);
    const before = draftsRevision();
    keepDraft('u1', draft());
    dropDraft('u1', 'r1', 'q1');
    // Nothing to drop: nothing changed.
    dropDraft('u1', 'r1', 'q1');
    expect(heard).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'palisade.answer-draft.v1:u1:r1:q9' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(heard).toHaveBeenCalledTimes(3);
    expect(draftsRevision()).toBeGreaterThan(before);
    stop();
    keepDraft('u1', draft());
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing, and throws nothing, when the storage refuses (quota)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepDraft('u1', draft())).not.toThrow();
    expect(draftOf('u1', 'r1', 'q1')).toBeNull();
  });
});
