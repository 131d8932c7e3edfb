// Checks docs/protocol.md § fBKImg.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBackground, parseBackground, SCENE_3D_ITEM, SVG_URL_ITEM } from './background.js';

// Items 0-12 are kept as they come; counted from 0, item 13 is the svg url and item 14 the 3D scene.
const thirteen = Array.from({ length: 13 }, (_, i) => `i${i}`);

describe('parseBackground', () => {
  it('counts items from 0: item 13 is the svg url, item 14 the 3D scene source', () => {
    expect(SVG_URL_ITEM).toBe(13);
    expect(SCENE_3D_ITEM).toBe(14);
    const text = [...thirteen, 'https://x/d.svg', 'scene-7', 'extra'].join('@');
    expect(parseBackground(text)).toEqual({
      items: [...thirteen, 'https://x/d.svg', 'scene-7', 'extra'],
      svgUrl: 'https://x/d.svg',
      scene3dSource: 'scene-7',
    });
  });

  it('gives empty strings when the items stop before 13 or 14', () => {
    expect(parseBackground('bg.png@#fff')).toEqual({
      items: ['bg.png', '#fff'],
      svgUrl: '',
      scene3dSource: '',
    });
    expect(parseBackground([...thirteen, 'd.svg'].join('@'))).toMatchObject({
      svgUrl: 'd.svg',
      scene3dSource: '',
    });
  });

  it('reads empty or non-text as no items', () => {
    expect(parseBackground('')).toEqual({ items: [], svgUrl: '', scene3dSource: '' });
    expect(parseBackground(null)).toEqual({ items: [], svgUrl: '', scene3dSource: '' });
  });
});

describe('formatBackground', () => {
  it('writes svgUrl and scene3dSource into items 13 and 14, padding with empty items', () => {
    expect(formatBackground({ items: ['bg.png'], svgUrl: 'd.svg', scene3dSource: '' })).toBe(
      `bg.png${'@'.repeat(13)}d.svg`,
    );
    expect(formatBackground({ items: [], svgUrl: '', scene3dSource: 's1' })).toBe(`${'@'.repeat(14)}s1`);
    expect(formatBackground({ items: ['a', 'b'], svgUrl: '', scene3dSource: '' })).toBe('a@b');
  });

  it('lets svgUrl and scene3dSource win over items 13 and 14', () => {
    const items = [...thirteen, 'old.svg', 'old-scene'];
    expect(parseBackground(formatBackground({ items, svgUrl: 'new.svg', scene3dSource: '' }))).toEqual({
      items: [...thirteen, 'new.svg', ''],
      svgUrl: 'new.svg',
      scene3dSource: '',
    });
  });

  it("writes '@' inside an item as %40", () => {
    expect(formatBackground({ items: ['ftp://u@host/a.png'], svgUrl: '', scene3dSource: '' })).toBe(
      'ftp://u%40host/a.png',
    );
  });
});

describe('fBKImg properties', () => {
  it('text → background → text is the same text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(formatBackground(parseBackground(text))).toBe(text);
      }),
    );
  });

  it('background → text → background is the same background', () => {
    const item = fc.string().map((s) => s.replaceAll('@', ''));
    const background = fc
      .array(item, { maxLength: 20 })
      .filter((items) => !(items.length === 1 && items[0] === '')) // [''] and [] are both ''
      .map((items) => ({ items, svgUrl: items[13] ?? '', scene3dSource: items[14] ?? '' }));
    fc.assert(
      fc.property(background, (bg) => {
        expect(parseBackground(formatBackground(bg))).toEqual(bg);
      }),
    );
  });
});
