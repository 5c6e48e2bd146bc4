import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AnswerType } from '@palisade/domain/statuses';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { responseKeys, setAttachedFile, setSavedSection } from '../api/keys';
import { makeQuestion, makeResponse, makeSection } from './fixtures';

const cachedResponse = () =>
  makeResponse({
    sections: [
      makeSection('s1', 'Policy', [makeQuestion('q1', AnswerType.YES_NO), makeQuestion('q2', AnswerType.YES_NO)]),
      makeSection('s2', 'Training', [makeQuestion('q3', AnswerType.YES_NO, { answered: true })]),
    ],
  });

describe('setSavedSection', () => {
  it("puts a reply of only the question sent into the cached response, the rest kept", () => {
    const queryClient = new QueryClient();
    const cached = cachedResponse();
    queryClient.setQueryData(responseKeys.one('r1'), cached);
    const q1 = makeQuestion('q1', AnswerType.YES_NO, { answered: true, version: 2 });
    // The section as the server has it after the save (its progress), with only q1.
    const s1 = { ...makeSection('s1', 'Policy', [q1, makeQuestion('q2', AnswerType.YES_NO)]), questions: [q1] };
    const reply = makeResponse({ sections: [s1], lastAccessTime: '2026-03-03T10:00:00.000Z' });
    reply.counts = { ...reply.counts, answered: 2, totalQuestions: 3, totalSections: 2 };

    setSavedSection(queryClient, reply);

    const merged = queryClient.getQueryData<ResponseReply>(responseKeys.one('r1'));
    expect(merged?.sections?.map((s) => s.questions.map((q) => [q._id, q.answer.yesNo, q.version]))).toEqual([
      [
        ['q1', 'YES', 2],
        ['q2', null, 1],
      ],
      [['q3', 'YES', 1]],
    ]);
    expect(merged?.sections?.[0]?.progress).toBe(50);
    expect(merged?.sections?.[1]).toBe(cached.sections?.[1]);
    expect(merged?.counts).toEqual(reply.counts);
    expect(merged?.lastAccessTime).toBe('2026-03-03T10:00:00.000Z');
  });

  it('sets nothing without a cached response (the reply alone is not a whole response)', () => {
    const queryClient = new QueryClient();
    setSavedSection(queryClient, makeResponse({ sections: [makeSection('s1', 'Policy', [])] }));
    expect(queryClient.getQueryData(responseKeys.one('r1'))).toBeUndefined();
  });

  it('keeps what a save set when a read that left before it lands after it (the older state is dropped)', async () => {
    const queryClient = new QueryClient();
    const queryKey = responseKeys.one('r1');
    queryClient.setQueryData(queryKey, cachedResponse());
    // A read of the response leaves (a refetch) and is answered only after the save's reply.
    let answerRead: (value: ResponseReply) => void = () => undefined;
    const read = queryClient.fetchQuery({
      queryKey,
      queryFn: () => new Promise<ResponseReply>((resolve) => (answerRead = resolve)),
      staleTime: 0,
    });
    const q1 = makeQuestion('q1', AnswerType.YES_NO, { answered: true, version: 2 });
    setSavedSection(queryClient, makeResponse({ sections: [{ ...makeSection('s1', 'Policy', [q1]), questions: [q1] }] }));
    answerRead(cachedResponse());
    await read.catch(() => undefined);

    const kept = queryClient.getQueryData<ResponseReply>(queryKey);
    expect(kept?.sections?.[0]?.questions.map((q) => [q._id, q.answer.yesNo, q.version])).toEqual([
      ['q1', 'YES', 2],
      ['q2', null, 1],
    ]);
  });

  it('adds a file joined on the server to its cached question, with the new version', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(responseKeys.one('r1'), cachedResponse());
    const file = { fileName: 'permit.pdf', filePath: 'assessment/r1/s1/permit.pdf', fileLink: '/api/files/assessment/r1/s1/permit.pdf', fileSize: 120, fileType: 'application/pdf' };
    setAttachedFile(queryClient, { responseId: 'r1', questionId: 'q2' }, file, 4);
    const after = queryClient.getQueryData<ResponseReply>(responseKeys.one('r1'));
    const q2 = after?.sections?.[0]?.questions[1];
    expect([q2?.version, q2?.answer.attachment]).toEqual([4, [file]]);
    expect(after?.sections?.[0]?.questions[0]).toEqual(cachedResponse().sections?.[0]?.questions[0]);
  });
});
