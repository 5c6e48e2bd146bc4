/**
 * Answers typed but not saved yet, kept in this browser (localStorage) per user, response and
 * question with the version of the answer they were based on (issue 56). A session that ends
 * while a contractor edits (expiry, signed out elsewhere) would otherwise lose them; after
 * sign-in the checklist sends them, unless the answer changed on the server since (the version
 * rule). Kept by user id, so nobody else who signs in on this browser ever sees them; dropped
 * once saved, and all of a user's at that user's own sign-out.
 *
 * It lives in lib, not in the responses feature, because the sign-in page and the sign-out read
 * and clear it too, and features do not import each other. What a draft's entry holds is the
 * feature's business: it is stored as given and read back as unknown, for the feature to check.
 */

/** One kept answer. */
export interface AnswerDraft {
  responseId: string;
  sectionId: string;
  questionId: string;
  /** The version of the saved answer the entry changes (sent with it: an older one is 409). */
  version: number;
  /** What the form held; checked by whoever reads it back. */
  entry: unknown;
}

const PREFIX = 'palisade.answer-draft.v1';

function keyOf(userId: string, responseId: string, questionId: string): string {
  return `${PREFIX}:${userId}:${responseId}:${questionId}`;
}

function userPrefix(userId: string): string {
  return `${PREFIX}:${userId}:`;
}

/** The browser's storage, or null where there is none or it refuses (private modes, quotas). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let revision = 0;

function changed(): void {
  revision += 1;
  for (const listener of [...listeners]) listener();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parse(raw: string | null): AnswerDraft | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { responseId, sectionId, questionId, version, entry } = value;
  if (
    typeof responseId !== 'string' ||
    typeof sectionId !== 'string' ||
    typeof questionId !== 'string' ||
    typeof version !== 'number'
  )
    return null;
  return { responseId, sectionId, questionId, version, entry };
}

/** Every key of the storage that starts with `prefix`. */
function keysStartingWith(store: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Keeps (or replaces) the user's draft of one question. A full or refused storage keeps nothing. */
export function keepDraft(userId: string, draft: AnswerDraft): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(keyOf(userId, draft.responseId, draft.questionId), JSON.stringify(draft));
  } catch {
    // Quota or a refused storage: the answer is still in the form and its save still runs.
    return;
  }
  changed();
}

/** The user's draft of one question, if any. */
export function draftOf(userId: string, responseId: string, questionId: string): AnswerDraft | null {
  const store = storage();
  return store ? parse(store.getItem(keyOf(userId, responseId, questionId))) : null;
}

/** The user's drafts of one response (every section), in no particular order. */
export function draftsOf(userId: string, responseId: string): AnswerDraft[] {
  const store = storage();
  if (!store) return [];
  return keysStartingWith(store, `${userPrefix(userId)}${responseId}:`)
    .map((key) => parse(store.getItem(key)))
    .filter((draft): draft is AnswerDraft => draft !== null && draft.responseId === responseId);
}

/** True when the user has any draft kept in this browser. */
export function hasDrafts(userId: string): boolean {
  const store = storage();
  return store ? keysStartingWith(store, userPrefix(userId)).length > 0 : false;
}

/** Forgets the user's draft of one question (saved, or given up). */
export function dropDraft(userId: string, responseId: string, questionId: string): void {
  const store = storage();
  if (!store) return;
  const key = keyOf(userId, responseId, questionId);
  if (store.getItem(key) === null) return;
  store.removeItem(key);
  changed();
}

/** Forgets every draft of the user (its own sign-out). */
export function dropDraftsOf(userId: string): void {
  const store = storage();
  if (!store) return;
  const keys = keysStartingWith(store, userPrefix(userId));
  for (const key of keys) store.removeItem(key);
  if (keys.length > 0) changed();
}

/**
 * Runs `listener` whenever drafts change, in this tab or (the storage event) in another; returns
 * its removal. With draftsRevision, what useSyncExternalStore needs.
 */
export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) {
      revision += 1;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A number that changes with every change of the drafts (a snapshot for useSyncExternalStore). */
export function draftsRevision(): number {
  return revision;
}
