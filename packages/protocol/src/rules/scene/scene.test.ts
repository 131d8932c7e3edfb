// docs/protocol.md § Scene: the scene type (byte 0), disabled and unknown types, and the
// round trips of every type over every field's full range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import {
  bufferOf,
  testEncodes,
  testProperties,
  testVector,
  timeValueArb,
} from '../../test-support/rule-vectors.js';
import { formatChannels } from './common.js';
import { FLOW_MODES, SCENE_TYPES, sceneCodec, sceneTypeName } from './scene.js';
import type { SceneRule } from './scene.js';

const KNOWN_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 30];

describe('scene type', () => {
  // prettier-ignore
  testVector(sceneCodec, 'disabled', { type: 0 }, [
    0x00, // byte 0: type=0 (disabled)
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 1-11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'type 8 (one past simultaneous) keeps its bytes', {
    type: 8, raw: [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b],
  }, [
    0x08, // byte 0: type=8 (unknown)
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, // bytes 1-11: raw
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'type 9 keeps its bytes', {
    type: 9, raw: [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa],
  }, [
    0x09, // byte 0: type=9 (unknown)
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, // bytes 1-11: raw
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'type 11 (one past function calculation) keeps its bytes', {
    type: 11, raw: [0x10, 0x11, 0x70, 0, 0, 0, 0x64, 0, 0x28, 0x0a, 0x03],
  }, [
    0x0b, // byte 0: type=11 (unknown)
    0x10, 0x11, 0x70, 0x00, 0x00, 0x00, 0x64, 0x00, 0x28, 0x0a, 0x03, // bytes 1-11: raw
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'type 255 keeps its bytes', {
    type: 255, raw: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
  }, [
    0xff, // byte 0: type=255 (unknown)
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // bytes 1-11: raw
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'type 31 (one past cumulative flow) keeps its bytes', {
    type: 31, raw: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80],
  }, [
    0x1f, // byte 0: type=31 (unknown)
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, // bytes 1-11: raw
  ]);

  // prettier-ignore
  testEncodes(sceneCodec, 'an unknown type with short raw bytes pads with 0 and masks to bytes', {
    type: 21, raw: [0x1ff, 2],
  }, [
    0x15, // byte 0: type=21 (unknown)
    0xff, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 1-11: raw, padded
  ]);

  it('reads a disabled scene whatever bytes 1-11 hold, and writes them as 0', () => {
    const dirty = Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(sceneCodec.decode(dirty)).toEqual({ type: 0 });
    expect(toHex(sceneCodec.encode({ type: 0 }))).toBe('000000000000000000000000');
  });

  it('reads only the first 12 bytes of a longer buffer', () => {
    const long = Uint8Array.from([9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(sceneCodec.decode(long)).toEqual({ type: 9, raw: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
  });

  it('describes disabled and unknown scenes', () => {
    const all = (rule: SceneRule) => LANGS.map((l) => sceneCodec.describe(rule, l));
    expect(all({ type: 0 })).toEqual(['禁用', 'disabled', '禁用']);
    expect(all({ type: 8, raw: [] })).toEqual(['err', 'err', 'err']);
  });

  it('validates disabled and unknown scenes', () => {
    expect(sceneCodec.validate({ type: 0 })).toEqual([]);
    expect(sceneCodec.validate({ type: 8, raw: Array.from({ length: 11 }, () => 0) })).toEqual([
      'type: 0-7, 10, 20 or 30',
    ]);
    expect(sceneCodec.validate({ type: 8, raw: [256] })).toEqual([
      'type: 0-7, 10, 20 or 30',
      'raw: 11 bytes 0-255',
    ]);
  });

  it('names every scene type and flow mode in every language', () => {
    expect(SCENE_TYPES.map((t) => t.code)).toEqual(KNOWN_TYPES);
    expect(FLOW_MODES.map((m) => m.code)).toEqual([0, 1, 2]);
    for (const entry of [...SCENE_TYPES, ...FLOW_MODES]) {
      for (const lang of LANGS) expect(entry.name[lang].length).toBeGreaterThan(0);
    }
    expect(sceneTypeName(2, 'tc')).toBe('流水燈');
    expect(sceneTypeName(8, 'en')).toBe('err');
  });

  it('writes channel selections as runs counted from 1', () => {
    expect(formatChannels('DO', [5, 0, 1, 2, 5], 'en')).toBe('DO1-DO3, DO6');
    expect(formatChannels('DO', [31, 29], 'zh')).toBe('DO30、DO32');
    expect(formatChannels('DO', [], 'tc')).toBe('無');
  });
});

const int = (min: number, max: number) => fc.integer({ min, max });
const u16 = int(0, 0xffff);
const channels = fc.oneof(
  fc.uniqueArray(int(0, 31), { maxLength: 32 }).map((list) => [...list].sort((a, b) => a - b)),
  fc.constant(Array.from({ length: 32 }, (_, n) => n)),
  fc.constant([]),
);
const operand = fc.record({ source: int(0, 15), value: u16 });
const condition = { rule: int(0, 127), ruleType: int(0, 7), holdTime: timeValueArb };

const sceneArb: fc.Arbitrary<SceneRule> = fc.oneof(
  fc.constant({ type: 0 as const }),
  fc.record({
    type: fc.constantFrom(1 as const, 2 as const),
    cycle: fc.boolean(),
    reverse: fc.boolean(),
    ...condition,
    cycleCount: int(0, 255),
    waitTime: timeValueArb,
    openTime: timeValueArb,
    closeTime: timeValueArb,
    channels,
  }),
  fc.record({
    type: fc.constantFrom(3 as const, 4 as const, 5 as const, 6 as const),
    ...condition,
    stepTime: timeValueArb,
    channels,
  }),
  fc.record({ type: fc.constant(7 as const), ...condition, openChannels: channels, closeChannels: channels }),
  fc.record({
    type: fc.constant(10 as const),
    formula: int(0, 15),
    comparison: int(0, 15),
    a: operand,
    b: operand,
    c: operand,
    holdTime: timeValueArb,
    resultRegister: int(0, 255),
  }),
  fc.record({
    type: fc.constant(20 as const),
    formula: int(0, 15),
    a: operand,
    b: operand,
    target: fc.record({ regType: int(0, 15), regAddr: u16 }),
    period: timeValueArb,
  }),
  fc.record({
    type: fc.constant(30 as const),
    module: int(0, 255),
    mode: int(0, 255),
    doChannel: int(0, 255),
    regSource: int(0, 255),
    regAddr: u16,
    advance: u16,
    openTime: timeValueArb,
    closeTime: timeValueArb,
  }),
  fc.record({
    type: int(0, 255).filter((t) => !KNOWN_TYPES.includes(t)),
    raw: fc.array(int(0, 255), { minLength: 11, maxLength: 11 }),
  }),
);

/** Clears the reserved bits of each type, straight from the layout tables. */
function clearReserved(b: Uint8Array): void {
  const type = b[0] ?? 0;
  if (type === 0) b.fill(0, 1);
  if (type === 1 || type === 2) b[2] = (b[2] ?? 0) & 0xf0;
  if (type >= 3 && type <= 7) {
    b[1] = (b[1] ?? 0) & 0x7f;
    b[2] = (b[2] ?? 0) & 0xe0;
  }
  if (type >= 3 && type <= 6) b.fill(0, 5, 8);
  if (type === 10) b[3] = (b[3] ?? 0) & 0xf0;
  if (type === 20) b.fill(0, 10, 12);
  if (type === 30) b[11] = 0;
}

const bufferArb = fc
  .tuple(fc.oneof(fc.constantFrom(...KNOWN_TYPES), int(0, 255)), bufferOf(12))
  .map(([type, bytes]) => {
    const b = Uint8Array.from(bytes);
    b[0] = type;
    clearReserved(b);
    return b;
  });

testProperties(sceneCodec, { rule: sceneArb, buffer: bufferArb, numRuns: 3000 });

describe('scene validity', () => {
  it('every decoded scene describes in every language and validates without throwing', () => {
    fc.assert(
      fc.property(bufferArb, (buf) => {
        const rule = sceneCodec.decode(buf)!;
        for (const lang of LANGS) expect(sceneCodec.describe(rule, lang).length).toBeGreaterThan(0);
        const reasons = sceneCodec.validate(rule);
        for (const r of reasons) expect(r).toMatch(/^[\w.]+: /);
      }),
      { numRuns: 1000 },
    );
  });
});
