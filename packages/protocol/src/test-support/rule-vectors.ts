/**
 * One helper for every rule model's tests, in the manner of mqtt-packet's
 * testParseGenerate: a hand-written byte vector (commented field by field with the names of
 * the model's table in docs/protocol.md) is checked in both directions, and the property
 * helpers check the round trips and that decode never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../bytes.js';
import { LANGS } from '../i18n.js';
import type { RuleCodec } from '../rules/types.js';

/** decode(bytes) equals rule, encode(rule) equals bytes, and describe works in every language. */
export function testVector<T>(codec: RuleCodec<T>, name: string, rule: T, bytes: readonly number[]): void {
  it(`${codec.kind}: ${name}`, () => {
    expect(bytes.length, 'vector length').toBe(codec.size);
    const buf = Uint8Array.from(bytes);
    expect(codec.decode(buf)).toEqual(rule);
    expect(toHex(codec.encode(rule))).toBe(toHex(buf));
    for (const lang of LANGS) expect(codec.describe(rule, lang).length).toBeGreaterThan(0);
  });
}

/** Encoding a model that is not canonical (e.g. a value past its field) gives these bytes. */
export function testEncodes<T>(codec: RuleCodec<T>, name: string, rule: T, bytes: readonly number[]): void {
  it(`${codec.kind} encodes: ${name}`, () => {
    expect(toHex(codec.encode(rule))).toBe(toHex(Uint8Array.from(bytes)));
  });
}

export interface PropertyOptions<T> {
  /** Every valid model: each field over its full range. */
  rule: fc.Arbitrary<T>;
  /** Every valid buffer of the model's size (reserved bits zero). */
  buffer: fc.Arbitrary<Uint8Array>;
  numRuns?: number;
}

/** The round trips both ways, never-throwing decode and describe, null on short buffers. */
export function testProperties<T>(codec: RuleCodec<T>, opts: PropertyOptions<T>): void {
  const numRuns = opts.numRuns ?? 500;
  describe(`${codec.kind} properties`, () => {
    it('decode(encode(rule)) equals rule', () => {
      fc.assert(
        fc.property(opts.rule, (rule) => {
          const bytes = codec.encode(rule);
          expect(bytes.length).toBe(codec.size);
          expect(codec.decode(bytes)).toEqual(rule);
        }),
        { numRuns },
      );
    });
    it('encode(decode(buffer)) equals buffer', () => {
      fc.assert(
        fc.property(opts.buffer, (buf) => {
          const rule = codec.decode(buf);
          expect(rule).not.toBeNull();
          expect(toHex(codec.encode(rule as T))).toBe(toHex(buf));
        }),
        { numRuns },
      );
    });
    it('decode and describe never throw on random bytes', () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: codec.size, maxLength: codec.size + 4 }), (buf) => {
          const rule = codec.decode(buf);
          expect(rule).not.toBeNull();
          for (const lang of LANGS) expect(typeof codec.describe(rule as T, lang)).toBe('string');
          expect(Array.isArray(codec.validate(rule as T))).toBe(true);
        }),
        { numRuns },
      );
    });
    it('decode returns null for a buffer shorter than the model', () => {
      for (let n = 0; n < codec.size; n++) expect(codec.decode(new Uint8Array(n).fill(0xff))).toBeNull();
    });
  });
}

/** A buffer arbitrary: random bytes of `size`, then `fix` clears reserved bits. */
export function bufferOf(size: number, fix: (b: Uint8Array) => void = () => {}): fc.Arbitrary<Uint8Array> {
  return fc.uint8Array({ minLength: size, maxLength: size }).map((b) => {
    const copy = Uint8Array.from(b);
    fix(copy);
    return copy;
  });
}

export const timeValueArb = fc.record({
  value: fc.integer({ min: 0, max: 63 }),
  unit: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
});
