// Checks docs/protocol.md § Image lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_IMAGES } from '../channels.js';
import type { ChannelImageKind } from '../channels.js';
import { formatImageList, IMAGE_LIST_FIELDS, parseImageList } from './images.js';

describe('parseImageList', () => {
  it.each([
    ['doOn', 'kg03.png'],
    ['doOff', 'kg03_0.png'],
    ['diOn', 'kg11.png'],
    ['diOff', 'kg11_0.png'],
    ['ai', 'com_default.png'],
    ['aiAlarm', 'com_alarm.gif'],
    ['ao', 'com_default.png'],
  ] as const)('%s defaults to %s', (kind, image) => {
    expect(parseImageList('', 2, kind)).toEqual([image, image]);
    expect(DEFAULT_CHANNEL_IMAGES[kind]).toBe(image);
  });

  it('fills empty and missing items only', () => {
    expect(parseImageList('a.png; ;c.gif', 4, 'doOn')).toEqual(['a.png', 'kg03.png', 'c.gif', 'kg03.png']);
    expect(parseImageList('a.png;b.png', 1, 'diOff')).toEqual(['a.png']);
  });

  it('names the record fields', () => {
    expect(IMAGE_LIST_FIELDS).toEqual({
      doOn: 'fDOOnImg',
      doOff: 'fDOOffImg',
      diOn: 'fDIOnImg',
      diOff: 'fDIOffImg',
      ai: 'fAIImg',
      aiAlarm: 'fAIAlarmImg',
      ao: 'fAOImg',
    });
  });

  it('round trips image names', () => {
    const name = fc.stringMatching(/^[\w.-]{1,20}$/);
    const kind = fc.constantFrom(...(Object.keys(DEFAULT_CHANNEL_IMAGES) as ChannelImageKind[]));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 32 }), kind, (images, k) => {
        expect(parseImageList(formatImageList(images), images.length, k)).toEqual(images);
      }),
    );
  });

  it('never throws and never gives an empty name', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 32 }), (text, n) => {
        const images = parseImageList(text, n, 'ai');
        expect(images).toHaveLength(n);
        for (const image of images) expect(image.length).toBeGreaterThan(0);
      }),
    );
  });
});
