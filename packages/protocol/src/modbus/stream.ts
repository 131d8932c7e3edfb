/**
 * Streaming frame parsers: bytes arrive in chunks split anywhere (a DTU link, a TCP socket),
 * mixed with garbage and heartbeats. Each parser holds at most `maxBuffer` bytes whatever
 * the stream does: it never waits for more than one frame's worth of bytes, and a chunk is
 * taken in only as far as there is room.
 */
import { readU16 } from '../bytes.js';
import { hasValidCrc } from './crc.js';
import type { ExceptionCode } from './exceptions.js';
import { parseRequestPdu, parseResponsePdu } from './parse.js';
import type { ParseResult } from './parse.js';
import type { FunctionCode, ModbusRequest, ModbusResponse } from './pdu.js';
import { RTU_MAX_LENGTH, rtuLengthAt } from './rtu.js';
import type { Direction, FrameLength } from './rtu.js';
import { MBAP_HEADER_LENGTH, MBAP_MAX_LENGTH, tcpLengthAt } from './tcp.js';
import type { MbapHeader } from './tcp.js';

/** What a parser of each direction yields: requests on the slave side, replies on the master side. */
export type PduOf<D extends Direction> = D extends 'request' ? ModbusRequest : ModbusResponse;

/**
 * A well-delimited frame (CRC correct, or a valid MBAP header) whose PDU breaks the Modbus
 * rules. It is consumed whole rather than resynchronised over, so that a server can answer
 * with `exception` (set for requests) and a client can log it.
 */
export interface RejectedFrame {
  readonly ok: false;
  readonly fn: number;
  readonly error: string;
  readonly exception?: ExceptionCode;
  readonly raw: Uint8Array;
}

export type RtuFrame<T> =
  | { readonly ok: true; readonly slave: number; readonly pdu: T; readonly raw: Uint8Array }
  | (RejectedFrame & { readonly slave: number });

export type TcpFrame<T> =
  | ({ readonly ok: true; readonly pdu: T; readonly raw: Uint8Array } & MbapHeader)
  | (RejectedFrame & MbapHeader);

/**
 * What a master knows about the reply it waits for. Candidates from another slave or for
 * another function are skipped like garbage; with the request, the reply must match it and
 * FC1/FC2 values are cut to the count asked for.
 */
export interface ResponseHint {
  readonly slave?: number;
  readonly fn?: FunctionCode;
  readonly request?: ModbusRequest;
}

export const DEFAULT_MAX_BUFFER = 512;

/** The longest MBAP frame: header up to the length field, then unit id and a 253-byte PDU. */
const TCP_MAX_LENGTH = 6 + MBAP_MAX_LENGTH;

function frameFields<T>(
  parsed: ParseResult<T>,
  raw: Uint8Array,
  fn: number,
): { ok: true; pdu: T; raw: Uint8Array } | RejectedFrame {
  if (parsed.ok) return { ok: true, pdu: parsed.value, raw };
  const rejected = { ok: false as const, fn, error: parsed.error, raw };
  return parsed.exception === undefined ? rejected : { ...rejected, exception: parsed.exception };
}

/** A fixed buffer that scans its head for frames and compacts after every pass. */
abstract class ByteScanner<F> {
  protected readonly buf: Uint8Array;
  protected len = 0;

  protected constructor(maxBuffer: number, minimum: number) {
    if (!Number.isInteger(maxBuffer) || maxBuffer < minimum) {
      throw new RangeError(
        `Modbus stream: maxBuffer must be an integer of at least ${minimum}, got ${maxBuffer}`,
      );
    }
    this.buf = new Uint8Array(maxBuffer);
  }

  /** Bytes held while waiting for the rest of a frame or heartbeat. */
  get buffered(): number {
    return this.len;
  }

  /** Forget buffered bytes, e.g. when a master gives up on a reply and sends a new request. */
  reset(): void {
    this.len = 0;
  }

  push(chunk: Uint8Array): F[] {
    const out: F[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      // Unreachable while maxBuffer exceeds the longest wait; it keeps the loop finite anyway.
      if (this.len === this.buf.length) this.drop(1);
      const n = Math.min(this.buf.length - this.len, chunk.length - offset);
      this.buf.set(chunk.subarray(offset, offset + n), this.len);
      this.len += n;
      offset += n;
      this.drop(this.scan(out));
    }
    return out;
  }

  /** Append the frames found from the head on; return how many head bytes are done with. */
  protected abstract scan(out: F[]): number;

  private drop(n: number): void {
    if (n <= 0) return;
    this.buf.copyWithin(0, n, this.len);
    this.len -= n;
  }
}

export interface RtuStreamOptions<D extends Direction> {
  readonly direction: D;
  /** Bytes a DTU sends between frames to keep its link up (e.g. 'ping'); skipped at a frame boundary. */
  readonly heartbeat?: Uint8Array;
  /** Response direction only: see ResponseHint; can be changed with setExpected(). */
  readonly expected?: ResponseHint;
  /** At least 256 (and the heartbeat's length); default 512. */
  readonly maxBuffer?: number;
}

