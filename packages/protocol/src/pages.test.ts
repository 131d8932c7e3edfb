// docs/protocol.md § Pages and § Register map
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes.js';
import {
  bytesToRegisters,
  decodePage,
  decodePageHex,
  encodePage,
  formatStartHexdata,
  pageByteLength,
  pageWrite,
  parseStartHexdata,
  registersToBytes,
  ruleSize,
} from './pages.js';
import { PAGE_TYPE_NAMES, PAGE_TYPES } from './register-map.js';
import type { PageTypeName } from './register-map.js';

const pageBytes = (type: PageTypeName) =>
  fc.uint8Array({ minLength: pageByteLength(type), maxLength: pageByteLength(type) });

describe('pages', () => {
  it('every page type decodes 10 rules from a page', () => {
    for (const type of PAGE_TYPE_NAMES) {
      const rules = decodePage(type, new Uint8Array(pageByteLength(type)));
      expect(rules, type).toHaveLength(10);
      expect(
        rules.every((r) => r !== null),
        type,
      ).toBe(true);
    }
  });

  it('encodes a decoded page back to the same bytes once normalised (property)', () => {
    for (const type of PAGE_TYPE_NAMES) {
      fc.assert(
        fc.property(pageBytes(type), (raw) => {
          // Random bytes may set reserved bits; one decode/encode pass clears them, and from
          // then on the page is stable.
          const normal = encodePage(type, decodePage(type, raw));
          expect(normal).toHaveLength(pageByteLength(type));
          expect(toHex(encodePage(type, decodePage(type, normal)))).toBe(toHex(normal));
          // Padding after the 10th rule is always zero.
          expect(normal.subarray(10 * ruleSize(type)).every((b) => b === 0)).toBe(true);
        }),
        { numRuns: 100 },
      );
    }
  });

  it('leaves rules the bytes do not cover unloaded', () => {
    const rules = decodePage('rtc', new Uint8Array(14 * 3 + 5));
    expect(rules.slice(0, 3).every((r) => r !== null)).toBe(true);
    expect(rules.slice(3).every((r) => r === null)).toBe(true);
  });

  it('writes missing and null slots as zeros', () => {
    const full = encodePage('di', []);
    expect(full).toEqual(new Uint8Array(140));
    const zeroRule = decodePage('di', new Uint8Array(140))[0]!;
    const one = encodePage('di', [null, zeroRule]);
    expect(one).toEqual(new Uint8Array(140));
    expect(() => encodePage('di', new Array(11).fill(null))).toThrow(RangeError);
  });

  it('puts rule n at bytes n × size', () => {
    const page = new Uint8Array(80);
    page[8 * 3] = 17; // Modbus entry 3: slave 17
    const rules = decodePage('mb', page);
    expect(toHex(encodePage('mb', rules).subarray(24, 32))).toBe(toHex(page.subarray(24, 32)));
  });

  it('yields nothing for an invalid hex reply', () => {
    expect(decodePageHex('rtc', 'zz')).toBeNull();
    expect(decodePageHex('rtc', '123')).toBeNull();
    expect(decodePageHex('rtc', '00'.repeat(140))).toHaveLength(10);
  });
});

describe('registers', () => {
  it('are two bytes each, high byte first', () => {
    expect(toHex(registersToBytes([0x1234, 0xabcd]))).toBe('1234ABCD');
    expect(bytesToRegisters(Uint8Array.from([0x12, 0x34, 0xab]))).toEqual([0x1234]);
  });
  it('round trip (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff })), (regs) => {
        expect(bytesToRegisters(registersToBytes(regs))).toEqual(regs);
      }),
    );
  });
});

describe('start_hexdata', () => {
  it('is the decimal start, an underscore and upper-case hex', () => {
    expect(formatStartHexdata(12070, Uint8Array.from([0x0a, 0xff]))).toBe('12070_0AFF');
    expect(parseStartHexdata('12070_0aff')).toEqual({ start: 12070, bytes: Uint8Array.from([0x0a, 0xff]) });
  });
  it('rejects malformed text', () => {
    for (const bad of ['', '12070', '12070_0', '12070_0G', 'x_00', '70000_00', '12070_00', '-1_0000']) {
      expect(parseStartHexdata(bad), bad).toBeNull();
    }
  });
  it('describes a whole page write', () => {
    const w = pageWrite('rtc', 1, []);
    expect(w.start).toBe(12070);
    expect(w.registers).toHaveLength(PAGE_TYPES.rtc.registers);
    expect(w.startHexdata).toBe(`12070_${'00'.repeat(140)}`);
    expect(pageWrite('di', 0, [], { series2000: true }).start).toBe(4000);
  });
});
