/**
 * Byte helpers shared by every codec. Multi-byte integers on the wire are big-endian,
 * the order of Modbus registers (high byte first).
 */

export function readU16(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

export function writeU16(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 8) & 0xff;
  bytes[offset + 1] = value & 0xff;
}

export function readS16(bytes: Uint8Array, offset: number): number {
  const v = readU16(bytes, offset);
  return v >= 0x8000 ? v - 0x10000 : v;
}

export function readU32(bytes: Uint8Array, offset: number): number {
  return ((readU16(bytes, offset) << 16) >>> 0) + readU16(bytes, offset + 2);
}

export function writeU32(bytes: Uint8Array, offset: number, value: number): void {
  writeU16(bytes, offset, Math.floor(value / 0x10000) & 0xffff);
  writeU16(bytes, offset + 2, value & 0xffff);
}

/** Clamp to an integer within [min, max]; NaN becomes min. */
export function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? min : value > 0 ? max : min;
  const v = Math.round(value);
  return v < min ? min : v > max ? max : v;
}

/** Whether `value` is an integer within [min, max]: the check behind every bounds reason. */
export function inRange(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Mask a number to `bits` low bits (values outside are wrapped, never thrown on). */
export function maskBits(value: number, bits: number): number {
  return bits >= 32 ? value >>> 0 : (value >>> 0) & ((1 << bits) - 1);
}

/** A 32-bit channel mask (bit n = channel n, counted from 0) as the sorted channel list. */
export function maskToChannels(mask: number): number[] {
  const out: number[] = [];
  for (let n = 0; n < 32; n++) if (Math.floor(mask / 2 ** n) % 2 === 1) out.push(n);
  return out;
}

/** Channel list (0-based, values outside 0-31 ignored) to a 32-bit mask. */
export function channelsToMask(channels: readonly number[]): number {
  let mask = 0;
  for (const c of channels) if (Number.isInteger(c) && c >= 0 && c < 32) mask |= 1 << c;
  return mask >>> 0;
}

const HEX = '0123456789ABCDEF';

/** Upper-case hex, two digits a byte, no separators. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

/**
 * Parse a hex string (upper or lower case; spaces ignored). Returns null for anything
 * that is not whole bytes of hex digits, so an invalid reply yields nothing.
 */
export function fromHex(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const s = text.replace(/\s+/g, '');
  if (s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
