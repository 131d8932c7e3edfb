/**
 * Pictures made by sharp for the tests, and an SVG safety check written apart from the
 * sanitiser's own (svg-rules.ts), so the tests do not grade the sanitiser by its own rules.
 */
import { crc32, deflateSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';

export const SVG_NS = 'http://www.w3.org/2000/svg';

export async function picture(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
  colour = '#3080c0',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return image.toFormat(format).toBuffer();
}

/** An animation of `colours.length` frames, each `width` × `height`. */
export async function animation(
  format: 'gif' | 'webp',
  width: number,
  height: number,
  colours = ['red', 'lime', 'blue'],
): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
  const delay = colours.map(() => 100);
  const joined = sharp(frames, { join: { animated: true } });
  return format === 'gif'
    ? joined.gif({ delay, loop: 0 }).toBuffer()
    : joined.webp({ delay, loop: 0 }).toBuffer();
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG header claiming `width` × `height`, with a few bytes of pixel data. */
export function claimedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const { window } = new JSDOM('');

export function parseSvg(svg: string): Document {
  return new window.DOMParser().parseFromString(svg, 'image/svg+xml');
}

function decodeCssEscapes(text: string): string {
  // A backslash before a newline escapes nothing (in a string it continues the line): dropped.
  return text.replace(
    /\\([0-9a-f]{1,6})\s?|\\([\s\S])/gi,
    (_, hex: string | undefined, c: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd) : c === '\n' ? '' : (c ?? ''),
  );
}

/** Each `url(` in CSS-ish text that does not point at `#…`. */
function outsideUrls(text: string): string[] {
  const decoded = decodeCssEscapes(text).toLowerCase();
  return [...decoded.matchAll(/url\(\s*['"]?([^'")\s]*)/g)]
    .map((m) => m[1] ?? '')
    .filter((u) => !u.startsWith('#'));
}

const SCRIPTY = ['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener'];
const ALLOWED_DATA = /^data:image\/(png|jpeg|gif|webp);base64,/i;

/**
 * What is wrong with a sanitised SVG, structurally: empty when it parses as an SVG document and
 * holds no script element, no on* attribute, no href out of the document, no javascript: in an
 * attribute or style sheet, no url( other than url(#…), no @import, no animation of an href.
 */
export function svgProblems(svg: string): string[] {
  const document = parseSvg(svg);
  const root = document.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS)
    return [`root <${root.localName}> ${root.namespaceURI}`];
  if (!svg.startsWith('<svg')) return ['does not start with <svg'];
  const problems: string[] = [];
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const name = element.localName.toLowerCase();
    if (SCRIPTY.includes(name)) problems.push(`<${element.localName}>`);
    if (element.namespaceURI !== SVG_NS) problems.push(`<${element.localName}> in ${element.namespaceURI}`);
    if (['animate', 'set', 'animatemotion', 'animatetransform'].includes(name)) {
      const target = (element.getAttribute('attributeName') ?? '').toLowerCase();
      if (target.includes('href') || target.trim().startsWith('on')) problems.push(`<${name}> of ${target}`);
    }
    for (const attribute of element.attributes) {
      const value = attribute.value;
      const bare = [...value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (attribute.name.toLowerCase().startsWith('on')) problems.push(`attribute ${attribute.name}`);
      if (bare.includes('javascript:')) problems.push(`javascript: in ${attribute.name}`);
      if (
        attribute.localName === 'href' &&
        !value.startsWith('#') &&
        !(name === 'image' && ALLOWED_DATA.test(value))
      ) {
        problems.push(`href ${value.slice(0, 40)}`);
      }
      // An href is a URL, not CSS: its own rule above.
      if (attribute.localName !== 'href') {
        for (const url of outsideUrls(value)) problems.push(`url(${url}) in ${attribute.name}`);
      }
    }
    if (name === 'style') {
      const css = decodeCssEscapes(element.textContent ?? '').toLowerCase();
      if (css.includes('@import')) problems.push('@import');
      if (css.replace(/\s/g, '').includes('javascript:')) problems.push('javascript: in <style>');
      for (const url of outsideUrls(element.textContent ?? '')) problems.push(`url(${url}) in <style>`);
    }
  }
  return problems;
}

/** How many elements of each (lower-case) name the SVG has. */
export function elementCounts(svg: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const root = parseSvg(svg).documentElement;
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const name = element.localName;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
