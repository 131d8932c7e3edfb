/**
 * The server as Modbus TCP client over a connection it dialled to a device: the shared master
 * side (ModbusMasterLink: one request in flight, queue, priorities, timeouts, retries, dead and
 * idle links) with MBAP framing. Each attempt gets a transaction id of its own and the unit id is
 * the slave address; a reply is taken only when its transaction id is one sent for the request in
 * flight, so a late reply to a request that already timed out is never taken for the next one.
 */
import type { Socket } from 'node:net';
import { encodeTcpRequest, matchResponse, TcpStreamParser } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, TcpFrame } from '@fieldlink/protocol';
import { ModbusMasterLink } from '../link/master-link.js';
import type { MasterLinkOptions, Pending } from '../link/master-link.js';

export type ModbusTcpLinkOptions = MasterLinkOptions;

export class ModbusTcpLink extends ModbusMasterLink<null> {
  private readonly parser = new TcpStreamParser({ direction: 'response' });
  private nextTransaction: number;
  /** The request the transaction ids below were sent for. */
  private current: Pending<null> | undefined;
  /** Transaction ids of every attempt of the request in flight: a reply to any of them answers it. */
  private readonly transactions = new Set<number>();

  /** `firstTransaction` (0-65535, default 1) is the id of the first request sent. */
  constructor(socket: Socket, options: ModbusTcpLinkOptions = {}, firstTransaction = 1) {
    super(socket, options);
    this.nextTransaction = firstTransaction & 0xffff;
    this.attach();
  }

  /** A late reply carries its own transaction id and is never taken for the next request's. */
  protected override get drainsAfterTimeout(): boolean {
    return false;
  }

  protected encode(slave: number, request: ModbusRequest): null {
    // Encoded here only to refuse what cannot be sent; each attempt is framed with its own id.
    encodeTcpRequest({ transaction: 0, unit: slave }, request);
    return null;
  }

  protected transmit(pending: Pending<null>): void {
    if (this.current !== pending) {
      this.current = pending;
      this.transactions.clear();
    }
    const transaction = this.nextTransaction;
    this.nextTransaction = (transaction + 1) & 0xffff;
    this.transactions.add(transaction);
    this.transport.write(encodeTcpRequest({ transaction, unit: pending.slave }, pending.request));
  }

  protected receive(chunk: Uint8Array): void {
    const held = this.parser.buffered;
    const frames = this.parser.push(chunk);
    const framedBytes = frames.reduce((sum, frame) => sum + frame.raw.length, 0);
    this.stats.skippedBytes += held + chunk.length - framedBytes - this.parser.buffered;
    for (const frame of frames) {
      const pending = this.inFlight;
      const reply = pending ? this.answerTo(pending, frame) : undefined;
      if (pending && reply) this.answered(pending, reply);
      else this.stats.unmatched++;
    }
  }

  /** The reply, FC1/FC2 values cut to the count asked for, when `frame` answers `pending`. */
  private answerTo(pending: Pending<null>, frame: TcpFrame<ModbusResponse>): ModbusResponse | undefined {
    if (!frame.ok || this.current !== pending || !this.transactions.has(frame.transaction)) return undefined;
    if (frame.unit !== pending.slave) return undefined;
    const matched = matchResponse(pending.request, frame.pdu);
    return matched.ok ? matched.value : undefined;
  }
}
