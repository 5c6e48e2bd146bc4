import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AnswerType } from '@palisade/domain/statuses';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { responseKeys, setSavedSection } from '../api/keys';
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
});
