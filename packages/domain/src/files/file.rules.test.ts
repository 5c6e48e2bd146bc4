import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../constants';
import { acceptableDetectedTypes, cleanFileName, extensionOf, isAllowedExtension, isAllowedSize, fileNameOfPath, sizeText, storedFileName } from './file.rules';

describe('file naming', () => {
  it('puts a 5-character prefix and turns spaces into underscores', () => {
    const name = storedFileName('Site safety plan.pdf');
    expect(name).toMatch(/^[A-Za-z0-9]{5}_Site_safety_plan\.pdf$/);
    expect(storedFileName('a b.png', () => 0)).toBe('AAAAA_a_b.png');
  });
  it('strips paths and control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\photo 1.jpg')).toBe('photo_1.jpg');
    expect(cleanFileName('.hidden')).toBe('hidden');
    expect(cleanFileName('')).toBe('file');
  });

  it('names a stored file by its original name, without the path or the random prefix', () => {
    expect(fileNameOfPath('responses/org-1/r1/Ab3xZ_site_plan.pdf')).toBe('site_plan.pdf');
    expect(fileNameOfPath(storedFileName('my photo.jpg', () => 0.5))).toBe('my_photo.jpg');
    expect(fileNameOfPath('folder/plain.pdf')).toBe('plain.pdf');
    expect(fileNameOfPath('Ab3xZ_')).toBe('Ab3xZ_');
  });
});

describe('file checks', () => {
  it('reads extensions', () => {
    expect(extensionOf('a.PNG')).toBe('png');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.png')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });
  it('accepts the spec types per upload kind', () => {
    expect(isAllowedExtension('me.jpg', 'profileImage')).toBe(true);
    expect(isAllowedExtension('me.gif', 'profileImage')).toBe(false);
    expect(isAllowedExtension('plan.pptx', 'checklist')).toBe(true);
    expect(isAllowedExtension('run.exe', 'checklist')).toBe(false);
    expect(isAllowedExtension('data.csv', 'feedback')).toBe(true);
    expect(isAllowedExtension('data.csv', 'feedbackDialog')).toBe(false);
  });
  it('caps the size at 10 MB', () => {
    expect(isAllowedSize(MAX_UPLOAD_BYTES)).toBe(true);
    expect(isAllowedSize(MAX_UPLOAD_BYTES + 1)).toBe(false);
  });
  it('writes sizes in binary units, one decimal at most', () => {
    expect(sizeText(0)).toBe('0 bytes');
    expect(sizeText(1023)).toBe('1023 bytes');
    expect(sizeText(1024)).toBe('1 KB');
    expect(sizeText(MAX_UPLOAD_BYTES)).toBe('10 MB');
    expect(sizeText(5 * 1024 ** 3)).toBe('5 GB');
    expect(sizeText(4.5 * 1024 ** 3)).toBe('4.5 GB');
    expect(sizeText(3 * 1024 ** 4)).toBe('3 TB');
    expect(sizeText(2048 * 1024 ** 4)).toBe('2048 TB');
  });
  it('maps claimed extensions to the byte types that may stand behind them', () => {
    expect(acceptableDetectedTypes('jpeg')).toEqual(['jpg']);
    expect(acceptableDetectedTypes('xlsx')).toContain('zip');
    expect(acceptableDetectedTypes('doc')).toContain('cfb');
    expect(acceptableDetectedTypes('pdf')).toEqual(['pdf']);
  });
});
