/**
 * A minimal DTU gateway for tests: a plain TCP server on 127.0.0.1 that records every link,
 * its registration line and the bytes that follow it, and lets a test write to a link or
 * drop it.
 */
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface GatewayLink {
  readonly socket: Socket;
  /** The first line the device sent (without the newline), once complete. */
  registration: string | undefined;
  /** Everything received after the registration line. */
  after: Buffer;
  closed: boolean;
}

export class TestGateway {
  readonly links: GatewayLink[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<TestGateway> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const gateway = new TestGateway(server, (server.address() as AddressInfo).port);
    server.on('connection', (socket) => gateway.accept(socket));
    return gateway;
  }

  private accept(socket: Socket): void {
    const link: GatewayLink = { socket, registration: undefined, after: Buffer.alloc(0), closed: false };
    let head = Buffer.alloc(0);
    this.links.push(link);
    socket.on('data', (chunk: Buffer) => {
      if (link.registration !== undefined) {
        link.after = Buffer.concat([link.after, chunk]);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(0x0a);
      if (nl < 0) return;
      link.registration = head.subarray(0, nl).toString('latin1');
      link.after = Buffer.from(head.subarray(nl + 1));
    });
    socket.on('error', () => {});
    socket.on('close', () => (link.closed = true));
  }

  /** Links whose device has registered, by registration line. */
  registered(): string[] {
    return this.links.flatMap((l) => (l.registration === undefined ? [] : [l.registration]));
  }

  /** Stop listening and drop every link. */
  async close(): Promise<void> {
    for (const link of this.links) link.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Poll until the condition holds; throws after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean,
  timeoutMs = 5000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
