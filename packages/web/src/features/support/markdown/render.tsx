/**
 * Parsed markdown drawn as React elements: every piece of text is a text child, never markup, so
 * whatever the document holds cannot reach an HTML parser. The elements used are listed in
 * MARKDOWN_ELEMENTS (the tests hold the renderer to them). Words being searched for are marked
 * with <mark> elements.
 */
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import type { Block } from './blocks';
import type { Inline } from './inline';

/** Every element the renderer may produce. */
export const MARKDOWN_ELEMENTS: ReadonlySet<string> = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'pre',
  'code',
  'strong',
  'em',
  'a',
  'hr',
  'mark',
]);

export interface RenderOptions {
  /** Words to mark wherever they occur in the text, in any case; none by default. */
  readonly marks?: readonly string[];
  /** The id a heading carries, so the page can scroll to it; none by default. */
  readonly headingId?: (block: Extract<Block, { kind: 'heading' }>) => string | undefined;
}

const escapeRegExp = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of the marked words, longest first so a longer word wins over its prefix. */
export function markPattern(words: readonly string[]): RegExp | null {
  const list = [...new Set(words.filter((w) => w !== ''))].sort((a, b) => b.length - a.length);
  return list.length === 0 ? null : new RegExp(`(${list.map(escapeRegExp).join('|')})`, 'giu');
}

function marked(text: string, pattern: RegExp | null): ReactNode {
  if (pattern === null) return text;
  const parts = text.split(pattern);
  if (parts.length === 1) return text;
  // split with one capturing group: the matches sit at the odd places.
  return parts.map((part, i) =>
    i % 2 === 1 ? <mark key={i}>{part}</mark> : part === '' ? null : <Fragment key={i}>{part}</Fragment>,
  );
}

function inlines(parts: readonly Inline[], pattern: RegExp | null): ReactNode[] {
  return parts.map((part, i) => {
    switch (part.kind) {
      case 'text':
        return <Fragment key={i}>{marked(part.text, pattern)}</Fragment>;
      case 'code':
        return <code key={i}>{marked(part.text, pattern)}</code>;
      case 'strong':
        return <strong key={i}>{inlines(part.children, pattern)}</strong>;
      case 'em':
        return <em key={i}>{inlines(part.children, pattern)}</em>;
      case 'link':
        return (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {inlines(part.children, pattern)}
          </a>
        );
    }
  });
}

function block(b: Block, key: number, pattern: RegExp | null, options: RenderOptions): ReactNode {
  switch (b.kind) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, b.level))}` as 'h1';
      return (
        <Tag key={key} id={options.headingId?.(b)}>
          {inlines(b.content, pattern)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{inlines(b.content, pattern)}</p>;
    case 'list': {
      const items = b.items.map((item, i) => <li key={i}>{blocks(item, pattern, options)}</li>);
      return b.ordered ? (
        <ol key={key} start={b.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'table':
      return (
        <div key={key} className="fl-help-table">
          <table>
            <thead>
              <tr>
                {b.head.map((cell, i) => (
                  <th key={i}>{inlines(cell, pattern)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i}>{inlines(cell, pattern)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{marked(b.text, pattern)}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
  }
}

function blocks(list: readonly Block[], pattern: RegExp | null, options: RenderOptions): ReactNode[] {
  return list.map((b, i) => block(b, i, pattern, options));
}

/** The blocks as React elements, with the searched words marked. */
export function renderBlocks(list: readonly Block[], options: RenderOptions = {}): ReactNode[] {
  return blocks(list, markPattern(options.marks ?? []), options);
}
