// docs/protocol.md § Modbus stream parsers: frames split anywhere, garbage and heartbeats skipped,
// resynchronisation one byte at a time, bounded buffering. Frames are hand-written vectors
// (CRCs checked with a separate bit-by-bit program); see properties.test.ts for random streams.
import { describe, expect, it } from 'vitest';
import { concatBytes, fromHex, toHex } from '../bytes.js';
import { DEFAULT_MAX_BUFFER, RtuStreamParser, TcpStreamParser } from './stream.js';
import type { RtuFrame, TcpFrame } from './stream.js';

const bytes = (text: string): Uint8Array => fromHex(text)!;
const PING = Uint8Array.of(0x70, 0x69, 0x6e, 0x67); // 'ping'

// Requests (slave side).
const READ_3 = bytes('11 03 006B 0003 7687'); // slave 17, FC3, address 107, count 3, CRC
const WRITE_REG = bytes('11 06 0001 0003 9A9B'); // slave 17, FC6, address 1, value 3, CRC
const WRITE_REGS = bytes('11 10 0001 0002 04 000A0102 C6F0'); // slave 17, FC16, address 1, count 2, byte count 4, CRC
const FROM_16 = bytes('10 06 0001 0003 9B4A'); // slave 16 (looks like FC16), FC6, address 1, value 3, CRC
const REQUESTS = [READ_3, WRITE_REG, WRITE_REGS];

// Replies (master side).
const COILS_37 = bytes('11 01 05 CD6BB20E1B 45E6'); // slave 17, FC1, byte count 5, coils, CRC
const REGS_3 = bytes('11 03 06 022B00000064 C8BA'); // slave 17, FC3, byte count 6, registers, CRC
const EXCEPTION = bytes('11 83 01 8135'); // slave 17, FC3 | 0x80, illegal function, CRC
const OTHER_SLAVE = bytes('02 03 02 0001 3D84'); // slave 2, FC3, byte count 2, register, CRC
const INPUT_REG = bytes('01 04 02 000A 3937'); // slave 1, FC4, byte count 2, register, CRC

function okRaw(frames: readonly (RtuFrame<unknown> | TcpFrame<unknown>)[]): string[] {
  return frames.map((f) => (f.ok ? toHex(f.raw) : `rejected: ${f.error}`));
}

/** Feed `stream` cut at the given points; all frames found. */
function feed<F>(parser: { push(chunk: Uint8Array): F[] }, stream: Uint8Array, cuts: number[] = []): F[] {
  const out: F[] = [];
  let from = 0;
  for (const cut of [...cuts, stream.length]) {
    out.push(...parser.push(stream.subarray(from, cut)));
    from = cut;
  }
  return out;
}

