/**
 * The server as Modbus RTU master over one registered DTU link: the shared master side
 * (ModbusMasterLink: one request in flight, queue, priorities, timeouts, retries, dead and idle
 * links) with RTU framing, replies found in the byte stream by CRC and matched to the request in
 * flight, and the DTU's heartbeats skipped wherever they appear.
 */
import type { Socket } from 'node:net';
import { matchResponse, RtuStreamParser } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, RtuFrame } from '@fieldlink/protocol';
import { ModbusMasterLink } from '../link/master-link.js';
import { rtuRequestFrame } from '../link/rtu-frames.js';
import type { MasterLinkOptions, Pending } from '../link/master-link.js';
import { HeartbeatFilter } from './heartbeat-filter.js';

export { LinkClosedError, LinkQueueFullError, LinkTimeoutError } from '../link/device-link.js';
export type {
  DeviceLink,
  LinkCloseReason,
  LinkStats,
  RequestOptions,
  RequestPriority,
} from '../link/device-link.js';
export {
  DEFAULT_IDLE_MS,
  DEFAULT_MAX_CONSECUTIVE_TIMEOUTS,
  DEFAULT_MAX_QUEUE,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
} from '../link/master-link.js';

export interface LinkOptions extends MasterLinkOptions {
  /** Bytes the DTU sends to keep its link up (e.g. `ping`), skipped wherever they appear; none by default. */
  readonly heartbeat?: Uint8Array;
  /** Bytes that arrived with the registration packet. */
  readonly initial?: Uint8Array;
}

export class ModbusRtuLink extends ModbusMasterLink<Uint8Array> {
  /** Skips heartbeats between frames; told the request in flight, so stray heads cannot stall it. */
  private readonly framed: RtuStreamParser<'response'>;
  /** Sees the stream with every heartbeat removed, so a heartbeat inside a reply does not break it. */
  private readonly clean = new RtuStreamParser({ direction: 'response' });
  private readonly filter: HeartbeatFilter;

  constructor(socket: Socket, options: LinkOptions = {}) {
    super(socket, options);
    const heartbeat = options.heartbeat ?? new Uint8Array(0);
    this.framed = new RtuStreamParser({ direction: 'response', heartbeat });
    this.filter = new HeartbeatFilter(heartbeat);
    this.attach(options.initial);
  }

  protected encode(slave: number, request: ModbusRequest): Uint8Array {
    return rtuRequestFrame(slave, request);
  }

  protected override quiet(): void {
    this.framed.setExpected(undefined);
  }

  protected transmit(pending: Pending<Uint8Array>): void {
    // Bytes still held belong to no reply of this request: start both parsers afresh.
    this.stats.skippedBytes += this.clean.buffered;
    this.clean.reset();
    this.framed.reset();
    this.framed.setExpected({ slave: pending.slave, request: pending.request });
    this.transport.write(pending.frame);
  }

  protected receive(chunk: Uint8Array): void {
    const framed = this.framed.push(chunk);
    const stripped = this.filter.push(chunk);
    this.stats.heartbeats = this.filter.count;
    const held = this.clean.buffered;
    const frames = this.clean.push(stripped);
    const framedBytes = frames.reduce((sum, frame) => sum + frame.raw.length, 0);
    this.stats.skippedBytes += held + stripped.length - framedBytes - this.clean.buffered;

    const pending = this.inFlight;
    let reply: ModbusResponse | undefined;
    for (const frame of frames) {
      const answer = pending && !reply ? answerTo(pending, frame) : undefined;
      if (answer) reply = answer;
      else this.stats.unmatched++;
    }
    // The parser told of the request sees a reply the heartbeat filter broke (a heartbeat's bytes
    // inside the reply's data).
    for (const frame of framed) {
      if (reply || !pending) break;
      if (frame.ok && frame.slave === pending.slave) {
        reply = frame.pdu;
        // What the other parser holds is that reply, broken: not garbage to count.
        this.clean.reset();
      }
    }
    if (pending && reply) this.answered(pending, reply);
  }
}

/** The reply, FC1/FC2 values cut to the count asked for, when `frame` answers `pending`. */
function answerTo(pending: Pending<Uint8Array>, frame: RtuFrame<ModbusResponse>): ModbusResponse | undefined {
  if (!frame.ok || frame.slave !== pending.slave) return undefined;
  const matched = matchResponse(pending.request, frame.pdu);
  return matched.ok ? matched.value : undefined;
}
