import { describe, expect, it } from 'vitest';
import { csvAttachment } from '../../../../worker/http/attachment.ts';

describe('csvAttachment', () => {
  it('names the file <id>-<year>.csv as it is when a quoted string can carry the id', () => {
    expect(csvAttachment('65a1f0c2e4b0a1b2c3d4e5f6', 2023)).toBe(
      'attachment; filename="65a1f0c2e4b0a1b2c3d4e5f6-2023.csv"',
    );
    expect(csvAttachment('id with space;x=1', 1999)).toBe(
      'attachment; filename="id with space;x=1-1999.csv"',
    );
  });

  it('gives an ASCII fallback and the exact name in filename* otherwise (RFC 6266, RFC 8187)', () => {
    const header = csvAttachment('emoji😀 "q"\\é', 2021);
    expect(header).toBe(
      `attachment; filename="emoji__ _q___-2021.csv"; filename*=UTF-8''emoji%F0%9F%98%80%20%22q%22%5C%C3%A9-2021.csv`,
    );
    // the exact name, decoded back
    const ext = header.split("filename*=UTF-8''")[1]!;
    expect(decodeURIComponent(ext)).toBe('emoji😀 "q"\\é-2021.csv');
  });

  it('encodes the characters encodeURIComponent leaves but attr-char does not allow', () => {
    expect(csvAttachment("é*'()", 2020)).toBe(
      `attachment; filename="_*'()-2020.csv"; filename*=UTF-8''%C3%A9%2A%27%28%29-2020.csv`,
    );
  });

  it('keeps line breaks and lone surrogates out of the header', () => {
    const header = csvAttachment('a\r\nSet-Cookie: x\ud800', 2020);
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain("filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%EF%BF%BD-2020.csv");
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
  });
});