/** A reproducible byte sequence (xorshift) for the long garbage runs. */
function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('RtuStreamParser, requests', () => {
  it('finds each frame cut at every point', () => {
    for (const frame of REQUESTS) {
      for (let cut = 0; cut <= frame.length; cut++) {
        const parser = new RtuStreamParser({ direction: 'request' });
        expect(okRaw(feed(parser, frame, [cut]))).toEqual([toHex(frame)]);
        expect(parser.buffered).toBe(0);
      }
    }
  });

  it('finds frames fed one byte at a time, in order', () => {
    const stream = concatBytes(REQUESTS);
    const parser = new RtuStreamParser({ direction: 'request' });
    const cuts = Array.from({ length: stream.length }, (_, i) => i);
    const frames = feed(parser, stream, cuts);
    expect(okRaw(frames)).toEqual(REQUESTS.map(toHex));
    expect(frames[0]).toEqual({ ok: true, slave: 17, pdu: { fn: 3, address: 107, count: 3 }, raw: READ_3 });
  });

  it('skips garbage before, between and after frames', () => {
    const stream = concatBytes([bytes('00 7F 00'), READ_3, bytes('7F 7F'), WRITE_REG, bytes('FF 00')]);
    const parser = new RtuStreamParser({ direction: 'request' });
    expect(okRaw(feed(parser, stream))).toEqual([toHex(READ_3), toHex(WRITE_REG)]);
  });

  it('skips a partial frame that never completes', () => {
    const stream = concatBytes([READ_3.subarray(0, 5), READ_3, WRITE_REGS.subarray(0, 9), WRITE_REG]);
    const parser = new RtuStreamParser({ direction: 'request' });
    expect(okRaw(feed(parser, stream))).toEqual([toHex(READ_3), toHex(WRITE_REG)]);
  });

  it('a truncated frame promising many bytes holds later frames until they arrive, or until reset()', () => {
    const truncated = bytes('11 10 0000 007B F6 0000'); // FC16 header promising 246 data bytes
    const parser = new RtuStreamParser({ direction: 'request' });
    expect(parser.push(concatBytes([truncated, READ_3, WRITE_REG]))).toEqual([]);
    expect(parser.buffered).toBe(25);
    // Once the promised 255 bytes are in, the CRC fails and the scan moves on byte by byte.
    expect(okRaw(parser.push(new Uint8Array(255 - 25)))).toEqual([toHex(READ_3), toHex(WRITE_REG)]);

    const again = new RtuStreamParser({ direction: 'request' });
    again.push(truncated);
    again.reset();
    expect(again.buffered).toBe(0);
    expect(okRaw(again.push(READ_3))).toEqual([toHex(READ_3)]);
  });

  it('skips an unsupported function code like garbage', () => {
    const unsupported = bytes('11 07 4C22'); // slave 17, FC7, CRC: cannot be framed
    const parser = new RtuStreamParser({ direction: 'request' });
    expect(okRaw(feed(parser, concatBytes([unsupported, READ_3])))).toEqual([toHex(READ_3)]);
  });

  it('reports a frame with a good CRC and a bad PDU, with the exception to answer', () => {
    const count0 = bytes('11 03 0000 0000 475A'); // FC3 count 0
    const coil1234 = bytes('11 05 00AC 1234 020C'); // FC5 value 0x1234
    const parser = new RtuStreamParser({ direction: 'request' });
    const frames = feed(parser, concatBytes([count0, coil1234, READ_3]));
    expect(frames).toEqual([
      { ok: false, slave: 17, fn: 3, error: 'FC3 count must be 1-125, got 0', exception: 3, raw: count0 },
      {
        ok: false,
        slave: 17,
        fn: 5,
        error: 'FC5 value must be 0xFF00 or 0x0000, got 0x1234',
        exception: 3,
        raw: coil1234,
      },
      { ok: true, slave: 17, pdu: { fn: 3, address: 107, count: 3 }, raw: READ_3 },
    ]);
  });

  it('skips heartbeats between frames, cut at every point', () => {
    const stream = concatBytes([PING, READ_3, PING, PING, FROM_16, PING]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const parser = new RtuStreamParser({ direction: 'request', heartbeat: PING });
      expect(okRaw(feed(parser, stream, [cut]))).toEqual([toHex(READ_3), toHex(FROM_16)]);
      expect(parser.buffered).toBe(0);
    }
  });

  it('a lone part of a heartbeat is garbage', () => {
    const stream = concatBytes([PING.subarray(0, 2), READ_3, PING.subarray(1)]);
    const parser = new RtuStreamParser({ direction: 'request', heartbeat: PING });
    expect(okRaw(feed(parser, stream))).toEqual([toHex(READ_3)]);
  });

  it('raw is a copy that later pushes do not change', () => {
    const parser = new RtuStreamParser({ direction: 'request' });
    const [frame] = parser.push(READ_3);
    parser.push(noise(600, 7));
    expect(toHex(frame!.raw)).toBe(toHex(READ_3));
  });

  it('an empty chunk yields nothing', () => {
    expect(new RtuStreamParser({ direction: 'request' }).push(new Uint8Array(0))).toEqual([]);
  });
});

