import { describe, expect, it } from 'vitest';
import { cleanStyleAttribute, cleanStyleSheet, cssProblems } from './svg-css.js';

describe('cssProblems', () => {
  it('lets references into the document be, quoted or not', () => {
    expect(cssProblems('fill: url(#grad); stroke: url( "#a" ); mask: url(\'#m\')')).toEqual([]);
    expect(cssProblems('fill: red; font-family: "@MS Mincho"')).toEqual([]);
  });

  it('finds url() out of the document however it is written', () => {
    for (const css of [
      'background: url(https://evil.example/a)',
      'background: URL( "b.png" )',
      'background: \\75 rl(x)',
      'background: \\000075rl(x)',
      'background: u\\rl(x)',
      'background: U\\52 L(x)',
      'fill: url("" #a)',
      'fill: url("\'#a")',
      'fill: url()',
    ]) {
      expect(cssProblems(css), css).toContain('url() outside the document');
    }
  });

  it('finds @import, image functions, javascript:, expression() and bindings', () => {
    expect(cssProblems('@import "a.css";')).toContain('@import');
    expect(cssProblems('@\\69mport "a.css";')).toContain('@import');
    expect(cssProblems('background: image-set("a.png" 1x)')).toContain('image loaded by CSS');
    expect(cssProblems('background: -webkit-image-set("a.png" 1x)')).toContain('image loaded by CSS');
    expect(cssProblems('a: "java\\9 script:"')).toContain('javascript: url');
    expect(cssProblems('width: expression(alert(1))')).toContain('CSS expression()');
    expect(cssProblems('-moz-binding: x')).toContain('CSS binding');
    expect(cssProblems('behavior: x')).toContain('CSS binding');
  });
});

describe('cleanStyleAttribute', () => {
  it('drops the declarations that fetch and keeps the rest', () => {
    const removed = new Set<string>();
    expect(cleanStyleAttribute('fill:red; background:url(//evil); stroke:url(#s)', removed)).toBe(
      'fill:red;stroke:url(#s)',
    );
    expect([...removed]).toEqual(['url() outside the document']);
  });

  it('keeps semicolons inside strings and parentheses within their declaration', () => {
    const removed = new Set<string>();
    expect(cleanStyleAttribute('font-family:"a;b"; fill:url(#x)', removed)).toBe(
      'font-family:"a;b";fill:url(#x)',
    );
    expect(cleanStyleAttribute('content:"url(http://x)"; fill:red', removed)).toBe('fill:red');
  });

  it('drops rules where declarations belong, and says null when nothing is left', () => {
    const removed = new Set<string>();
    expect(cleanStyleAttribute('@import a;@import ', removed)).toBeNull();
    expect(cleanStyleAttribute('fill:red} .x{fill:blue', removed)).toBeNull();
    expect(removed).toContain('CSS rule where declarations belong');
  });
});

describe('cleanStyleSheet', () => {
  it('cleans rules, nested blocks and at-rules', () => {
    const removed = new Set<string>();
    const sheet =
      '@import url(a.css);\n.a { fill: url(#g); background: url(x.png) }\n' +
      '@media print { .b { fill: black; mask: url(//m) } }\n@font-face { font-family: f; src: url(f.woff) }';
    expect(cleanStyleSheet(sheet, removed)).toBe(
      '\n.a {fill: url(#g)}\n@media print { .b {fill: black} }\n@font-face {font-family: f}',
    );
    expect([...removed]).toEqual(['url() outside the document', '@import']);
  });

  it('drops a rule whose selector fetches, and copes with unbalanced sheets', () => {
    const removed = new Set<string>();
    expect(cleanStyleSheet('a[href=url(x)] { fill: red } .b { fill: blue }', removed)).toBe(
      ' .b {fill: blue}',
    );
    expect(cleanStyleSheet('.a { fill: red /* url(x) ', removed)).toBe('.a {}');
    expect(cleanStyleSheet('} } .a { fill: red }', removed)).toBe('  .a {fill: red}');
  });

  it('gives up on nesting deeper than 16 blocks', () => {
    const removed = new Set<string>();
    const deep = `${'@media screen {'.repeat(20)}.a{fill:red}${'}'.repeat(20)}`;
    expect(cleanStyleSheet(deep, removed)).toBeNull();
    expect(removed).toContain('CSS nested too deep');
  });
});
