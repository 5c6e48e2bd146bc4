import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Location } from 'react-router';
import { coreMessages } from '@palisade/domain/messages-core';
import { ApiError, settleReply } from './api-client';
import { useLeaveGuard, type LeaveGuard } from './leave-guard';

/** One upload on its way to the server (issue 56). */
export interface RunningUpload {
  id: number;
  /** What the user chose: the file's name, or the names of several files. */
  name: string;
  /** The part of a screen that shows its progress (one checklist question, one dialog). */
  scope: string;
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (the request's, once the browser knows it; the files' sizes until then). */
  total: number;
}

/*
 * The one store of running uploads: the screens read their own (by scope) to show the progress,
 * and the app shell reads them all to ask before the page is left (useUploadsLeavePrompt).
 */
let running: readonly RunningUpload[] = [];
const listeners = new Set<() => void>();
const aborts = new Map<number, () => void>();
let nextId = 1;

function publish(next: readonly RunningUpload[]): void {
  running = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The uploads running now. */
export function runningUploads(): readonly RunningUpload[] {
  return running;
}

/** Stops every running upload (the user chose to leave the page): each one's call rejects as aborted. */
export function abortAllUploads(): void {
  for (const abort of [...aborts.values()]) abort();
}

/**
 * For the tests (test/setup.ts, after each): stops and forgets every running upload, as a new
 * page starts with none, so that an upload a test left running is not the next test's.
 */
export function resetUploads(): void {
  abortAllUploads();
  aborts.clear();
  publish([]);
}

/** The running uploads, all of them or one scope's, kept current. */
export function useRunningUploads(scope?: string): readonly RunningUpload[] {
  const all = useSyncExternalStore(subscribe, runningUploads, runningUploads);
  return useMemo(
    () => (scope === undefined ? all : all.filter((u) => u.scope === scope)),
    [all, scope],
  );
}

/** Whether a thrown value is an aborted call (a cancelled upload), which is no error to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export interface UploadOptions {
  /** The name shown beside the progress: the file's, or several joined. */
  name: string;
  /** Where the progress shows (see RunningUpload.scope). */
  scope: string;
  signal?: AbortSignal;
}

/** The name of an upload of several files: theirs, in order, comma-separated. */
export function namesOf(files: readonly Pick<File, 'name'>[]): string {
  return files.map((f) => f.name).join(', ');
}

/** The bytes a body holds before the browser has said (FormData's files and texts). */
function sizeOf(body: FormData | string): number {
  if (typeof body === 'string') return new Blob([body]).size;
  let size = 0;
  for (const [, value] of body.entries()) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

/**
 * One upload to the API, as `apiCall` but with its progress: a POST of FormData (or of JSON, for a
 * file read as text), sent with XMLHttpRequest because fetch reports no upload progress. While it
 * runs it is in the store of running uploads. Its reply and errors read exactly as apiCall's
 * (settleReply: the Error dialog's texts, a 401 ends the session); a network failure is Unknown
 * Error; an abort (its signal, or abortAllUploads) rejects with an AbortError.
 */
export function apiUpload<T>(path: string, body: FormData | object, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const id = nextId++;
    const xhr = new XMLHttpRequest();
    const payload = body instanceof FormData ? body : JSON.stringify(body);
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    // The browser sets FormData's multipart boundary itself.
    if (typeof payload === 'string') xhr.setRequestHeader('Content-Type', 'application/json');

    const onAbortSignal = () => xhr.abort();
    const finish = () => {
      aborts.delete(id);
      options.signal?.removeEventListener('abort', onAbortSignal);
      publish(running.filter((u) => u.id !== id));
    };
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      publish(
        running.map((u) =>
          u.id === id ? { ...u, loaded: event.loaded, total: event.total } : u,
        ),
      );
    };
    xhr.onload = () => {
      finish();
      let reply: unknown = null;
      try {
        reply = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // An HTML error page from a proxy, or an empty body: there is no envelope to read.
      }
      try {
        resolve(settleReply<T>(path, xhr.status, reply));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(0, coreMessages.common.unknownError));
      }
    };
    xhr.onerror = () => {
      finish();
      reject(new ApiError(0, coreMessages.common.unknownError));
    };
    xhr.onabort = () => {
      finish();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    options.signal?.addEventListener('abort', onAbortSignal);
    aborts.set(id, () => xhr.abort());
    publish([
      ...running,
      { id, name: options.name, scope: options.scope, loaded: 0, total: sizeOf(payload) },
    ]);
    xhr.send(payload);
  });
}

/**
 * Mounted once, in the app shell: while any upload runs, the browser asks before the page is
 * reloaded or closed (beforeunload), and a move to another page of the app waits, as `blocked`,
 * for the user's word. Leaving stops the uploads (they would be lost with the page anyway on a
 * reload; in the app they are stopped so that "lose it" is what happens).
 */
export function useUploadsLeavePrompt(): LeaveGuard {
  const uploading = useRunningUploads().length > 0;
  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the prompt from returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [uploading]);
  const guard = useLeaveGuard(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        runningUploads().length > 0 && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );
  if (guard.state === 'unblocked') return guard;
  const { proceed, reset } = guard;
  return {
    state: 'blocked',
    proceed: () => {
      abortAllUploads();
      proceed();
    },
    reset,
  };
}
