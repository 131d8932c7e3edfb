/**
 * Response headers for a stored file. The content type comes from what the file was sniffed as,
 * never from its name, and `nosniff` stops a browser from guessing otherwise. An SVG is a
 * document that could run script if opened on its own: its policy allows no script, no fetch and
 * puts it in a sandbox (an origin of its own), so even a sanitiser miss runs nothing here.
 * Cache-Control is the caller's.
 */
import { IMAGE_MIME } from './sniff.js';
import type { ImageFormat } from './sniff.js';
import { dropControls } from './controls.js';

export const SVG_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The name without a path, control characters (header injection) or surrounding space; 'file' when nothing is left. */
function baseName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const clean = dropControls(base, true).trim();
  return clean === '' ? 'file' : clean;
}

/** An ASCII stand-in for clients without RFC 5987: anything else, quotes, backslashes and % become '_'. */
function asciiFallback(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%]/g, '_');
  return ascii.replace(/^[_\s]+(?=\.)/, 'file') || 'file';
}

/** RFC 5987 ext-value: UTF-8 bytes percent-encoded except its attr-chars. */
function extValue(name: string): string {
  const encoded = [...new TextEncoder().encode(name)]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `UTF-8''${encoded}`;
}

/** `inline; filename="…"`, with `filename*=UTF-8''…` too when the name is not plain ASCII. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const name = baseName(fileName);
  const fallback = asciiFallback(name);
  const plain = `${disposition}; filename="${fallback}"`;
  return fallback === name ? plain : `${plain}; filename*=${extValue(name)}`;
}

/**
 * Headers (lower-case names) for serving a file sniffed as `format`; 'other' for anything that is
 * not a picture, served as application/octet-stream unless the caller sets its own type.
 */
export function imageResponseHeaders(
  format: ImageFormat | 'other',
  disposition: 'inline' | 'attachment',
  fileName: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': format === 'other' ? 'application/octet-stream' : IMAGE_MIME[format],
    'x-content-type-options': 'nosniff',
    'content-disposition': contentDisposition(disposition, fileName),
  };
  if (format === 'svg') headers['content-security-policy'] = SVG_CONTENT_SECURITY_POLICY;
  return headers;
}
