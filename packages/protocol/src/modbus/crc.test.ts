// docs/protocol.md § Modbus CRC-16: known vectors and the CRC's error-detecting properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../bytes.js';
import { appendCrc, crc16, hasValidCrc } from './crc.js';

/** Bit-by-bit reference, independent of the table the module uses. */
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

describe('crc16', () => {
  it.each([
    ['FE 01 00 00 00 04', '29 C6'], // slave 254 (equipment default), FC1 read 4 coils from 0
    ['01 03 00 00 00 0A', 'C5 CD'], // slave 1, FC3 read 10 registers from 0
    ['01 04 00 00 00 01', '31 CA'], // slave 1, FC4 read 1 input register from 0
    ['11 03 00 6B 00 03', '76 87'], // the Modbus serial-line guide's example
    ['11 01 00 13 00 25', '0E 84'], // slave 17, FC1 read 37 coils from 19
    ['0A 81 02', 'B0 53'], // slave 10, exception reply to FC1: illegal data address
  ])('%s → %s on the wire', (body, wire) => {
    const bytes = fromHex(body)!;
    const crc = crc16(bytes);
    const [lo, hi] = wire.split(' ').map((h) => parseInt(h, 16));
    expect(crc & 0xff).toBe(lo);
    expect(crc >>> 8).toBe(hi);
    expect(toHex(appendCrc(bytes))).toBe(toHex(fromHex(body + wire)!));
  });

  it('the returned number has the first wire byte low: FE 01 00 00 00 04 gives 0xC629', () => {
    expect(crc16(Uint8Array.of(0xfe, 0x01, 0x00, 0x00, 0x00, 0x04))).toBe(0xc629);
  });

  it('empty input gives the initial value 0xFFFF', () => {
    expect(crc16(new Uint8Array(0))).toBe(0xffff);
  });

  it('hasValidCrc accepts the vectors and rejects too-short input', () => {
    expect(hasValidCrc(fromHex('11 03 00 6B 00 03 76 87')!)).toBe(true);
    expect(hasValidCrc(fromHex('11 03 00 6B 00 03 87 76')!)).toBe(false); // CRC bytes swapped
    expect(hasValidCrc(fromHex('FF FF')!)).toBe(true); // empty body: CRC 0xFFFF
    expect(hasValidCrc(fromHex('FF')!)).toBe(false);
    expect(hasValidCrc(new Uint8Array(0))).toBe(false);
  });
});

describe('crc16 properties', () => {
  it('agrees with the bit-by-bit reference', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(crc16(b)).toBe(referenceCrc(b));
      }),
    );
  });

  it('appendCrc gives a frame that checks, and flipping any one bit breaks it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 260 }), fc.nat(), (body, at) => {
        const frame = appendCrc(body);
        expect(hasValidCrc(frame)).toBe(true);
        const bit = at % (frame.length * 8);
        frame[bit >> 3] = (frame[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        expect(hasValidCrc(frame)).toBe(false);
      }),
    );
  });
});
