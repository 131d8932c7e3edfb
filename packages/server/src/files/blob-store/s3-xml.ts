/**
 * The little XML the S3 blob store writes and reads: the body of DeleteObjects, and the error
 * documents S3 answers with. S3's documents are flat and machine-written, so a tag search serves
 * where a full parser would be a dependency.
 */

export interface S3ErrorDocument {
  readonly code: string;
  readonly message: string;
  /** The key an error of DeleteObjects is about. */
  readonly key?: string;
}

/**
 * Characters XML 1.0 cannot carry even as references, and CR, which parsers read back as LF
 * unless written as a numeric reference that some S3-compatible stores do not decode.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/;

/**
 * Whether a key survives a trip through an XML body to any S3-compatible store: also not when it
 * starts or ends with white space, which some stores' parsers trim.
 */
export function fitsXmlBody(text: string): boolean {
  return !NOT_IN_XML.test(text) && text.trim() === text;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Element text; named references only, which every XML parser decodes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);
}

/** The DeleteObjects request body; Quiet, so the reply lists only the keys that failed. */
export function deleteObjectsBody(keys: readonly string[]): string {
  const objects = keys.map((key) => `<Object><Key>${escapeXml(key)}</Key></Object>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>${objects}</Delete>`;
}

/** The first `<Error>` of an S3 reply, or null when there is none. */
export function parseErrorDocument(xml: string): S3ErrorDocument | null {
  const error = /<Error>([\s\S]*?)<\/Error>/.exec(xml);
  return error?.[1] === undefined ? null : errorOf(error[1]);
}

/** Every `<Error>` of a DeleteObjects reply. */
export function parseDeleteErrors(xml: string): S3ErrorDocument[] {
  return [...xml.matchAll(/<Error>([\s\S]*?)<\/Error>/g)].map((match) => errorOf(match[1] ?? ''));
}

function errorOf(body: string): S3ErrorDocument {
  const key = field(body, 'Key');
  return {
    code: field(body, 'Code') ?? 'UnknownError',
    message: field(body, 'Message') ?? '',
    ...(key === undefined ? {} : { key }),
  };
}

function field(body: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(body);
  return match?.[1] === undefined ? undefined : unescapeXml(match[1]);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return codePoint(name.slice(2), 16) ?? whole;
    if (name.startsWith('#')) return codePoint(name.slice(1), 10) ?? whole;
    return NAMED[name] ?? whole;
  });
}

function codePoint(digits: string, radix: number): string | undefined {
  const value = Number.parseInt(digits, radix);
  return value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}
