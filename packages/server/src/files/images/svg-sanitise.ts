/**
 * An uploaded SVG made safe to serve: what a browser could run or fetch is removed, the drawing
 * stays. The file is parsed as XML (as browsers read image/svg+xml) after its DOCTYPE is cut
 * out, DOMPurify's SVG profile keeps the known SVG elements and attributes, and svg-rules.ts
 * removes what that profile allows for HTML pages but a picture must not do. The result is the
 * root `<svg>` serialised on its own (no prolog: no `<?xml-stylesheet?>`, no DOCTYPE), checked
 * once more after a fresh parse.
 */
import type { Config } from 'dompurify';
import { ImageRejected, unreadable } from './errors.js';
import { expandEntities, parseEntities } from './svg-doctype.js';
import { SVG_NS, XLINK_NS, svgDom } from './svg-dom.js';
import { scanSvgProlog, startTagEnd } from './svg-prolog.js';
import { enforceRules, findUnsafe, hasScriptUrl, prepareTree } from './svg-rules.js';

export interface SanitisedSvg {
  /** A standalone SVG document (root `<svg xmlns="http://www.w3.org/2000/svg" …>`), UTF-8 when encoded. */
  readonly svg: string;
  /** The kinds of thing removed ('element <script>', 'event handler onload', 'external reference' …), for logs. */
  readonly removed: string[];
}

export interface SvgLimits {
  /** Largest SVG accepted, in bytes (characters for a string). */
  readonly maxBytes?: number;
  /** Deepest element nesting accepted (the root is level 1). */
  readonly maxDepth?: number;
  /** Most elements drawn once every `<use>` is expanded. */
  readonly maxElements?: number;
}

export const SVG_LIMITS: Required<SvgLimits> = {
  maxBytes: 5 * 1024 * 1024,
  maxDepth: 128,
  maxElements: 200_000,
};

const PURIFY_CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // DOMPurify leaves these out of its SVG profile; svg-rules.ts keeps <use> inside the document
  // and removes animations of hrefs and event handlers, which is what makes them dangerous.
  ADD_TAGS: ['use', 'animate', 'set'],
  ADD_ATTR: ['from', 'to'],
  RETURN_DOM: true,
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(input: Uint8Array | string, maxBytes: number): string {
  if (typeof input === 'string') {
    if (input.length > maxBytes) throw tooBig(maxBytes);
    return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  }
  if (input.length > maxBytes) throw tooBig(maxBytes);
  if (input[0] === 0x1f && input[1] === 0x8b) {
    throw new ImageRejected(
      'not_a_picture',
      'compressed svg (svgz) is not accepted: upload the plain .svg file',
    );
  }
  if ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff)) {
    throw new ImageRejected('not_a_picture', 'the svg must be UTF-8 text, not UTF-16');
  }
  try {
    return utf8.decode(input);
  } catch {
    throw new ImageRejected('not_a_picture', 'the svg is not UTF-8 text');
  }
}

function tooBig(maxBytes: number): ImageRejected {
  return new ImageRejected('too_large', `the svg is larger than ${Math.floor(maxBytes / 1024)} kB`);
}

/** The root start tag with the SVG (and, when used, XLink) namespace declared, as browsers require. */
function withNamespaces(body: string): string {
  const end = startTagEnd(body, 0);
  if (end < 0) throw unreadable('the svg start tag is not closed');
  const tag = body.slice(0, end);
  let declarations = '';
  if (!/\sxmlns\s*=/.test(tag)) declarations += ` xmlns="${SVG_NS}"`;
  if (!/\sxmlns:xlink\s*=/.test(tag) && body.includes('xlink:')) declarations += ` xmlns:xlink="${XLINK_NS}"`;
  return declarations === '' ? body : `<svg${declarations}${body.slice(4)}`;
}

/** How DOMPurify's removals read in `removed`. */
function purifyRemovals(removedByPurify: readonly unknown[], removed: Set<string>): void {
  for (const entry of removedByPurify) {
    const item = entry as { element?: Node; attribute?: Attr | null };
    if (item.attribute) {
      const name = item.attribute.name.toLowerCase();
      if (name.startsWith('on')) removed.add(`event handler ${name}`);
      else if (hasScriptUrl(item.attribute.value)) removed.add('javascript: url');
      else if (item.attribute.localName.toLowerCase() === 'href') removed.add('external reference');
      else removed.add(`attribute ${item.attribute.name}`);
    } else if (item.element && item.element.nodeType === 1) {
      const element = item.element as Element;
      // DOMPurify reports the <body> of its own working document too.
      if (element.namespaceURI !== SVG_NS && element.localName === 'body') continue;
      removed.add(`element <${element.localName}>`);
    }
  }
}

/**
 * `input` without anything a browser could run or fetch from it, worked out on the calling thread
 * (the server calls `sanitiseSvg` of svg-thread.ts, which runs this in a worker). Refuses (ImageRejected) what is
 * not an SVG, is empty, is not well-formed XML, declares entities it cannot expand safely, nests
 * deeper than the limit or multiplies through `<use>` past it.
 */
export async function sanitiseSvgHere(
  input: Uint8Array | string,
  limits: SvgLimits = {},
): Promise<SanitisedSvg> {
  const { maxBytes, maxDepth, maxElements } = { ...SVG_LIMITS, ...limits };
  const text = decode(input, maxBytes);
  if (text.trim() === '') throw new ImageRejected('not_a_picture', 'the svg file is empty');
  const prolog = scanSvgProlog(text);
  if (!prolog) throw new ImageRejected('not_a_picture', 'not an svg picture: its first element is not <svg>');

  const removed = new Set<string>();
  if (prolog.instructions > 0) removed.add('processing instruction');
  let body = text.slice(prolog.rootStart);
  if (prolog.doctype) {
    removed.add('doctype');
    const entities = parseEntities(prolog.doctype.internalSubset);
    if (entities.size > 0) removed.add('entity declarations');
    body = expandEntities(body, entities, 2 * maxBytes);
  }
  body = withNamespaces(body);

  const dom = await svgDom();
  const parsed = dom.parse(body);
  if (typeof parsed === 'string') {
    // saxes reports 'line:column: what'; anything else is jsdom failing on content it reads as it
    // parses (a style attribute cssstyle cannot take), which no browser would fail on.
    throw unreadable(
      /^\d+:\d+: /.test(parsed)
        ? `the svg is not well-formed XML (${parsed})`
        : 'the svg could not be parsed (a style attribute the server cannot read)',
    );
  }
  const source = parsed.documentElement;
  if (source.localName !== 'svg' || source.namespaceURI !== SVG_NS) {
    throw new ImageRejected(
      'not_a_picture',
      'not an svg picture: its root element is not in the SVG namespace',
    );
  }
  prepareTree(source, maxDepth, removed);

  const purified = dom.purify.sanitize(source, PURIFY_CONFIG);
  purifyRemovals(dom.purify.removed, removed);
  const root = (purified as Element).firstElementChild;
  if (!root || root.localName !== 'svg') throw new Error('DOMPurify removed the root <svg>');
  enforceRules(root, maxElements, removed);

  const svg = dom.serialize(root);
  const again = dom.parse(svg);
  if (typeof again === 'string') throw new Error(`the sanitised svg does not parse: ${again}`);
  const unsafe = findUnsafe(again.documentElement);
  if (unsafe.length > 0) throw new Error(`the sanitised svg still holds ${unsafe.join(', ')}`);
  return { svg, removed: [...removed] };
}
