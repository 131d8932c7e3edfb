import { formatBackground, parseBackground, SCENE_3D_ITEM, SVG_URL_ITEM } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backgroundPictureOf, withBackgroundPicture } from './background-picture';
import { hasPictureExtension, isPictureAddress, matchesName, pictureName } from './picture-address';

describe('picture values', () => {
  it('loads the store’s pictures, https and data: pictures, and nothing else', () => {
    for (const v of [
      '/api/v1/pictures/K/a.png',
      ' https://cdn.example.com/a.png ',
      'data:image/png;base64,AA',
    ]) {
      expect(isPictureAddress(v), v).toBe(true);
    }
    for (const v of [
      'ab00.png',
      'kg03.png',
      'http://x/a.png',
      '/api/v1/files/me',
      '//evil/a.png',
      'data:text/html,x',
      '',
    ]) {
      expect(isPictureAddress(v), v).toBe(false);
    }
  });

  it('takes png, jpg, jpeg, gif and webp names in any case, and no other (spec §5)', () => {
    for (const n of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.WebP', 'x.y.png'])
      expect(hasPictureExtension(n), n).toBe(true);
    for (const n of ['a.bmp', 'b.txt', 'c.svg', 'png', '.png', 'd.png.exe', 'e.tiff', 'f.']) {
      expect(hasPictureExtension(n), n).toBe(false);
    }
  });

  it('names an address by its file, a name by itself', () => {
    expect(pictureName('/api/v1/pictures/K/pump%20on.png')).toBe('pump on.png');
    expect(pictureName('https://cdn.example.com/a/b.webp?x=1')).toBe('b.webp');
    expect(pictureName('/api/v1/pictures/K/bad%E0.png')).toBe('bad%E0.png');
    expect(pictureName('kg03.png')).toBe('kg03.png');
    expect(matchesName('Pump.png', ' pu')).toBe(true);
    expect(matchesName('Fan.png', 'pu')).toBe(false);
  });
});

describe('the background picture of fBKImg', () => {
  const svg = '/api/v1/pictures/K/plant.svg';
  const stored = formatBackground({ items: ['old.png', 'a', 'b'], svgUrl: svg, scene3dSource: 'scene-7' });

  it('is item 0; replacing it keeps every other item, the svg url and the 3D scene', () => {
    expect(backgroundPictureOf(stored)).toBe('old.png');
    const next = withBackgroundPicture(stored, '/api/v1/pictures/K/new.png');
    const parsed = parseBackground(next);
    expect(parsed.items[0]).toBe('/api/v1/pictures/K/new.png');
    expect(parsed.items.slice(1)).toEqual(parseBackground(stored).items.slice(1));
    expect(parsed.items[SVG_URL_ITEM]).toBe(svg);
    expect(parsed.items[SCENE_3D_ITEM]).toBe('scene-7');
    expect(withBackgroundPicture('', '')).toBe('');
    expect(withBackgroundPicture('', 'bk.png')).toBe('bk.png');
    expect(withBackgroundPicture('bk.png', '')).toBe('');
  });

  it('reads back the picture set, whatever the other items hold', () => {
    const item = fc.string().filter((s) => !s.includes('@'));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), item, (items, picture) => {
        const text = items.join('@');
        const next = withBackgroundPicture(text, picture);
        expect(backgroundPictureOf(next)).toBe(picture);
        expect(parseBackground(next).items.slice(1)).toEqual(parseBackground(text).items.slice(1));
      }),
    );
  });
});