describe('RtuStreamParser, replies', () => {
  it('finds replies and exception replies', () => {
    const parser = new RtuStreamParser({ direction: 'response' });
    const frames = feed(parser, concatBytes([REGS_3, bytes('00'), EXCEPTION, COILS_37]), [3, 12, 14]);
    expect(okRaw(frames)).toEqual([toHex(REGS_3), toHex(EXCEPTION), toHex(COILS_37)]);
    expect(frames.map((f) => f.ok && f.pdu)).toEqual([
      { fn: 3, values: [0x022b, 0, 100] },
      { fn: 3, exception: 1 },
      { fn: 1, values: expect.any(Array) },
    ]);
    const coils = frames[2];
    expect(coils?.ok && 'values' in coils.pdu && coils.pdu.values.length).toBe(40); // 5 bytes, no request given
  });

  it('with an expected slave, frames from other slaves are skipped', () => {
    const parser = new RtuStreamParser({ direction: 'response', expected: { slave: 17 } });
    expect(okRaw(feed(parser, concatBytes([OTHER_SLAVE, REGS_3])))).toEqual([toHex(REGS_3)]);
  });

  it('with an expected function, frames for other functions are skipped; its exception is kept', () => {
    const parser = new RtuStreamParser({ direction: 'response', expected: { fn: 3 } });
    const stream = concatBytes([INPUT_REG, EXCEPTION, OTHER_SLAVE]);
    expect(okRaw(feed(parser, stream))).toEqual([toHex(EXCEPTION), toHex(OTHER_SLAVE)]);
  });

  it('with the request, FC1 values are cut to the count and a reply that does not match is reported', () => {
    const parser = new RtuStreamParser({ direction: 'response' });
    parser.setExpected({ slave: 17, request: { fn: 1, address: 19, count: 37 } });
    const [coils] = parser.push(COILS_37);
    expect(coils?.ok && 'values' in coils.pdu && coils.pdu.values.length).toBe(37);

    parser.setExpected({ slave: 17, request: { fn: 3, address: 107, count: 4 } });
    expect(parser.push(REGS_3)).toEqual([
      { ok: false, slave: 17, fn: 3, error: 'FC3 reply: 4 registers expected, got 3', raw: REGS_3 },
    ]);

    parser.setExpected(undefined);
    expect(okRaw(parser.push(INPUT_REG))).toEqual([toHex(INPUT_REG)]);
  });
});

describe('RtuStreamParser buffer bound', () => {
  it('holds at most maxBuffer bytes, and in fact less than one frame, on endless garbage', () => {
    const parser = new RtuStreamParser({ direction: 'response', heartbeat: PING });
    for (let i = 0; i < 300; i++) {
      parser.push(noise(1 + ((i * 97) % 1500), i + 1));
      expect(parser.buffered).toBeLessThan(256);
    }
  });

  it('holds less than one frame on headers that promise the longest frames and never finish', () => {
    const header = bytes('01 10 0000 007B F6'); // FC16 header promising 246 data bytes
    const parser = new RtuStreamParser({ direction: 'request' });
    for (let i = 0; i < 2000; i++) {
      parser.push(header);
      expect(parser.buffered).toBeLessThan(256);
    }
    expect(DEFAULT_MAX_BUFFER).toBe(512);
  });

  it('takes a chunk far larger than its buffer', () => {
    const stream = concatBytes([noise(5000, 3).map((b) => (b === 0x10 ? 0 : b & 0x7f)), READ_3]);
    const parser = new RtuStreamParser({ direction: 'request', maxBuffer: 256 });
    expect(okRaw(parser.push(stream)).at(-1)).toBe(toHex(READ_3));
  });

  it('rejects a maxBuffer that cannot hold the longest frame or the heartbeat', () => {
    expect(() => new RtuStreamParser({ direction: 'request', maxBuffer: 255 })).toThrow(RangeError);
    expect(() => new RtuStreamParser({ direction: 'request', maxBuffer: 256 })).not.toThrow();
    const long = new Uint8Array(300).fill(0x70);
    expect(() => new RtuStreamParser({ direction: 'request', heartbeat: long, maxBuffer: 299 })).toThrow(
      /at least 300/,
    );
  });
});

