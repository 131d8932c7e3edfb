/**
 * Coil and input bits travel 8 to a byte, the lowest-numbered item in bit 0 of the first
 * byte: the packing the equipment also uses for regdo/regdi. Unused high bits of the last
 * byte are written 0 and ignored on read.
 */

export function packBits(values: readonly boolean[]): Uint8Array {
  const out = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((on, i) => {
    if (on) out[i >> 3] = (out[i >> 3] ?? 0) | (1 << (i & 7));
  });
  return out;
}

/** `count` bits starting at bit 0 of `bytes[offset]`; bytes past the end read as 0. */
export function unpackBits(bytes: Uint8Array, offset: number, count: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < count; i++) out.push((((bytes[offset + (i >> 3)] ?? 0) >> (i & 7)) & 1) === 1);
  return out;
}
