import { describe, expect, it } from 'vitest';
import { FEEDBACK_ATTACHMENTS_MAX, MAX_UPLOAD_BYTES } from '../constants';
import { messages } from '../messages';
import { createFeedbackFieldsSchema, getFeedbacksByCompanyIdSchema } from './feedback.schema';
import { feedbackFilesError } from './feedback.rules';

describe('feedbackFilesError', () => {
  it('takes no file, or the spec types', () => {
    expect(feedbackFilesError([])).toBeNull();
    for (const name of ['a.jpeg', 'a.jpg', 'a.PNG', 'a.pdf', 'a.xls', 'a.xlsx', 'a.csv'])
      expect(feedbackFilesError([{ name, size: 1 }])).toBeNull();
  });
  it('refuses other types with the spec text', () => {
    expect(feedbackFilesError([{ name: 'a.docx', size: 1 }])).toBe(messages.files.unsupported);
    expect(feedbackFilesError([{ name: 'noext', size: 1 }])).toBe(messages.files.unsupported);
  });
  it('refuses an empty file, naming it (issue 56)', () => {
    expect(feedbackFilesError([{ name: 'a.png', size: 1 }, { name: 'blank.png', size: 0 }])).toBe(
      messages.files.empty('blank.png'),
    );
  });
  it('refuses more than 10 MB and too many files', () => {
    expect(feedbackFilesError([{ name: 'a.png', size: MAX_UPLOAD_BYTES + 1 }])).toBe(
      messages.files.tooLarge,
    );
    expect(
      feedbackFilesError(
        Array.from({ length: FEEDBACK_ATTACHMENTS_MAX + 1 }, () => ({ name: 'a.png', size: 1 })),
      ),
    ).toBe(messages.feedback.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX));
  });
});

describe('feedback schemas', () => {
  it('needs a text that is not blank', () => {
    expect(createFeedbackFieldsSchema.safeParse({ feedbackText: '   ' }).success).toBe(false);
    expect(createFeedbackFieldsSchema.parse({ feedbackText: ' Good ' })).toEqual({
      feedbackText: 'Good',
    });
  });
  it('pages by 5, 10 or 20', () => {
    expect(getFeedbacksByCompanyIdSchema.parse({ companyId: 'x' })).toEqual({
      companyId: 'x',
      page: 1,
      pageSize: 5,
    });
    expect(getFeedbacksByCompanyIdSchema.safeParse({ companyId: 'x', pageSize: 7 }).success).toBe(
      false,
    );
  });
});
