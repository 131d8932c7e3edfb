import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deleteObjectsBody,
  escapeXml,
  fitsXmlBody,
  parseDeleteErrors,
  parseErrorDocument,
  unescapeXml,
} from './s3-xml.js';

describe('S3 XML', () => {
  it('reads back any text it escapes', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (text) => unescapeXml(escapeXml(text)) === text));
  });

  it('escapes text so no markup survives in it', () => {
    fc.assert(
      fc.property(
        fc.string(),
        (text) => !/[<>]/.test(escapeXml(text)) && !/&(?!amp;|lt;|gt;)/.test(escapeXml(text)),
      ),
    );
  });

  it('reads the entities S3 writes, numeric ones included', () => {
    expect(
      unescapeXml('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233; &#x1F69C; &unknown; &#x110000;'),
    ).toBe('a & b <c> "d" \'e\' é 🚜 &unknown; &#x110000;');
  });

  it('writes a quiet DeleteObjects body with each key escaped', () => {
    expect(deleteObjectsBody(['u/1/a&b.txt', 'u/1/<c>'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>' +
        '<Object><Key>u/1/a&amp;b.txt</Key></Object><Object><Key>u/1/&lt;c&gt;</Key></Object></Delete>',
    );
  });

  it('tells which keys an XML body could alter', () => {
    expect(fitsXmlBody('u/12/фото 1+2 & <x>.png')).toBe(true);
    expect(fitsXmlBody('u/1/tab\tand\nline')).toBe(true);
    expect(fitsXmlBody('u/1/bell\u0007')).toBe(false);
    expect(fitsXmlBody('u/1/cr\r')).toBe(false);
    expect(fitsXmlBody(' u/1/leading')).toBe(false);
    expect(fitsXmlBody('u/1/trailing ')).toBe(false);
  });

  it('reads the code and message of an error document', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message>' +
      '<Key>u/1/a &amp; b</Key><RequestId>1</RequestId></Error>';
    expect(parseErrorDocument(xml)).toEqual({
      code: 'NoSuchKey',
      message: 'The specified key does not exist.',
      key: 'u/1/a & b',
    });
    expect(parseErrorDocument('<Error></Error>')).toEqual({ code: 'UnknownError', message: '' });
    expect(parseErrorDocument('<CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>')).toBeNull();
    expect(parseErrorDocument('')).toBeNull();
  });

  it('reads every error of a DeleteObjects reply', () => {
    const xml =
      '<DeleteResult><Deleted><Key>u/1/ok</Key></Deleted>' +
      '<Error><Key>u/1/a</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>' +
      '<Error><Key>u/1/b</Key><Code>InternalError</Code><Message>Try again</Message></Error></DeleteResult>';
    expect(parseDeleteErrors(xml)).toEqual([
      { key: 'u/1/a', code: 'AccessDenied', message: 'Access Denied' },
      { key: 'u/1/b', code: 'InternalError', message: 'Try again' },
    ]);
    expect(parseDeleteErrors('<DeleteResult/>')).toEqual([]);
  });
});
