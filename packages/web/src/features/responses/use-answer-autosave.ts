import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type {
  ResponseQuestionReply,
  ResponseReply,
} from '@palisade/domain/responses/response.schema';
import { dropDraft, draftsOf, keepDraft } from '../../lib/answer-drafts';
import { ApiError, apiCall, errorMessage } from '../../lib/api-client';
import { showError, showSuccess } from '../../lib/notifier';
import { onSessionCleared } from '../../lib/session';
import { getResponse } from './api/get-response';
import { invalidateResponseLists, responseKeys, setSavedSection } from './api/keys';
import {
  answerToForm,
  answerToSave,
  draftEntryOf,
  draftEntrySchema,
  sameEntry,
  type ChecklistForm,
} from './checklist-form';

/** How long the typing pauses before an answer is saved. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * Where one question's answer stands: saved; changed and waiting for the pause; being saved;
 * the save failed (Retry); or the entry is not a valid answer (its error shows).
 */
export type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'invalid';

const UNSAVED: ReadonlySet<SaveState> = new Set(['pending', 'saving', 'error', 'invalid']);

interface AutosaveOptions {
  /** The signed-in user: answers not saved yet are kept in this browser under its id (issue 56). */
  userId: string;
  responseId: string;
  sectionId: string;
  /** The section's questions as last loaded (the cache), in form order. */
  questions: readonly ResponseQuestionReply[];
  form: Pick<UseFormReturn<ChecklistForm>, 'getValues' | 'setValue' | 'trigger' | 'watch'>;
  /** Which questions the contractor may change (the others are never saved). */
  editable: (index: number) => boolean;
}

/**
 * Saves each answer of the checklist on its own as the contractor works (issue 18): a pause in
 * typing saves that question (updateSectionInResponse with that one question and the version its
 * change is based on, replied to with only that question). Saves of one question run one after
 * another, and the section sends one save at a time; a failed one can be retried. A 409 naming
 * the question (changed in another tab) reloads that question and tells why.
 * Files are not sent: an upload joins its question on the server, a delete leaves it there.
 *
 * Every answer not saved yet is also kept in this browser (lib/answer-drafts, issue 56) with the
 * version it is based on, until saved: a session that ends meanwhile (the save's 401) loses
 * nothing. When the section opens again (after sign-in the user comes back here) the kept answers
 * go back into the form and are saved, unless the answer changed on the server since: then the
 * server's answer stays and the user is told which question. An explicit Save that fails says
 * "Error in saving response!" with the server's message; autosave failures show the Retry mark.
 */
