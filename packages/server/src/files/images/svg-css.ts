/**
 * CSS inside an SVG (style attributes, `<style>` elements, presentation attributes such as
 * `fill="url(…)"`) may fetch from outside the document: `url(…)`, `@import`, `image-set("…")`.
 * Only references into the document itself (`url(#id)`) are kept.
 *
 * The checks run on the text with every CSS escape decoded and in lower case, searched as a whole
 * rather than token by token: `\75 rl(` is `url(` to a browser and to these checks, and a `url(`
 * that only sits in a comment or string is dropped too. Over-reading like this costs a declaration
 * now and then; under-reading would let a fetch through. Cleaning drops the declarations and
 * statements that fail, then the whole text is checked once more and dropped if anything is left.
 */
import { dropControls } from './controls.js';

const CSS_ESCAPE = /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\s\S]))/g;

function decodeEscapes(css: string): string {
  return css.replace(CSS_ESCAPE, (_, hex: string | undefined, char: string | undefined) => {
    if (hex !== undefined) {
      const code = Number.parseInt(hex, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    // A backslash before a newline continues a string; before anything else it stands for that.
    return char === '\n' || char === '\r' || char === '\r\n' || char === '\f' ? '' : (char ?? '');
  });
}

/** The text as a browser's tokenizer could read it, over-approximated: escapes decoded, lower case. */
function normalise(css: string): string {
  return decodeEscapes(css).replace(/\0/g, '\ufffd').toLowerCase();
}

/** Whether a URL value (inside `url(`) is a reference into this document: `#…`, quoted or not. */
function isFragment(afterParen: string): boolean {
  return /^\s*["']?#/.test(afterParen);
}

/**
 * What in `css` could fetch or run something, as kinds for the log; empty when it is safe.
 * Also used for plain attribute values, where a `url(` outside the document is as bad.
 */
export function cssProblems(css: string): string[] {
  const text = normalise(css);
  const problems = new Set<string>();
  for (let at = text.indexOf('url('); at >= 0; at = text.indexOf('url(', at + 4)) {
    if (!isFragment(text.slice(at + 4, at + 64))) problems.add('url() outside the document');
  }
  if (text.includes('@import')) problems.add('@import');
  // Functions that take a bare string as an image URL.
  if (/(?:^|[^a-z0-9_-])(?:-[a-z]+-)?(?:image-set|image|cross-fade|src)\(/.test(text)) {
    problems.add('image loaded by CSS');
  }
  const compact = dropControls(text).replace(/\s+/g, '');
  if (compact.includes('javascript:') || compact.includes('vbscript:')) problems.add('javascript: url');
  if (compact.includes('expression(')) problems.add('CSS expression()');
  if (compact.includes('-moz-binding') || compact.includes('behavior:')) problems.add('CSS binding');
  return [...problems];
}

interface Scanner {
  readonly text: string;
  at: number;
}

/** Steps over a string or comment at `s.at` when there is one; returns whether it did. */
function skipStringOrComment(s: Scanner): boolean {
  const c = s.text[s.at];
  if (c === '"' || c === "'") {
    let i = s.at + 1;
    while (i < s.text.length && s.text[i] !== c && s.text[i] !== '\n') i += s.text[i] === '\\' ? 2 : 1;
    s.at = i + 1;
    return true;
  }
  if (c === '/' && s.text[s.at + 1] === '*') {
    const end = s.text.indexOf('*/', s.at + 2);
    s.at = end < 0 ? s.text.length : end + 2;
    return true;
  }
  return false;
}

/** Splits a declaration list at its top-level semicolons. */
function splitDeclarations(text: string): string[] {
  const parts: string[] = [];
  const s: Scanner = { text, at: 0 };
  let start = 0;
  let depth = 0;
  while (s.at < text.length) {
    if (skipStringOrComment(s)) continue;
    const c = text[s.at]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === '\\') s.at++;
    else if (c === ';' && depth === 0) {
      parts.push(text.slice(start, s.at));
      start = s.at + 1;
    }
    s.at++;
  }
  parts.push(text.slice(start));
  return parts;
}

function cleanDeclarations(text: string, removed: Set<string>): string {
  const kept: string[] = [];
  for (const declaration of splitDeclarations(text)) {
    // Rules and at-rules are not declarations; browsers drop them, and jsdom's CSS parser
    // (cssstyle) throws on some of them, so they never reach it.
    if (/^\s*@|[{}]/.test(declaration)) {
      removed.add('CSS rule where declarations belong');
      continue;
    }
    const problems = cssProblems(declaration);
    if (problems.length === 0) {
      if (declaration.trim() !== '') kept.push(declaration.trim());
    } else {
      for (const p of problems) removed.add(p);
    }
  }
  return kept.join(';');
}

/** A style attribute without its unsafe declarations; null when nothing safe is left. */
export function cleanStyleAttribute(value: string, removed: Set<string>): string | null {
  const cleaned = cleanDeclarations(value, removed);
  if (cleaned === '') return null;
  if (cssProblems(cleaned).length > 0) return null;
  return cleaned;
}

const MAX_NESTING = 16;

/**
 * The statements of a style sheet from `s.at` up to a closing `}` at this level (or the end):
 * at-rules without a block (`@import …;`) are kept only when safe, rules keep their safe
 * declarations, and block at-rules holding rules (`@media`, `@supports`) are cleaned inside.
 */
function cleanStatements(s: Scanner, removed: Set<string>, nesting: number): string {
  if (nesting > MAX_NESTING) throw new RangeError('CSS nested too deep');
  let out = '';
  let start = s.at;
  let depth = 0;
  while (s.at < s.text.length) {
    if (skipStringOrComment(s)) continue;
    const c = s.text[s.at]!;
    if (c === '\\') {
      s.at += 2;
      continue;
    }
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && c === ';') {
      const statement = s.text.slice(start, s.at + 1);
      const problems = cssProblems(statement);
      if (problems.length === 0) out += statement;
      else for (const p of problems) removed.add(p);
      start = s.at + 1;
    } else if (depth === 0 && c === '}') {
      // The end of the enclosing block; stray text before it is kept when safe.
      const rest = s.text.slice(start, s.at);
      if (cssProblems(rest).length === 0) out += rest;
      return out;
    } else if (depth === 0 && c === '{') {
      const prelude = s.text.slice(start, s.at);
      s.at++;
      const nested =
        /^\s*@(?:-[a-z]+-)?(?:media|supports|layer|container|document|scope|starting-style)\b/i.test(prelude);
      const body = nested
        ? cleanStatements(s, removed, nesting + 1)
        : cleanDeclarations(blockText(s), removed);
      const preludeProblems = cssProblems(prelude);
      if (preludeProblems.length === 0) out += `${prelude}{${body}}`;
      else for (const p of preludeProblems) removed.add(p);
      s.at++;
      start = s.at;
      continue;
    }
    s.at++;
  }
  const rest = s.text.slice(start);
  if (cssProblems(rest).length === 0) out += rest;
  return out;
}

/** The text of a declaration block from `s.at` to its closing `}` (left at `s.at`). */
function blockText(s: Scanner): string {
  const start = s.at;
  let depth = 0;
  while (s.at < s.text.length) {
    if (skipStringOrComment(s)) continue;
    const c = s.text[s.at]!;
    if (c === '\\') s.at++;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' && depth === 0) break;
    else if ((c === '}' || c === ')' || c === ']') && depth > 0) depth--;
    s.at++;
  }
  return s.text.slice(start, Math.min(s.at, s.text.length));
}

/** A style sheet without its unsafe statements and declarations; null when it must go entirely. */
export function cleanStyleSheet(text: string, removed: Set<string>): string | null {
  let cleaned: string;
  try {
    const s: Scanner = { text, at: 0 };
    cleaned = '';
    // A stray `}` at the top level ends nothing: step over it and go on.
    while (s.at < text.length) {
      cleaned += cleanStatements(s, removed, 0);
      s.at++;
    }
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    removed.add('CSS nested too deep');
    return null;
  }
  if (cssProblems(cleaned).length > 0) return null;
  return cleaned;
}
