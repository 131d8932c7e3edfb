// docs/protocol.md § Conventions (byte order, channel masks, hex) and the phrase helpers of the descriptions
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  channelsToMask,
  clampInt,
  concatBytes,
  fromHex,
  maskToChannels,
  readS16,
  readU16,
  readU32,
  toHex,
  writeU16,
  writeU32,
} from './bytes.js';
import { joinParts, say } from './i18n.js';

describe('hex', () => {
  it('writes upper-case pairs and reads either case', () => {
    expect(toHex(Uint8Array.from([0x00, 0x0a, 0xff]))).toBe('000AFF');
    expect(fromHex('000aFF')).toEqual(Uint8Array.from([0, 10, 255]));
    expect(fromHex('00 0A FF')).toEqual(Uint8Array.from([0, 10, 255]));
    expect(fromHex('')).toEqual(new Uint8Array(0));
  });
  it('yields nothing for invalid hex', () => {
    expect(fromHex('0')).toBeNull();
    expect(fromHex('0G')).toBeNull();
    expect(fromHex('0x12')).toBeNull();
    expect(fromHex(undefined as unknown as string)).toBeNull();
  });
  it('round trips any bytes, and never throws on any string', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (b) => {
        expect(fromHex(toHex(b))).toEqual(b);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        fromHex(s);
      }),
    );
  });
});

describe('integers', () => {
  it('reads and writes big-endian', () => {
    const b = new Uint8Array(6);
    writeU16(b, 0, 0x1234);
    writeU32(b, 2, 0xdeadbeef);
    expect(toHex(b)).toBe('1234DEADBEEF');
    expect(readU16(b, 0)).toBe(0x1234);
    expect(readU32(b, 2)).toBe(0xdeadbeef);
    expect(readS16(Uint8Array.from([0xff, 0xfe]), 0)).toBe(-2);
    expect(readS16(Uint8Array.from([0x7f, 0xff]), 0)).toBe(32767);
  });
  it('round trips u16 and u32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0, max: 0xffffffff }), (a, c) => {
        const b = new Uint8Array(6);
        writeU16(b, 0, a);
        writeU32(b, 2, c);
        expect(readU16(b, 0)).toBe(a);
        expect(readU32(b, 2)).toBe(c);
      }),
    );
  });
  it('clamps', () => {
    expect(clampInt(300, 0, 255)).toBe(255);
    expect(clampInt(-1, 0, 255)).toBe(0);
    expect(clampInt(Number.NaN, 0, 255)).toBe(0);
    expect(clampInt(Infinity, 0, 255)).toBe(255);
    expect(clampInt(2.6, 0, 255)).toBe(3);
  });
});

describe('channel masks', () => {
  it('maps bit n to channel n', () => {
    expect(channelsToMask([0, 31])).toBe(0x80000001);
    expect(maskToChannels(0x80000001)).toEqual([0, 31]);
    expect(channelsToMask([32, -1, 1.5])).toBe(0);
  });
  it('round trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (m) => {
        expect(channelsToMask(maskToChannels(m))).toBe(m);
      }),
    );
  });
  it('concatenates', () => {
    expect(concatBytes([Uint8Array.from([1]), Uint8Array.from([2, 3])])).toEqual(Uint8Array.from([1, 2, 3]));
  });
});

describe('phrases', () => {
  it('fills placeholders and joins by language', () => {
    const p = { en: 'DO{n} on', zh: 'DO{n}开', tc: 'DO{n}開' };
    expect(say(p, 'en', { n: 2 })).toBe('DO2 on');
    expect(say(p, 'tc', { n: 2 })).toBe('DO2開');
    expect(say(p, 'en', {})).toBe('DO{n} on');
    expect(joinParts(['a', '', 'b'], 'en')).toBe('a; b');
    expect(joinParts(['a', 'b'], 'zh')).toBe('a；b');
  });
});
