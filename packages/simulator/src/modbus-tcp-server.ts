/**
 * A virtual device served as a Modbus TCP server: the server dials it instead of the device
 * dialling a DTU gateway. ModbusTcpSlave turns the bytes of one connection into MBAP replies
 * answered from the device (and, on a host, from the devices behind it); ModbusTcpServer listens
 * on a port, gives each connection its own slave, and brings the device up to date before
 * answering.
 */
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { encodeTcpResponse, EXCEPTION, TcpStreamParser } from '@fieldlink/protocol';
import type { ModbusResponse } from '@fieldlink/protocol';
import type { ModbusHandler } from './memory.js';
import type { UnitRouter } from './rtu-slave.js';
import type { VirtualDevice } from './virtual-device.js';

/** The unit id a client uses for the device itself, whatever its slave address. */
export const UNIT_SELF = 0xff;

/**
 * A Modbus TCP slave over one connection's byte stream: feed it what arrives, send back what it
 * returns. It answers unit ids 0, 255 and its own address, echoing the request's transaction and
 * unit ids, and the units `units` gives a handler for (a host's sub-devices); any other unit id
 * gets exception 11 (gateway target failed to respond), as a gateway whose target stays silent.
 * A well-framed request that breaks the Modbus rules gets the exception reply the parser names.
 */
export class ModbusTcpSlave {
  private readonly parser = new TcpStreamParser({ direction: 'request' });

  constructor(
    private readonly memory: ModbusHandler,
    readonly address: number,
    private readonly units?: UnitRouter,
  ) {}

  /** Bytes received → the reply frames to send, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const replies: Uint8Array[] = [];
    for (const frame of this.parser.push(chunk)) {
      const header = { transaction: frame.transaction, unit: frame.unit };
      // A function code of 0 (or 128) cannot be answered, not even with an exception.
      const fn = (frame.ok ? frame.pdu.fn : frame.fn) & 0x7f;
      const own = frame.unit === 0 || frame.unit === UNIT_SELF || frame.unit === this.address;
      const handler = own ? this.memory : (this.units?.(frame.unit) ?? null);
      let reply: ModbusResponse | null = null;
      if (fn === 0) reply = null;
      else if (!handler) reply = { fn, exception: EXCEPTION.gatewayTargetFailedToRespond };
      else if (frame.ok) reply = handler.handle(frame.pdu);
      else if (frame.exception !== undefined) reply = { fn, exception: frame.exception };
      if (reply) replies.push(encodeTcpResponse(header, reply));
    }
    return replies;
  }
}

export interface ModbusTcpServerOptions {
  /** Time source in ms for the analog inputs (default the device's own clock). */
  readonly clock?: () => number;
}

/** One virtual device listening for Modbus TCP clients. */
export class ModbusTcpServer {
  readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly device: VirtualDevice,
    private readonly options: ModbusTcpServerOptions = {},
  ) {
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
  }

  /** Connections open now. */
  get connections(): number {
    return this.sockets.size;
  }

  /** Start listening; resolves with the port (useful with port 0). */
  listen(port: number, host?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Hang up on every client, keeping the port open (as a device that reboots its network stack). */
  disconnectAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Stop listening and hang up on every client; resolves once the port is closed. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => {
      if (!this.server.listening) resolve();
      else this.server.close(() => resolve());
    });
    this.disconnectAll();
    await closed;
  }

  private accept(socket: Socket): void {
    const slave = new ModbusTcpSlave(this.device.registers, this.device.slave.address, (unit) =>
      this.device.unit(unit),
    );
    this.sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('data', (chunk: Buffer) => {
      this.device.tick(this.options.clock?.());
      for (const reply of slave.push(chunk)) socket.write(reply);
    });
  }
}
