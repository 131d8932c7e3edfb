/**
 * A DTU for tests that puts a Modbus TCP slave (e.g. peer-board.ts) behind our DTU listener, as a
 * serial-to-TCP DTU puts an RS-485 line behind it: it dials the listener, sends the registration
 * packet (`SN\n` or `SN:secret\n`), then takes the RTU request frames the server sends (address,
 * PDU, CRC-16/MODBUS), forwards each to the slave as Modbus TCP (MBAP: its own transaction id,
 * protocol 0, length, unit id = the RTU address byte; CRC stripped) and sends the slave's reply
 * back as an RTU frame (CRC added). A request the slave leaves unanswered (another unit) gets
 * nothing back, as on a real line. Bytes that do not make a request frame with a valid CRC are
 * skipped one at a time. Optionally a heartbeat goes out every so often, which the server's link
 * skips wherever it lands (dtu/heartbeat-filter.ts) when it is the listener's configured pattern.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { appendCrc, expectedRtuLength, hasValidCrc } from '@fieldlink/protocol';

export interface DtuBridgeOptions {
  /** Our DTU listener. */
  readonly host: string;
  readonly port: number;
  /** The registration packet: `serial`, or `serial:secret` when a secret is given. */
  readonly serial: string;
  readonly secret?: string;
  /** The Modbus TCP slave behind the DTU. */
  readonly slave: { readonly host: string; readonly port: number };
  /** Sent to the server every `everyMs` (e.g. the listener's 'ping'); none by default. */
  readonly heartbeat?: { readonly bytes: string | Uint8Array; readonly everyMs: number };
}

export interface DtuBridgeStats {
  /** RTU request frames taken from the server and forwarded. */
  requests: number;
  /** Replies of the slave sent back as RTU frames. */
  replies: number;
  /** Bytes from the server that started no valid request frame. */
  skipped: number;
  /** Heartbeats sent. */
  heartbeats: number;
}

/** The MBAP header before the unit id: transaction id, protocol id, length (which counts the unit id). */
const MBAP_PREFIX = 6;
/** Requests the slave may still answer; older ones are forgotten (their replies dropped). */
const MAX_PENDING = 64;

const bytesOf = (data: string | Uint8Array): Buffer =>
  typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);

async function dial(host: string, port: number): Promise<Socket> {
  const socket = connect({ host, port, noDelay: true });
  await once(socket, 'connect');
  return socket;
}

export class DtuBridge {
  readonly stats: DtuBridgeStats = { requests: 0, replies: 0, skipped: 0, heartbeats: 0 };
  /** The Modbus function code of each request forwarded, in order. */
  readonly functions: number[] = [];
  /** Resolves when the link to the server is closed, by either side. */
  readonly closed: Promise<void>;
  #fromServer: Buffer = Buffer.alloc(0);
  #fromSlave: Buffer = Buffer.alloc(0);
  #transaction = 0;
  /** Transaction ids sent to the slave and not answered yet. */
  readonly #pending = new Set<number>();
  #heartbeat: NodeJS.Timeout | undefined;

  private constructor(
    private readonly server: Socket,
    private readonly slave: Socket,
  ) {
    this.closed = new Promise((resolve) => server.once('close', () => resolve()));
    for (const socket of [server, slave]) {
      socket.on('error', () => {});
      // Either side gone: the DTU drops the other too.
      socket.once('close', () => this.#stop());
    }
    server.on('data', (chunk: Buffer) => this.#onServer(chunk));
    slave.on('data', (chunk: Buffer) => this.#onSlave(chunk));
  }

  /** Connects to the slave, then dials the listener and registers; resolves once registered is sent. */
  static async connect(options: DtuBridgeOptions): Promise<DtuBridge> {
    const slave = await dial(options.slave.host, options.slave.port);
    let server: Socket;
    try {
      server = await dial(options.host, options.port);
    } catch (error) {
      slave.destroy();
      throw error;
    }
    const bridge = new DtuBridge(server, slave);
    const line = options.secret === undefined ? options.serial : `${options.serial}:${options.secret}`;
    server.write(`${line}\n`, 'latin1');
    const heartbeat = options.heartbeat;
    if (heartbeat) {
      const bytes = bytesOf(heartbeat.bytes);
      bridge.#heartbeat = setInterval(() => {
        if (server.destroyed) return;
        server.write(bytes);
        bridge.stats.heartbeats++;
      }, heartbeat.everyMs);
      bridge.#heartbeat.unref();
    }
    return bridge;
  }

  get isClosed(): boolean {
    return this.server.destroyed;
  }

  /** Hangs up both sides. */
  async close(): Promise<void> {
    this.#stop();
    await this.closed;
  }

  #stop(): void {
    clearInterval(this.#heartbeat);
    this.server.destroy();
    this.slave.destroy();
  }

  #onServer(chunk: Buffer): void {
    let buf = Buffer.concat([this.#fromServer, chunk]);
    while (buf.length > 0) {
      const length = expectedRtuLength(buf, 'request');
      if (length === 'need-more') break;
      if (length !== 'invalid' && buf.length < length) break;
      if (length === 'invalid' || !hasValidCrc(buf.subarray(0, length))) {
        buf = buf.subarray(1);
        this.stats.skipped++;
        continue;
      }
      this.#forward(buf.subarray(0, length));
      buf = buf.subarray(length);
    }
    this.#fromServer = Buffer.from(buf);
  }

  /** One RTU request to the slave as Modbus TCP: [unit, ...pdu] without the CRC, behind an MBAP header. */
  #forward(frame: Buffer): void {
    const body = frame.subarray(0, frame.length - 2);
    const transaction = (this.#transaction = (this.#transaction + 1) & 0xffff);
    const out = Buffer.alloc(MBAP_PREFIX + body.length);
    out.writeUInt16BE(transaction, 0);
    out.writeUInt16BE(0, 2);
    out.writeUInt16BE(body.length, 4);
    body.copy(out, MBAP_PREFIX);
    this.#pending.add(transaction);
    if (this.#pending.size > MAX_PENDING) {
      const oldest = this.#pending.values().next().value;
      if (oldest !== undefined) this.#pending.delete(oldest);
    }
    this.stats.requests++;
    this.functions.push(body[1] ?? 0);
    this.slave.write(out);
  }

  #onSlave(chunk: Buffer): void {
    let buf = Buffer.concat([this.#fromSlave, chunk]);
    while (buf.length >= MBAP_PREFIX) {
      const length = buf.readUInt16BE(4);
      if (buf.length < MBAP_PREFIX + length) break;
      const transaction = buf.readUInt16BE(0);
      const body = buf.subarray(MBAP_PREFIX, MBAP_PREFIX + length);
      buf = buf.subarray(MBAP_PREFIX + length);
      // A reply to a request forgotten, or one we never sent: nothing on the line asked for it.
      if (!this.#pending.delete(transaction) || body.length < 2) continue;
      this.stats.replies++;
      if (!this.server.destroyed) this.server.write(appendCrc(body));
    }
    this.#fromSlave = Buffer.from(buf);
  }
}