// MBAP frames: transaction, protocol 0, length, unit, PDU.
const TCP_READ = bytes('0001 0000 0006 11 03 006B 0003');
const TCP_WRITE = bytes('0002 0000 000B 11 10 0001 0002 04 000A0102');
const TCP_REPLY = bytes('0001 0000 0009 11 03 06 022B00000064');
const TCP_EXCEPTION = bytes('0002 0000 0003 11 90 02');

describe('TcpStreamParser', () => {
  it('finds each frame cut at every point', () => {
    const stream = concatBytes([TCP_READ, TCP_WRITE]);
    for (let cut = 0; cut <= stream.length; cut++) {
      const parser = new TcpStreamParser({ direction: 'request' });
      expect(okRaw(feed(parser, stream, [cut]))).toEqual([toHex(TCP_READ), toHex(TCP_WRITE)]);
      expect(parser.buffered).toBe(0);
    }
  });

  it('yields the header and the PDU', () => {
    const parser = new TcpStreamParser({ direction: 'response' });
    expect(parser.push(concatBytes([TCP_REPLY, TCP_EXCEPTION]))).toEqual([
      { ok: true, transaction: 1, unit: 17, pdu: { fn: 3, values: [0x022b, 0, 100] }, raw: TCP_REPLY },
      { ok: true, transaction: 2, unit: 17, pdu: { fn: 16, exception: 2 }, raw: TCP_EXCEPTION },
    ]);
  });

  it('resyncs over garbage, heartbeats, a protocol id other than 0 and lengths outside 2-254', () => {
    const stream = concatBytes([
      bytes('FF FF FF'),
      TCP_READ,
      PING,
      bytes('0003 0001 0006 11 03 006B 0003'), // protocol id 1
      bytes('0004 0000 0001 11'), // length 1
      bytes('0005 0000 00FF 11'), // length 255
      TCP_WRITE,
      bytes('FF'),
    ]);
    const parser = new TcpStreamParser({ direction: 'request' });
    expect(okRaw(feed(parser, stream, [2, 9, 20]))).toEqual([toHex(TCP_READ), toHex(TCP_WRITE)]);
  });

  it('takes a frame with a valid header whole and reports a bad PDU with the exception to answer', () => {
    const fc43 = bytes('0007 0000 0005 01 2B 0E 01 00'); // FC43 read device identification
    const parser = new TcpStreamParser({ direction: 'request' });
    expect(parser.push(concatBytes([fc43, TCP_READ]))).toEqual([
      {
        ok: false,
        transaction: 7,
        unit: 1,
        fn: 0x2b,
        error: 'unsupported function code 0x2B',
        exception: 1,
        raw: fc43,
      },
      { ok: true, transaction: 1, unit: 17, pdu: { fn: 3, address: 107, count: 3 }, raw: TCP_READ },
    ]);
  });

  it('holds less than one frame on endless garbage', () => {
    const parser = new TcpStreamParser({ direction: 'response' });
    for (let i = 0; i < 300; i++) {
      parser.push(noise(1 + ((i * 131) % 1500), i + 11));
      expect(parser.buffered).toBeLessThan(260);
    }
  });

  it('rejects a maxBuffer that cannot hold the longest frame', () => {
    expect(() => new TcpStreamParser({ direction: 'request', maxBuffer: 259 })).toThrow(RangeError);
    expect(() => new TcpStreamParser({ direction: 'request', maxBuffer: 260 })).not.toThrow();
  });
});
