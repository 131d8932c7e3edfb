/**
 * The block part of the guide's markdown (docs/console.md): headings, paragraphs, bullet and
 * numbered lists (nested, with lazy continuation lines), tables, fenced code and rules. Lines
 * that are none of these are paragraph text; HTML is not recognised, so it stays text.
 */
import { inlineText, parseInline } from './inline';
import type { Inline } from './inline';

export type Block =
  | { readonly kind: 'heading'; readonly level: number; readonly content: readonly Inline[] }
  | { readonly kind: 'paragraph'; readonly content: readonly Inline[] }
  | {
      readonly kind: 'list';
      readonly ordered: boolean;
      /** The first number of a numbered list. */
      readonly start: number;
      readonly items: readonly (readonly Block[])[];
    }
  | {
      readonly kind: 'table';
      readonly head: readonly (readonly Inline[])[];
      /** Each row has as many cells as the head. */
      readonly rows: readonly (readonly (readonly Inline[])[])[];
    }
  | { readonly kind: 'code'; readonly language: string; readonly text: string }
  | { readonly kind: 'rule' };

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const blank = (line: string): boolean => line.trim() === '';

interface Marker {
  readonly ordered: boolean;
  /** The bullet character, or the numbered list's '.' or ')'. */
  readonly char: string;
  readonly number: number;
  /** Where the item's content starts: lines indented this far belong to it. */
  readonly contentIndent: number;
  readonly rest: string;
}

function marker(line: string): Marker | null {
  const m = LIST_ITEM.exec(line);
  if (!m) return null;
  const [whole, indent = '', mark = '', gap = ''] = m;
  const ordered = /\d/.test(mark);
  // A gap of five spaces or more is a code block in markdown: one space counts, the rest is content.
  const width = gap.length >= 1 && gap.length <= 4 ? gap.length : 1;
  return {
    ordered,
    char: ordered ? mark.slice(-1) : mark,
    number: ordered ? Number(mark.slice(0, -1)) : 0,
    contentIndent: indent.length + mark.length + width,
    rest: line.slice(Math.min(whole.length, indent.length + mark.length + width)),
  };
}

/** The cells of a table row: split at pipes not escaped, the outer pipes dropped. */
function cells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i += 1) {
    const c = row[i]!;
    if (c === '\\' && i + 1 < row.length) {
      cell += c + row[i + 1];
      i += 1;
    } else if (c === '|') {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

function tableStarts(lines: readonly string[], at: number): boolean {
  const head = lines[at];
  const delimiter = lines[at + 1];
  return (
    head !== undefined &&
    delimiter !== undefined &&
    head.includes('|') &&
    DELIMITER_ROW.test(delimiter) &&
    delimiter.includes('-') &&
    cells(head).length === cells(delimiter).length
  );
}

/** Whether the line starts a block that ends a paragraph. */
function interrupts(lines: readonly string[], at: number): boolean {
  const line = lines[at]!;
  if (HEADING.test(line) || FENCE.test(line) || RULE.test(line) || tableStarts(lines, at)) return true;
  const m = marker(line);
  // As in CommonMark: only a list starting at 1, with content, breaks into a paragraph.
  return m !== null && m.rest.trim() !== '' && (!m.ordered || m.number === 1);
}

/** Removes up to `n` columns of leading spaces. */
function dedent(line: string, n: number): string {
  let i = 0;
  while (i < n && line[i] === ' ') i += 1;
  return line.slice(i);
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

function parseList(lines: readonly string[], from: number): { block: Block; next: number } {
  const first = marker(lines[from]!)!;
  const items: Block[][] = [];
  let i = from;
  while (i < lines.length) {
    const m = marker(lines[i]!);
    if (!m || m.ordered !== first.ordered || m.char !== first.char || RULE.test(lines[i]!)) break;
    const body: string[] = [m.rest];
    i += 1;
    let lastBlank = blank(m.rest);
    while (i < lines.length) {
      const line = lines[i]!;
      if (blank(line)) {
        body.push('');
        lastBlank = true;
        i += 1;
        continue;
      }
      if (indentOf(line) >= m.contentIndent) {
        body.push(dedent(line, m.contentIndent));
        lastBlank = false;
        i += 1;
        continue;
      }
      // An unindented line right after text carries the paragraph on (a lazy continuation).
      if (!lastBlank && marker(line) === null && !interrupts(lines, i)) {
        body.push(line.trim());
        i += 1;
        continue;
      }
      break;
    }
    // Blank lines after the item belong between items, not to it.
    while (body.length > 0 && blank(body.at(-1)!)) body.pop();
    items.push(parseBlocks(body));
    // Past a blank line, the list goes on only with an item of its own kind.
    while (i < lines.length && blank(lines[i]!)) {
      const after = lines.slice(i).find((l) => !blank(l));
      const m2 = after === undefined ? null : marker(after);
      if (!m2 || m2.ordered !== first.ordered || m2.char !== first.char) break;
      i += 1;
    }
  }
  return {
    block: { kind: 'list', ordered: first.ordered, start: first.number, items },
    next: i,
  };
}

function parseTable(lines: readonly string[], from: number): { block: Block; next: number } {
  const head = cells(lines[from]!);
  const rows: Inline[][][] = [];
  let i = from + 2;
  while (i < lines.length && !blank(lines[i]!) && lines[i]!.includes('|') && !interrupts(lines, i)) {
    const row = cells(lines[i]!);
    rows.push(head.map((_, c) => parseInline(row[c] ?? '')));
    i += 1;
  }
  return { block: { kind: 'table', head: head.map((c) => parseInline(c)), rows }, next: i };
}

/** Parses markdown text (a document, or a list item's content) into blocks. */
export function parseBlocks(source: string | readonly string[]): Block[] {
  const lines = typeof source === 'string' ? source.replace(/\r\n?/g, '\n').split('\n') : source;
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    // A backtick fence's info string holds no backtick.
    if (fence && !(fence[2]!.startsWith('`') && fence[3]!.includes('`'))) {
      const [, indent = '', mark = ''] = fence;
      const body: string[] = [];
      i += 1;
      const closing = new RegExp(`^ {0,3}${mark[0] === '`' ? '`' : '~'}{${mark.length},}[ \\t]*$`);
      while (i < lines.length && !closing.test(lines[i]!)) {
        body.push(dedent(lines[i]!, indent.length));
        i += 1;
      }
      i += 1;
      blocks.push({ kind: 'code', language: fence[3]!.trim().split(/\s+/)[0] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, content: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i += 1;
      continue;
    }
    if (marker(line)) {
      const { block, next } = parseList(lines, i);
      blocks.push(block);
      i = next;
      continue;
    }
    if (tableStarts(lines, i)) {
      const { block, next } = parseTable(lines, i);
      blocks.push(block);
      i = next;
      continue;
    }
    const text: string[] = [line.trim()];
    i += 1;
    while (i < lines.length && !blank(lines[i]!) && !interrupts(lines, i)) {
      text.push(lines[i]!.trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', content: parseInline(text.join('\n')) });
  }
  return blocks;
}

/** The text a reader sees of blocks (for search): cells, items and code included. */
export function blockText(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'heading':
        case 'paragraph':
          return inlineText(b.content);
        case 'list':
          return b.items.map(blockText).join('\n');
        case 'table':
          return [b.head, ...b.rows].map((row) => row.map(inlineText).join(' | ')).join('\n');
        case 'code':
          return b.text;
        case 'rule':
          return '';
      }
    })
    .join('\n');
}
