import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  answerInputSchema,
  changeResponseStatusSchema,
  createResponseForContractorSchema,
  getResponsesByContractorIdSchema,
  updateSectionInResponseSchema,
} from './response.schema';

const m = messages.responses;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('updateSectionInResponseSchema', () => {
  const body = (questions: unknown) => ({ assesRespId: 'r1', sectionId: 's1', responseData: { questions } });

  it('takes the questions with their answers and drops what the server derives itself', () => {
    const parsed = updateSectionInResponseSchema.parse(
      body([{ _id: 'q1', answerStatus: 'ANSWERED', assessStatus: 'ACCEPTED', answer: { yesNo: 'YES', attachment: [] } }, { _id: 'q2' }]),
    );
    expect(parsed.responseData.questions).toEqual([{ _id: 'q1', answer: { yesNo: 'YES', attachment: [] } }, { _id: 'q2' }]);
  });

  it('refuses no questions, a repeated question, bad answers and too many files', () => {
    expect(firstMessage(updateSectionInResponseSchema.safeParse(body([])))).toBe(m.noQuestions);
    expect(firstMessage(updateSectionInResponseSchema.safeParse(body([{ _id: 'q1' }, { _id: 'q1' }])))).toBe(m.questionRepeated);
    expect(firstMessage(updateSectionInResponseSchema.safeParse(body([{ _id: 'q1', answer: { yesNo: 'MAYBE' } }])))).toBe(m.answerYesNo);
    expect(firstMessage(updateSectionInResponseSchema.safeParse(body([{ _id: 'q1', answer: { text: 'x'.repeat(5001) } }])))).toBe(m.answerTooLong);
    const file = { fileName: 'a.png', filePath: 'p', fileLink: 'l', fileSize: 1, fileType: 'image/png' };
    expect(firstMessage(updateSectionInResponseSchema.safeParse(body([{ _id: 'q1', answer: { attachment: Array(11).fill(file) } }])))).toBe(m.tooManyAttachments);
    expect(firstMessage(updateSectionInResponseSchema.safeParse({ assesRespId: 'r1', sectionId: 's1' }))).toBe('responseData is required');
  });

  it('takes every kind of value and null, but no objects', () => {
    for (const value of [1, 'Boots', true, ['A'], null]) expect(answerInputSchema.safeParse({ value }).success).toBe(true);
    expect(answerInputSchema.safeParse({ value: { a: 1 } }).success).toBe(false);
    expect(answerInputSchema.safeParse({ text: 'x'.repeat(5000) }).success).toBe(true);
  });
});

describe('the other call schemas', () => {
  it('createResponseForContractor needs the assessment and the contractor id', () => {
    expect(createResponseForContractorSchema.safeParse({ assessmentId: 'a', contractor: { contractorId: 'c' } }).success).toBe(true);
    expect(firstMessage(createResponseForContractorSchema.safeParse({ assessmentId: 'a' }))).toBe('contractor is required');
    expect(firstMessage(createResponseForContractorSchema.safeParse({ assessmentId: 'a', contractor: {} }))).toBe('contractor.contractorId is required');
  });

  it('changeResponseStatus takes the four statuses and a real extended day', () => {
    expect(changeResponseStatusSchema.safeParse({ responseId: 'r', status: 'SUBMITTED' }).success).toBe(true);
    expect(firstMessage(changeResponseStatusSchema.safeParse({ responseId: 'r', status: 'DONE' }))).toBe(m.statusRequired);
    expect(firstMessage(changeResponseStatusSchema.safeParse({ responseId: 'r', status: 'REASSESSMENT', extendedDueDate: '2026-02-30' }))).toBe('extendedDueDate is invalid');
  });

  it('include defaults every flag to false', () => {
    expect(getResponsesByContractorIdSchema.parse({ contractorId: 'c' }).include).toEqual({ assessment: false, sections_category: false, sections_questions_question: false });
  });

  it('getResponsesByContractorId pages only when page is given, at the list\'s sizes', () => {
    expect(getResponsesByContractorIdSchema.parse({ contractorId: 'c' }).page).toBeUndefined();
    expect(getResponsesByContractorIdSchema.parse({ contractorId: 'c', page: 2, pageSize: 20, status: 'PENDING', sort: 'OTN', search: ' a ' })).toMatchObject({ page: 2, pageSize: 20, status: 'PENDING', sort: 'OTN', search: 'a' });
    expect(firstMessage(getResponsesByContractorIdSchema.safeParse({ contractorId: 'c', status: 'PENDING' }))).toBe(m.pageRequired);
    expect(firstMessage(getResponsesByContractorIdSchema.safeParse({ contractorId: 'c', page: 1, pageSize: 15 }))).toBe('pageSize must be one of 10, 20, 30');
    expect(firstMessage(getResponsesByContractorIdSchema.safeParse({ contractorId: 'c', page: 0 }))).toBe('page must be a whole number from 1');
    expect(firstMessage(getResponsesByContractorIdSchema.safeParse({ contractorId: 'c', page: 1, status: 'NEW' }))).toBe('status is invalid');
  });
});
