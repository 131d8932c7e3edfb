import { describe, expect, it } from 'vitest';
import { SVG_CONTENT_SECURITY_POLICY, contentDisposition, imageResponseHeaders } from './serve.js';

describe('imageResponseHeaders', () => {
  it('types a picture by its sniffed format and forbids the browser to guess', () => {
    expect(imageResponseHeaders('png', 'inline', 'plan.png')).toEqual({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="plan.png"',
    });
    expect(imageResponseHeaders('jpeg', 'attachment', 'x.jpg')['content-type']).toBe('image/jpeg');
    expect(imageResponseHeaders('gif', 'inline', 'x.gif')['content-type']).toBe('image/gif');
    expect(imageResponseHeaders('webp', 'inline', 'x.webp')['content-type']).toBe('image/webp');
  });

  it('serves an SVG under a policy with no script, no fetch and a sandbox', () => {
    const headers = imageResponseHeaders('svg', 'inline', 'valve.svg');
    expect(headers['content-type']).toBe('image/svg+xml');
    expect(headers['content-security-policy']).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect(SVG_CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
    expect(imageResponseHeaders('png', 'inline', 'x.png')['content-security-policy']).toBeUndefined();
  });

  it('serves anything else as bytes', () => {
    const headers = imageResponseHeaders('other', 'attachment', 'report.html');
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-disposition']).toBe('attachment; filename="report.html"');
  });

  it('leaves Cache-Control to the caller', () => {
    expect(Object.keys(imageResponseHeaders('svg', 'inline', 'a.svg'))).not.toContain('cache-control');
  });
});

describe('contentDisposition', () => {
  it('adds an RFC 5987 filename* for names that are not plain ASCII, with an ASCII stand-in', () => {
    expect(contentDisposition('inline', '泵站照片.png')).toBe(
      'inline; filename="file.png"; filename*=UTF-8\'\'%E6%B3%B5%E7%AB%99%E7%85%A7%E7%89%87.png',
    );
    expect(contentDisposition('attachment', 'Schaltplan Würzburg.svg')).toBe(
      'attachment; filename="Schaltplan W_rzburg.svg"; filename*=UTF-8\'\'Schaltplan%20W%C3%BCrzburg.svg',
    );
  });

  it('percent-encodes what RFC 5987 does not allow bare', () => {
    expect(contentDisposition('inline', "a'b(c)*d.png")).toBe('inline; filename="a\'b(c)*d.png"');
    expect(contentDisposition('inline', "é'(*).png")).toBe(
      "inline; filename=\"_'(*).png\"; filename*=UTF-8''%C3%A9%27%28%2A%29.png",
    );
  });

  it('keeps quotes, backslashes, line breaks and paths out of the header', () => {
    expect(contentDisposition('attachment', 'a"b.png')).toBe(
      'attachment; filename="a_b.png"; filename*=UTF-8\'\'a%22b.png',
    );
    const injected = contentDisposition('inline', 'x.png\r\nSet-Cookie: a=b');
    expect(injected).not.toMatch(/[\r\n]/);
    expect(injected).toBe('inline; filename="x.pngSet-Cookie: a=b"');
    expect(contentDisposition('inline', '../../etc/passwd')).toBe('inline; filename="passwd"');
    expect(contentDisposition('inline', 'C:\\Users\\me\\plan.png')).toBe('inline; filename="plan.png"');
    expect(contentDisposition('inline', '100%.png')).toBe(
      'inline; filename="100_.png"; filename*=UTF-8\'\'100%25.png',
    );
    expect(contentDisposition('inline', '\u0000\u0007')).toBe('inline; filename="file"');
  });
});
