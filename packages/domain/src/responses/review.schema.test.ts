import { describe, expect, it } from 'vitest';
import { editResponseSchema, getResponsesByCompanyIdsSchema, reviewSectionInResponseSchema } from './review.schema';

describe('review schemas', () => {
  it('defaults paging and sort', () => {
    const r = getResponsesByCompanyIdsSchema.parse({ companyIds: ['o1'] });
    expect(r).toMatchObject({ page: 1, pageSize: 50, sort: 'NTO' });
    expect(r.include).toEqual({ assessment: false, sections_category: false, sections_questions_question: false });
  });
  it('refuses empty or too many companyIds and pages out of range', () => {
    expect(getResponsesByCompanyIdsSchema.safeParse({ companyIds: [] }).success).toBe(false);
    expect(getResponsesByCompanyIdsSchema.safeParse({ companyIds: Array.from({ length: 51 }, (_, i) => `o${i}`) }).success).toBe(false);
    expect(getResponsesByCompanyIdsSchema.safeParse({ companyIds: ['o'], pageSize: 201 }).success).toBe(false);
    expect(getResponsesByCompanyIdsSchema.safeParse({ companyIds: ['o'], page: 0 }).success).toBe(false);
    expect(getResponsesByCompanyIdsSchema.safeParse({ companyIds: ['o'], sort: 'ABC' }).success).toBe(false);
  });
  it('takes judgements, remarks and a whole, non-negative score', () => {
    const base = { assesRespId: 'r', sectionId: 's' };
    expect(
      reviewSectionInResponseSchema.safeParse({ ...base, responseData: { questions: [{ _id: 'q', assessStatus: 'ACCEPTED', remarks: 'ok' }], scoredMarks: 3 } }).success,
    ).toBe(true);
    const bad = (responseData: unknown) => reviewSectionInResponseSchema.safeParse({ ...base, responseData });
    expect(bad({ questions: [{ _id: 'q', assessStatus: 'MAYBE' }] }).error?.issues[0]?.message).toBe('assessStatus must be ACCEPTED, REJECTED or NONE');
    expect(bad({ questions: [{ _id: 'q', remarks: 'x'.repeat(1001) }] }).error?.issues[0]?.message).toBe('Remarks must be at most 1000 characters');
    expect(bad({ questions: [{ _id: 'q' }], scoredMarks: -1 }).error?.issues[0]?.message).toBe('Marks should be positive');
    expect(bad({ questions: [{ _id: 'q' }], scoredMarks: 1.5 }).error?.issues[0]?.message).toBe('Marks must be a whole number');
  });
  it('takes a due date or null', () => {
    expect(editResponseSchema.safeParse({ responseId: 'r', updateData: { newDueDate: null } }).success).toBe(true);
    expect(editResponseSchema.safeParse({ responseId: 'r', updateData: { newDueDate: '2026-02-30' } }).success).toBe(false);
  });
});
