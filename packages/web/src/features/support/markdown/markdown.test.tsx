// @vitest-environment jsdom
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseBlocks } from './blocks';
import type { Block } from './blocks';
import { parseInline } from './inline';
import { MARKDOWN_ELEMENTS, renderBlocks } from './render';

/** The markdown drawn and read back by the browser's parser, as a test reads a page. */
function draw(markdown: string, marks: readonly string[] = []): HTMLElement {
  const html = renderToStaticMarkup(<>{renderBlocks(parseBlocks(markdown), { marks })}</>);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

const ALLOWED_ATTRIBUTES = new Set(['href', 'target', 'rel', 'start', 'class', 'id']);

/** Everything the drawn markdown may hold: the listed elements, links only to the web. */
function expectSafe(body: HTMLElement): void {
  for (const el of body.querySelectorAll('*')) {
    expect(MARKDOWN_ELEMENTS.has(el.tagName.toLowerCase()), el.tagName).toBe(true);
    for (const attr of el.getAttributeNames()) expect(ALLOWED_ATTRIBUTES.has(attr), attr).toBe(true);
    if (el.tagName === 'A') {
      expect(el.getAttribute('href')).toMatch(/^https?:\/\//i);
      expect(el.getAttribute('target')).toBe('_blank');
      expect(el.getAttribute('rel')).toBe('noopener noreferrer');
    }
  }
}

/** Text rich in what markdown and HTML give meaning to. */
const MARKUP = [
  '#',
  '##',
  '*',
  '**',
  '_',
  '`',
  '```',
  '~~~',
  '|',
  '-',
  '---',
  '1.',
  '2)',
  '+',
  '>',
  '<',
  '&',
  '[',
  ']',
  '(',
  ')',
  '!',
  '\\',
  '"',
  "'",
  '=',
  ':',
  '/',
  'http://x.y',
  'https://a.b/c',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&lt;b&gt;',
  '<a href="javascript:x">',
  'onclick=',
  'style=',
  ' ',
  '  ',
  '    ',
  '\t',
  '\n',
  '\n\n',
  'word',
  'Wörter',
  '设备',
  '\u0000',
  '\u200b',
];
const markupText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...MARKUP),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    ),
    {
      maxLength: 60,
    },
  )
  .map((parts) => parts.join(''));

/** Plain words: nothing markdown reads as syntax, HTML included (it is not syntax here). */
const PLAIN_CHARS = 'abcXYZ019 设备äß<>&"\';:,?/=%$@{}';
const plainText = fc
  .array(fc.constantFrom(...PLAIN_CHARS.split('')), { minLength: 1, maxLength: 80 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() !== '');

describe('markdown as React elements', () => {
  it('draws any text with the listed elements only, and links only to http(s) in a new tab', () => {
    fc.assert(
      fc.property(markupText, fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }), (text, marks) => {
        expectSafe(draw(text, marks));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps plain text as text: a paragraph reads back exactly, markup included', () => {
    fc.assert(
      fc.property(plainText, (text) => {
        const body = draw(text);
        expect(body.querySelectorAll('*').length).toBe(1);
        expect(body.firstElementChild?.tagName).toBe('P');
        expect(body.textContent).toBe(text.trim());
      }),
    );
  });

  it('keeps code as text, in code spans and fenced blocks', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((t) => !t.includes('`') && !/[\r\n]/.test(t) && t.trim() !== ''),
        (text) => {
          const span = draw(`see \`${text}\``).querySelector('code');
          const expected =
            text.length >= 2 && text.startsWith(' ') && text.endsWith(' ') ? text.slice(1, -1) : text;
          expect(span?.textContent).toBe(expected);
          const fenced = draw(`\`\`\`\n${text}\n\`\`\``).querySelector('pre > code');
          expect(fenced?.textContent).toBe(text);
        },
      ),
    );
  });

  it('marks the searched words wherever they are, in any case, and nothing else', () => {
    fc.assert(
      fc.property(plainText, fc.constantFrom('abc', 'x', '设备', '<'), (text, word) => {
        const body = draw(text, [word]);
        const marks = [...body.querySelectorAll('mark')].map((m) => m.textContent?.toLowerCase());
        const expected = text.trim().toLowerCase().split(word.toLowerCase()).length - 1;
        expect(marks).toEqual(Array.from({ length: expected }, () => word.toLowerCase()));
        expect(body.textContent).toBe(text.trim());
      }),
    );
  });

  it('draws what the guide uses', () => {
    const body = draw(
      [
        '# Title',
        '',
        'A **bold** and _italic_ word, `code`, [a site](https://example.com "t"), [api](api.md),',
        'snake_case_name and ![a picture](images/p.png).',
        '',
        '| a | b \\| c |',
        '| - | :-: |',
        '| `x` | [y](http://y.z) |',
        '| only |',
        '',
        '1. one',
        '   still one',
        'lazy one',
        '2. two',
        '   - nested',
        '',
        '     nested paragraph',
        '',
        '```js',
        '<b>not bold</b>',
        '```',
        '',
        '---',
        '<img src=x onerror=alert(1)>',
      ].join('\n'),
    );
    expectSafe(body);
    expect(body.querySelector('h1')?.textContent).toBe('Title');
    const p = body.querySelector('p')!;
    expect(p.querySelector('strong')?.textContent).toBe('bold');
    expect(p.querySelector('em')?.textContent).toBe('italic');
    expect(p.querySelector('code')?.textContent).toBe('code');
    expect([...p.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['a site', 'https://example.com'],
    ]);
    expect(p.textContent).toBe('A bold and italic word, code, a site, api, snake_case_name and a picture.');
    expect(body.querySelector('img')).toBeNull();
    expect([...body.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['a', 'b | c']);
    expect(
      [...body.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['x', 'y'],
      ['only', ''],
    ]);
    const items = body.querySelectorAll('ol > li');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe('one still one lazy one');
    expect(items[1]!.querySelector('ul > li')?.textContent).toBe('nestednested paragraph');
    expect(body.querySelector('pre > code')?.textContent).toBe('<b>not bold</b>');
    expect(body.querySelector('pre b')).toBeNull();
    expect(body.querySelector('hr')).not.toBeNull();
    expect(body.lastElementChild?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('reads the guide itself: its headings, tables, lists and code', async () => {
    const { default: guide } = await import('../../../../../../docs/console.md?raw');
    const blocks = parseBlocks(guide);
    const kinds = (list: readonly Block[]): string[] =>
      list.flatMap((b) => [b.kind, ...(b.kind === 'list' ? b.items.flatMap(kinds) : [])]);
    expect(new Set(kinds(blocks))).toEqual(new Set(['heading', 'paragraph', 'list', 'table', 'code']));
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 1 });
    expectSafe(draw(guide));
  });

  it('does not link javascript: or relative addresses, and links no link inside a link', () => {
    expect(parseInline('[x](javascript:alert(1)) [y](/#/Equips) [[z](https://a.b)](https://c.d)')).toEqual([
      { kind: 'text', text: 'x y ' },
      { kind: 'link', href: 'https://c.d', children: [{ kind: 'text', text: 'z' }] },
    ]);
  });
});
