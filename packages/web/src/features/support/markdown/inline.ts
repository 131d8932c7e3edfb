/**
 * The inline part of the guide's markdown: code spans, bold and italic, links and backslash
 * escapes. Everything else (HTML tags included) stays text: the result is data that
 * render.tsx turns into React elements, so nothing is ever parsed as HTML. Images are not
 * drawn; their alternative text stands in for them.
 */

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'strong'; readonly children: readonly Inline[] }
  | { readonly kind: 'em'; readonly children: readonly Inline[] }
  /** Only http(s) addresses become links; other targets leave their text as text. */
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly Inline[] };

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const WEB_ADDRESS = /^https?:\/\/[^\s<>"]+$/i;

/** The run of `char` starting at `at`. */
function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end += 1;
  return end - at;
}

/** Where the code span opened by the backtick run at `at` closes (its closing run's start), or -1. */
function codeSpanEnd(text: string, at: number): number {
  const n = runLength(text, at, '`');
  let i = at + n;
  while (i < text.length) {
    if (text[i] === '`') {
      const m = runLength(text, i, '`');
      if (m === n) return i;
      i += m;
    } else i += 1;
  }
  return -1;
}

/** A code span's text: line ends read as spaces, one space each side stripped when both are there. */
function codeText(raw: string): string {
  const text = raw.replace(/\r?\n/g, ' ');
  return text.length >= 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== ''
    ? text.slice(1, -1)
    : text;
}

/**
 * The end (exclusive) of the bracketed text opened at `at` (a '['), with nested brackets, escapes
 * and code spans skipped; -1 when it never closes.
 */
function bracketEnd(text: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') {
      const end = codeSpanEnd(text, i);
      i = end < 0 ? i + runLength(text, i, '`') : end + runLength(text, end, '`');
    } else {
      if (c === '[') depth += 1;
      else if (c === ']') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
  }
  return -1;
}

/**
 * The destination of `(address "title")` starting at `at` (the '('): the address and where the
 * parenthesis closes (exclusive); null when it is not a destination.
 */
function destination(text: string, at: number): { address: string; end: number } | null {
  if (text[at] !== '(') return null;
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth === 0) {
        const inside = text.slice(at + 1, i).trim();
        const address = (/^<([^>]*)>/.exec(inside)?.[1] ?? inside.split(/\s+/)[0] ?? '').trim();
        return { address, end: i + 1 };
      }
    } else if (c === '\n' && text[i + 1] === '\n') return null;
  }
  return null;
}

/** Whether the delimiter run `[at, at + n)` may open emphasis. */
function canOpen(text: string, at: number, n: number, char: string): boolean {
  const next = text[at + n];
  if (next === undefined || /\s/.test(next)) return false;
  // Inside a word, `_` is a letter (snake_case), `*` is not.
  return char === '*' || at === 0 || !WORD.test(text[at - 1] ?? '');
}

/** Whether the delimiter run `[at, at + n)` may close emphasis. */
function canClose(text: string, at: number, n: number, char: string): boolean {
  const before = text[at - 1];
  if (before === undefined || /\s/.test(before)) return false;
  return char === '*' || !WORD.test(text[at + n] ?? '');
}

/** The closing run of `n` (or more) `char` after `from`, skipping escapes and code spans; -1 if none. */
function closer(text: string, from: number, n: number, char: string): number {
  let i = from;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '`') {
      const end = codeSpanEnd(text, i);
      i = end < 0 ? i + runLength(text, i, '`') : end + runLength(text, end, '`');
    } else if (c === char) {
      const m = runLength(text, i, char);
      // A single closer ends at a run of one; a double at the first two of a run.
      if ((n === 1 ? m === 1 : m >= n) && canClose(text, i, n, char)) return i;
      i += m;
    } else i += 1;
  }
  return -1;
}

function pushText(out: Inline[], text: string): void {
  if (text === '') return;
  const last = out.at(-1);
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + text };
  else out.push({ kind: 'text', text });
}

/** Parses one paragraph's (or cell's, or heading's) text; `links` is false inside a link's text. */
export function parseInline(text: string, links = true): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    pushText(out, plain.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const n = runLength(text, i, '`');
      const end = codeSpanEnd(text, i);
      if (end < 0) {
        plain += '`'.repeat(n);
        i += n;
        continue;
      }
      flush();
      out.push({ kind: 'code', text: codeText(text.slice(i + n, end)) });
      i = end + n;
      continue;
    }
    const image = c === '!' && text[i + 1] === '[';
    if (c === '[' || image) {
      const open = image ? i + 1 : i;
      const close = bracketEnd(text, open);
      const target = close < 0 ? null : destination(text, close);
      if (target !== null) {
        const label = text.slice(open + 1, close - 1);
        flush();
        if (image) {
          // Not drawn: the alternative text reads in its place.
          for (const part of parseInline(label, false)) out.push(part);
        } else if (links && WEB_ADDRESS.test(target.address)) {
          out.push({ kind: 'link', href: target.address, children: parseInline(label, false) });
        } else {
          for (const part of parseInline(label, links)) out.push(part);
        }
        i = target.end;
        continue;
      }
      plain += c;
      i += 1;
      continue;
    }
    if (c === '*' || c === '_') {
      const run = runLength(text, i, c);
      const n = run >= 2 ? 2 : 1;
      if (canOpen(text, i, n, c)) {
        const end = closer(text, i + n, n, c);
        if (end > i + n) {
          flush();
          const children = parseInline(text.slice(i + n, end), links);
          out.push(n === 2 ? { kind: 'strong', children } : { kind: 'em', children });
          i = end + n;
          continue;
        }
      }
      plain += c.repeat(run);
      i += run;
      continue;
    }
    plain += c;
    i += 1;
  }
  flush();
  // Text merged across the pieces flushed apart.
  return out.reduce<Inline[]>((merged, part) => {
    if (part.kind === 'text') pushText(merged, part.text);
    else merged.push(part);
    return merged;
  }, []);
}

/** The text a reader sees of inline content (for search and slugs). */
export function inlineText(parts: readonly Inline[]): string {
  return parts
    .map((p) => (p.kind === 'text' || p.kind === 'code' ? p.text : inlineText(p.children)))
    .join('');
}