/**
 * Finds RTU frames in a byte stream. At the head it skips a heartbeat, else it takes the
 * frame length from the function code and byte count and checks the CRC; an unsupported
 * function code, an impossible byte count, a hint mismatch or a wrong CRC drops one byte
 * and tries again from the next. Random garbage can by chance contain a frame with a valid
 * CRC (about 1 in 65536 for each candidate start) and that frame is then reported.
 */
export class RtuStreamParser<D extends Direction = Direction> extends ByteScanner<RtuFrame<PduOf<D>>> {
  readonly direction: D;
  private readonly heartbeat: Uint8Array;
  private expected: ResponseHint | undefined;

  constructor(options: RtuStreamOptions<D>) {
    const heartbeat = options.heartbeat ?? new Uint8Array(0);
    super(options.maxBuffer ?? DEFAULT_MAX_BUFFER, Math.max(RTU_MAX_LENGTH, heartbeat.length));
    this.direction = options.direction;
    this.heartbeat = heartbeat.slice();
    this.expected = options.expected;
  }

  /** Set (or clear) what the next reply should be, typically just before sending a request. */
  setExpected(hint: ResponseHint | undefined): void {
    this.expected = hint;
  }

  protected scan(out: RtuFrame<PduOf<D>>[]): number {
    let pos = 0;
    while (pos < this.len) {
      const beat = this.heartbeatAt(pos);
      if (beat === 'partial') break;
      if (beat === 'whole') {
        pos += this.heartbeat.length;
        continue;
      }
      const length = this.lengthAt(pos);
      if (length === 'need-more') break;
      if (length === 'invalid') {
        pos++;
        continue;
      }
      if (this.len - pos < length) break;
      if (!hasValidCrc(this.buf.subarray(pos, pos + length))) {
        pos++;
        continue;
      }
      out.push(this.frame(this.buf.slice(pos, pos + length)));
      pos += length;
    }
    return pos;
  }

  /** 'partial' when the buffered bytes at `pos` are a strict prefix of the heartbeat. */
  private heartbeatAt(pos: number): 'whole' | 'partial' | 'none' {
    const beat = this.heartbeat;
    if (beat.length === 0) return 'none';
    const n = Math.min(beat.length, this.len - pos);
    for (let i = 0; i < n; i++) if (this.buf[pos + i] !== beat[i]) return 'none';
    return n === beat.length ? 'whole' : 'partial';
  }

  private lengthAt(pos: number): FrameLength {
    const hint = this.direction === 'response' ? this.expected : undefined;
    if (hint) {
      if (hint.slave !== undefined && this.buf[pos] !== hint.slave) return 'invalid';
      const fn = hint.request?.fn ?? hint.fn;
      const got = this.buf[pos + 1];
      if (fn !== undefined && got !== undefined && pos + 1 < this.len && (got & 0x7f) !== fn)
        return 'invalid';
    }
    return rtuLengthAt(this.buf, pos, this.len, this.direction);
  }

  private frame(raw: Uint8Array): RtuFrame<PduOf<D>> {
    const pdu = raw.subarray(1, raw.length - 2);
    const parsed =
      this.direction === 'request' ? parseRequestPdu(pdu) : parseResponsePdu(pdu, this.expected?.request);
    return { slave: raw[0] ?? 0, ...frameFields(parsed as ParseResult<PduOf<D>>, raw, raw[1] ?? 0) };
  }
}

export interface TcpStreamOptions<D extends Direction> {
  readonly direction: D;
  /** At least 260 (the longest MBAP frame); default 512. */
  readonly maxBuffer?: number;
}

/**
 * Finds MBAP frames in a byte stream: a protocol id other than 0 or a length field outside
 * 2-254 drops one byte and tries again; a valid header takes the whole frame. Replies are
 * parsed without their request; match them by transaction id with matchResponse().
 */
export class TcpStreamParser<D extends Direction = Direction> extends ByteScanner<TcpFrame<PduOf<D>>> {
  readonly direction: D;

  constructor(options: TcpStreamOptions<D>) {
    super(options.maxBuffer ?? DEFAULT_MAX_BUFFER, TCP_MAX_LENGTH);
    this.direction = options.direction;
  }

  protected scan(out: TcpFrame<PduOf<D>>[]): number {
    let pos = 0;
    while (pos < this.len) {
      const length = tcpLengthAt(this.buf, pos, this.len);
      if (length === 'need-more') break;
      if (length === 'invalid') {
        pos++;
        continue;
      }
      if (this.len - pos < length) break;
      out.push(this.frame(this.buf.slice(pos, pos + length)));
      pos += length;
    }
    return pos;
  }

  private frame(raw: Uint8Array): TcpFrame<PduOf<D>> {
    const pdu = raw.subarray(MBAP_HEADER_LENGTH);
    const parsed = this.direction === 'request' ? parseRequestPdu(pdu) : parseResponsePdu(pdu);
    const header = { transaction: readU16(raw, 0), unit: raw[6] ?? 0 };
    return { ...header, ...frameFields(parsed as ParseResult<PduOf<D>>, raw, pdu[0] ?? 0) };
  }
}