export function useAnswerAutosave({
  userId,
  responseId,
  sectionId,
  questions,
  form,
  editable,
}: AutosaveOptions) {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const statesRef = useRef<Record<string, SaveState>>({});
  const versions = useRef(new Map(questions.map((q) => [q._id, q.version])));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const chains = useRef(new Map<string, Promise<void>>());
  const dirty = useRef(new Set<string>());
  const latest = useRef(questions);
  latest.current = questions;
  const editableRef = useRef(editable);
  editableRef.current = editable;
  /**
   * Set by discard (the user chose to leave) and by the user's own sign-out here (which forgot
   * this user's kept answers): nothing is kept after that, the unmount's included.
   */
  const discarded = useRef(false);
  useEffect(
    () =>
      onSessionCleared(({ onPurpose }) => {
        if (onPurpose) discarded.current = true;
      }),
    [],
  );

  const setState = useCallback((id: string, state: SaveState) => {
    statesRef.current = { ...statesRef.current, [id]: state };
    setStates(statesRef.current);
  }, []);

  /** Runs a task after every earlier one of the same question. */
  const enqueue = useCallback((id: string, task: () => Promise<void>): Promise<void> => {
    const next = (chains.current.get(id) ?? Promise.resolve()).then(task, task);
    chains.current.set(id, next);
    return next;
  }, []);

  /**
   * The section's save calls, one at a time whatever their question. Each reply (the response
   * with only the question sent: reply 'sent') is put in the cache as it comes: two calls at once
   * could come back in the other order than the server wrote them, and the older reply, cached
   * last, would hide the newer answer (the categories page then showed a complete category as
   * Incomplete).
   */
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = useCallback(<T,>(call: () => Promise<T>): Promise<T> => {
    const run = turn.current.then(call, call);
    turn.current = run.catch(() => undefined);
    return run;
  }, []);

  /** Keeps the question's entry as it is now in this browser, with the version it is based on. */
  const keep = useCallback(
    (index: number, id: string) => {
      if (discarded.current) return;
      keepDraft(userId, {
        responseId,
        sectionId,
        questionId: id,
        version: versions.current.get(id) ?? latest.current[index]?.version ?? 0,
        entry: draftEntryOf(form.getValues(`answers.${index}`)),
      });
    },
    [form, responseId, sectionId, userId],
  );

  /** Reloads the response and puts the question's saved answer back in the form. */
  const reload = useCallback(
    async (index: number, id: string) => {
      const fresh = await queryClient.fetchQuery({
        queryKey: responseKeys.one(responseId),
        queryFn: ({ signal }) => getResponse(responseId, signal),
        staleTime: 0,
      });
      const question = fresh.sections?.flatMap((s) => s.questions).find((q) => q._id === id);
      if (!question) return;
      versions.current.set(id, question.version);
      dirty.current.delete(id);
      dropDraft(userId, responseId, id);
      form.setValue(`answers.${index}`, answerToForm(question));
      setState(id, 'saved');
    },
    [form, queryClient, responseId, setState, userId],
  );

  /**
   * Saves the question's entry (after its earlier saves). `explicit`: sent by the Save button,
   * whose failure always opens the Error dialog.
   */
  const saveNow = useCallback(
    (index: number, explicit = false): Promise<void> => {
      const question = latest.current[index];
      if (!question) return Promise.resolve();
      const id = question._id;
      const pendingTimer = timers.current.get(id);
      if (pendingTimer !== undefined) clearTimeout(pendingTimer);
      timers.current.delete(id);
      return enqueue(id, async () => {
        if (!dirty.current.has(id)) return;
        if (!(await form.trigger(`answers.${index}`))) {
          setState(id, 'invalid');
          return;
        }
        dirty.current.delete(id);
        setState(id, 'saving');
        const saved = latest.current[index] ?? question;
        const entry = form.getValues(`answers.${index}`);
        // Without its files: the server keeps them (an upload joins the question at once).
        const { yesNo, text, value } = answerToSave(saved, entry);
        const answer = { yesNo, text, value };
        try {
          const reply = await inTurn(async () => {
            const written = await apiCall<ResponseReply>(
              '/api/assessment/responses/updateSectionInResponse',
              {
                assesRespId: responseId,
                sectionId,
                responseData: { questions: [{ _id: id, answer, version: versions.current.get(id) }] },
                reply: 'sent',
              },
            );
            setSavedSection(queryClient, written);
            return written;
          });
          const after = reply.sections?.flatMap((s) => s.questions).find((q) => q._id === id);
          if (after) versions.current.set(id, after.version);
          void invalidateResponseLists(queryClient);
          // Changed again while this save ran: the kept entry is now based on the new version.
          if (dirty.current.has(id)) keep(index, id);
          else dropDraft(userId, responseId, id);
          setState(id, dirty.current.has(id) ? 'pending' : 'saved');
        } catch (error) {
          const data = error instanceof ApiError ? error.data : null;
          const conflict =
            error instanceof ApiError &&
            error.status === 409 &&
            typeof data === 'object' &&
            data !== null &&
            'questionId' in data &&
            data.questionId === id;
          if (conflict) {
            // Read in turn with the saves too, so that what is cached last is the newest.
            await inTurn(() => reload(index, id)).catch(() => setState(id, 'error'));
            showError(error.message);
            return;
          }
          dirty.current.add(id);
          setState(id, 'error');
          if (error instanceof ApiError && error.status === 401) {
            // The session ended: kept again, should the user's sign-out in another tab have
            // cleared this browser's drafts meanwhile; the sign-in page says it is kept.
            keep(index, id);
            return;
          }
          const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
          if (explicit || clientError) {
            showError(`${assessmentMessages.errorSavingResponse} ${errorMessage(error)}`);
          }
        }
      });
    },
    [enqueue, form, inTurn, keep, queryClient, reload, responseId, sectionId, setState, userId],
  );

  // Every change of an answer (not of its files, which the server keeps) schedules its save.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const match = name ? /^answers\.(\d+)\.(\w+)/.exec(name) : null;
      if (!match || match[2] === 'attachment') return;
      const index = Number(match[1]);
      const question = latest.current[index];
      if (!question || !editableRef.current(index)) return;
      const id = question._id;
      dirty.current.add(id);
      keep(index, id);
      setState(id, 'pending');
      const old = timers.current.get(id);
      if (old !== undefined) clearTimeout(old);
      timers.current.set(
        id,
        setTimeout(() => void saveNow(index), AUTOSAVE_DELAY_MS),
      );
    });
    return () => subscription.unsubscribe();
  }, [form, keep, saveNow, setState]);

  // Once, as the section opens: the answers kept in this browser go back into the form and are
  // saved, each only if its answer is still the version it was based on (issue 56).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const changed: number[] = [];
    const toSave: number[] = [];
    for (const draft of draftsOf(userId, responseId)) {
      if (draft.sectionId !== sectionId) continue;
      const index = latest.current.findIndex((q) => q._id === draft.questionId);
      const question = latest.current[index];
      const entry = draftEntrySchema.safeParse(draft.entry);
      const drop = () => dropDraft(userId, responseId, draft.questionId);
      if (!question || !entry.success || !editableRef.current(index)) {
        drop();
        continue;
      }
      const current = form.getValues(`answers.${index}`);
      if (sameEntry(question, entry.data, current)) {
        drop();
      } else if (draft.version !== question.version) {
        // Changed by someone else since: the server's answer stays (the version rule).
        drop();
        changed.push(index + 1);
      } else {
        // A whole entry: the watch above schedules nothing for it; it is saved below.
        form.setValue(`answers.${index}`, { ...entry.data, attachment: current.attachment });
        dirty.current.add(question._id);
        setState(question._id, 'pending');
        toSave.push(index);
      }
    }
    if (changed.length > 0) showError(responseScreensMessages.keptAnswersChanged(changed));
    if (toSave.length === 0) return;
    void Promise.all(toSave.map((index) => saveNow(index))).then(() => {
      const saved = toSave.filter((i) => statesRef.current[latest.current[i]?._id ?? ''] === 'saved');
      if (saved.length > 0) showSuccess(responseScreensMessages.keptAnswersSaved(saved.length));
    });
  }, [form, responseId, saveNow, sectionId, setState, userId]);

  // Timers die with the page; what they would have saved is what the leave prompt asks about. The
  // answers not saved stay kept in this browser (a user's sign-out in another tab may have cleared
  // them), unless the user chose to leave them or signed out here.
  useEffect(() => {
    const pending = timers.current;
    const unsaved = dirty.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      latest.current.forEach((q, index) => {
        if (unsaved.has(q._id)) keep(index, q._id);
      });
    };
  }, [keep]);

  /** Saves every waiting answer now (the Save button: a failure opens the Error dialog); true when all are saved. */
  const flush = useCallback(async (): Promise<boolean> => {
    latest.current.forEach((q, index) => {
      if (dirty.current.has(q._id)) void saveNow(index, true);
    });
    await Promise.all([...chains.current.values()]);
    return Object.values(statesRef.current).every((s) => !UNSAVED.has(s));
  }, [saveNow]);

  /** The user chose to leave without saving: the answers not saved are not kept either. */
  const discard = useCallback(() => {
    discarded.current = true;
    for (const id of dirty.current) dropDraft(userId, responseId, id);
  }, [responseId, userId]);

  /** The question's files changed on the server (an upload or a delete): its new version. */
  const setVersion = useCallback((id: string, version: number) => {
    versions.current.set(id, version);
  }, []);

  const retry = useCallback(
    (index: number) => {
      const question = latest.current[index];
      if (!question) return;
      dirty.current.add(question._id);
      void saveNow(index);
    },
    [saveNow],
  );

  const hasUnsaved = useCallback(
    () => Object.values(statesRef.current).some((s) => UNSAVED.has(s)),
    [],
  );

  return {
    states,
    hasUnsaved,
    unsaved: Object.values(states).some((s) => UNSAVED.has(s)),
    flush,
    discard,
    retry,
    setVersion,
    /** Runs an upload or a delete of the question after its pending saves. */
    enqueue,
  };
}
