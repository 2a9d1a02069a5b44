import { describe, expect, it } from 'vitest';
import { contentSubtype, downloadFileName, fileNameFromContentDisposition } from './file-name.js';

describe('file names', () => {
  it('reads Content-Disposition (filename* first) and refuses path tricks', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(
      fileNameFromContentDisposition('attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf; filename="x.pdf"'),
    ).toBe('résumé.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });

  it('falls back to a random id plus the content subtype', () => {
    expect(downloadFileName(null, 'audio/mpeg; charset=x', () => 'id1')).toBe('id1.mpeg');
    expect(downloadFileName('inline', 'application/vnd.ms-excel', () => 'id2')).toBe('id2.vnd.ms-excel');
    expect(contentSubtype('')).toBe('bin');
    expect(contentSubtype('weird')).toBe('bin');
    expect(downloadFileName(null, null).length).toBeGreaterThan(4);
  });
});
