import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { getQuestionsSchema, questionsPageOf } from './question.schema';

const m = messages.assessment;
const parse = (body: unknown) => getQuestionsSchema.safeParse(body);

describe('getQuestionsByCompanyId body', () => {
  it('without paging fields asks for the whole bank (the spec call)', () => {
    const body = getQuestionsSchema.parse({ companyId: 'org1' });
    expect(questionsPageOf(body)).toBeNull();
  });

  it('with any paging field asks for a page, the rest filled with the defaults', () => {
    expect(questionsPageOf(getQuestionsSchema.parse({ companyId: 'org1', page: 3 }))).toEqual({
      page: 3,
      pageSize: 5,
      search: '',
      sort: 'srNo',
      direction: 'asc',
    });
    expect(questionsPageOf(getQuestionsSchema.parse({ companyId: 'org1', search: '  ppe  ' }))).toEqual({
      page: 1,
      pageSize: 5,
      search: 'ppe',
      sort: 'srNo',
      direction: 'asc',
    });
    expect(
      questionsPageOf(getQuestionsSchema.parse({ companyId: 'org1', sort: 'question', direction: 'desc', pageSize: 20 })),
    ).toMatchObject({ page: 1, pageSize: 20, sort: 'question', direction: 'desc' });
  });

  it('refuses bad paging with a message naming the field', () => {
    const message = (body: unknown) => {
      const r = parse(body);
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(message({ companyId: 'org1', page: 0 })).toBe(m.pageInvalid);
    expect(message({ companyId: 'org1', page: 1.5 })).toBe(m.pageInvalid);
    expect(message({ companyId: 'org1', page: 100_001 })).toBe(m.pageInvalid);
    expect(message({ companyId: 'org1', pageSize: 50 })).toBe(m.pageSizeOneOf([5, 10, 20]));
    expect(message({ companyId: 'org1', search: 'x'.repeat(101) })).toBe(m.searchTooLong(100));
    expect(message({ companyId: 'org1', search: `  ${'x'.repeat(100)}  ` })).toBeNull();
    expect(message({ companyId: 'org1', sort: 'createdAt' })).toBe(m.sortInvalid);
    expect(message({ companyId: 'org1', direction: 'up' })).toBe(m.directionInvalid);
  });
});
