import { describe, expect, it } from 'vitest';
import { DOCUMENT_TITLE_MAX_LENGTH } from '../constants';
import { messages } from '../messages';
import {
  createDocumentFieldsSchema,
  documentsQuerySchema,
  editDocumentFieldsSchema,
  recordDocViewSchema,
} from './document.schema';

const m = messages.documents;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('document schemas', () => {
  it('needs a title and a text that are not blank: "All fields are mandatory"', () => {
    expect(createDocumentFieldsSchema.parse({ title: ' Rules ', description: ' Text ' })).toEqual({
      title: 'Rules',
      description: 'Text',
    });
    expect(
      firstMessage(createDocumentFieldsSchema.safeParse({ title: '  ', description: 'x' })),
    ).toBe(m.allMandatory);
    expect(firstMessage(createDocumentFieldsSchema.safeParse({ description: 'x' }))).toBe(
      m.allMandatory,
    );
    expect(
      firstMessage(
        createDocumentFieldsSchema.safeParse({
          title: 'x'.repeat(DOCUMENT_TITLE_MAX_LENGTH + 1),
          description: 'x',
        }),
      ),
    ).toBe(m.titleTooLong(DOCUMENT_TITLE_MAX_LENGTH));
  });
  it('edits keep no file unless told', () => {
    expect(
      editDocumentFieldsSchema.parse({ documentId: 'd1', title: 'T', description: 'D' }).keep,
    ).toEqual([]);
  });
  it('ignores the viewer a recordDocView body names', () => {
    expect(recordDocViewSchema.parse({ documentId: 'd1', viewer: { uid: 'someone' } })).toEqual({
      documentId: 'd1',
    });
  });
  it('reads viewers=true only as true', () => {
    expect(documentsQuerySchema.parse({ viewers: 'true' }).viewers).toBe(true);
    expect(documentsQuerySchema.parse({}).viewers).toBe(false);
    expect(documentsQuerySchema.safeParse({ viewers: 'yes' }).success).toBe(false);
  });
});
