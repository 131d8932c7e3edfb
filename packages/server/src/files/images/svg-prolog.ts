/**
 * The prolog of an SVG file: what may stand before the root `<svg` (XML declaration, comments,
 * processing instructions, one DOCTYPE, white space). Shared by the sniffer, which only needs to
 * know the first element is `<svg`, and the sanitiser, which cuts the DOCTYPE out before parsing.
 * No DOM here: the sniffer runs on every upload and must stay cheap.
 */

export interface SvgProlog {
  /** Index of the `<` of the root `<svg` start tag. */
  readonly rootStart: number;
  /** The DOCTYPE's range, `<!DOCTYPE` to its closing `>`, when there is one. */
  readonly doctype: { readonly start: number; readonly end: number; readonly internalSubset: string } | null;
  /** Processing instructions other than the XML declaration (`<?xml-stylesheet …?>` loads a style sheet). */
  readonly instructions: number;
}

const XML_SPACE = new Set([' ', '\t', '\r', '\n']);

function skipSpace(text: string, i: number): number {
  while (i < text.length && XML_SPACE.has(text[i]!)) i++;
  return i;
}

/** Index just past the quoted literal starting at `i` (a quote character), or -1 when unclosed. */
function skipQuoted(text: string, i: number): number {
  const end = text.indexOf(text[i]!, i + 1);
  return end < 0 ? -1 : end + 1;
}

/** Index just past `close` searched from `from`, or -1. */
function skipPast(text: string, from: number, close: string): number {
  const end = text.indexOf(close, from);
  return end < 0 ? -1 : end + close.length;
}

/** Index just past the DOCTYPE starting at `start`, and its internal subset; null when unclosed. */
function scanDoctype(text: string, start: number): { end: number; internalSubset: string } | null {
  let i = start + '<!DOCTYPE'.length;
  let internalSubset = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i);
      if (i < 0) return null;
    } else if (c === '[') {
      const subsetStart = i + 1;
      i = subsetStart;
      // The internal subset ends at the first `]` outside literals, comments and instructions.
      for (;;) {
        if (i >= text.length) return null;
        const d = text[i]!;
        if (d === '"' || d === "'") i = skipQuoted(text, i);
        else if (text.startsWith('<!--', i)) i = skipPast(text, i + 4, '-->');
        else if (text.startsWith('<?', i)) i = skipPast(text, i + 2, '?>');
        else if (d === ']') break;
        else i++;
        if (i < 0) return null;
      }
      internalSubset = text.slice(subsetStart, i);
      i++;
    } else if (c === '>') {
      return { end: i + 1, internalSubset };
    } else {
      i++;
    }
  }
  return null;
}

/**
 * Where the root `<svg` starts, when the text is an SVG document: everything before it is prolog
 * and the first element is `svg` (unprefixed). Null for anything else, including text that only
 * mentions `<svg` later on (an HTML page with an inline SVG is not an SVG picture).
 */
export function scanSvgProlog(text: string): SvgProlog | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let doctype: SvgProlog['doctype'] = null;
  let instructions = 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i >= text.length || text[i] !== '<') return null;
    if (text.startsWith('<?', i)) {
      const isDeclaration = /^<\?xml[\s?]/.test(text.slice(i, i + 6));
      if (!isDeclaration) instructions++;
      i = skipPast(text, i + 2, '?>');
    } else if (text.startsWith('<!--', i)) {
      i = skipPast(text, i + 4, '-->');
    } else if (text.startsWith('<!DOCTYPE', i)) {
      if (doctype) return null;
      const scanned = scanDoctype(text, i);
      if (!scanned) return null;
      doctype = { start: i, end: scanned.end, internalSubset: scanned.internalSubset };
      i = scanned.end;
    } else if (/^<svg[\s/>]/.test(text.slice(i, i + 5))) {
      return { rootStart: i, doctype, instructions };
    } else {
      return null;
    }
    if (i < 0) return null;
  }
}

/** Index just past the `>` of the start tag beginning at `start`, skipping quoted attribute values. */
export function startTagEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i);
      if (i < 0) return -1;
    } else if (c === '>') {
      return i + 1;
    } else {
      i++;
    }
  }
  return -1;
}
