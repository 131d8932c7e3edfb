/**
 * CRC-16/MODBUS (init 0xFFFF, reflected polynomial 0xA001, no final xor). The value is
 * returned as a number whose LOW byte goes on the wire first, so `FE 01 00 00 00 04`
 * gives 0xC629 and the frame ends `29 C6`.
 */

const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[i] = c;
  }
  return table;
}

export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) crc = (crc >>> 8) ^ (TABLE[(crc ^ b) & 0xff] ?? 0);
  return crc;
}

/** The body followed by its CRC, low byte first. */
export function appendCrc(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 2);
  out.set(body);
  const crc = crc16(body);
  out[body.length] = crc & 0xff;
  out[body.length + 1] = crc >>> 8;
  return out;
}

/** Whether the last two bytes of `frame` are the CRC of the bytes before them. */
export function hasValidCrc(frame: Uint8Array): boolean {
  if (frame.length < 2) return false;
  const n = frame.length - 2;
  const crc = crc16(frame.subarray(0, n));
  return frame[n] === (crc & 0xff) && frame[n + 1] === crc >>> 8;
}
