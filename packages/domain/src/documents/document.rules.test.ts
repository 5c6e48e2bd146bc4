import { describe, expect, it } from 'vitest';
import { DOCUMENT_ATTACHMENTS_MAX, MAX_UPLOAD_BYTES } from '../constants';
import { messages } from '../messages';
import { documentFilesError, readReceiptPercent } from './document.rules';

describe('readReceiptPercent', () => {
  it('is the rounded share of the audience, capped at 100', () => {
    expect(readReceiptPercent(1, 3)).toBe(33);
    expect(readReceiptPercent(2, 3)).toBe(67);
    expect(readReceiptPercent(3, 3)).toBe(100);
    expect(readReceiptPercent(5, 3)).toBe(100);
  });
  it('is 0 with nobody to read or nobody who read', () => {
    expect(readReceiptPercent(0, 7)).toBe(0);
    expect(readReceiptPercent(2, 0)).toBe(0);
  });
});

describe('documentFilesError', () => {
  const pdf = { name: 'Policy.pdf', size: 1000 };
  it('needs at least one file, counting those kept', () => {
    expect(documentFilesError([])).toBe(messages.documents.allMandatory);
    expect(documentFilesError([], 1)).toBeNull();
    expect(documentFilesError([pdf])).toBeNull();
  });
  it('takes the spec types only', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.pdf', 'a.xls', 'a.xlsx', 'a.csv'])
      expect(documentFilesError([{ name, size: 1 }])).toBeNull();
    for (const name of ['a.docx', 'a.mp4', 'a', 'a.exe'])
      expect(documentFilesError([{ name, size: 1 }])).toBe(messages.files.wrongDocumentType);
  });
  it('takes 10 MB a file and at most the limit of files', () => {
    expect(documentFilesError([{ name: 'a.pdf', size: MAX_UPLOAD_BYTES }])).toBeNull();
    expect(documentFilesError([{ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1 }])).toBe(
      messages.files.tooLarge,
    );
    expect(
      documentFilesError(Array.from({ length: DOCUMENT_ATTACHMENTS_MAX + 1 }, () => pdf)),
    ).toBe(messages.documents.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX));
    expect(documentFilesError([pdf], DOCUMENT_ATTACHMENTS_MAX)).toBe(
      messages.documents.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX),
    );
  });
});
