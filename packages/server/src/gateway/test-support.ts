/**
 * What the gateway tests share: a virtual DTU on a real TCP socket (the simulator's device memory
 * and RTU slave behind it, with hooks to delay, drop or mangle replies), a link pair without a
 * listener, the same for a Modbus TCP device and a link dialled to it, a log that records, and
 * waiting for a condition.
 */
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { parseOperation } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';
import { EquipmentMemory, ModbusTcpSlave, RtuSlave } from '@fieldlink/simulator';
import type { EquipmentShape } from '@fieldlink/simulator';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { RecordingCodeSender, TestClock } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { buildApp } from '../app.js';
import type { Bus } from '../bus/bus.js';
import { BusNode } from '../bus/node.js';
import type { BusNodeOptions } from '../bus/node.js';
import { HistoryRecorder } from '../history/recorder.js';
import { HistoryWriter } from '../history/writer.js';
import { LiveHub } from '../live/hub.js';
import type { Storage } from '../storage/open.js';
import type { Equipment } from '../storage/schema.js';
import { DeviceService } from './devices/device-service.js';
import type { DeviceServiceOptions } from './devices/device-service.js';
import { DtuListener } from './dtu/dtu-listener.js';
import { ModbusRtuLink } from './dtu/rtu-link.js';
import type { LinkOptions } from './dtu/rtu-link.js';
import { hashLinkSecret } from './dtu/secrets.js';
import type { DeviceLink } from './link/device-link.js';
import type { GatewayLog } from './link/log.js';
import { LinkRegistry } from './link/registry.js';
import { DialPolicy } from './modbus-tcp/dial-policy.js';
import { ModbusTcpLink } from './modbus-tcp/modbus-tcp-link.js';
import type { ModbusTcpLinkOptions } from './modbus-tcp/modbus-tcp-link.js';

export const BOARD: EquipmentShape = { doCount: 8, diCount: 8, aiCount: 4, aoCount: 2 };

export const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * How long an end-to-end test waits for what a device or the server does: far above what it takes
 * on a quiet machine, so a test run sharing two cores with others does not fail on time alone.
 */
export const WAIT_MS = 10_000;

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `check` holds, polling every few ms; fails after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await delay(3);
  }
}

/**
 * How a device answers one reply frame: the pieces to send (a pause between them, so they go out
 * as separate segments), or [] to stay silent.
 */
export type Answer = (reply: Uint8Array, index: number) => (Uint8Array | string)[];

export const answerPlainly: Answer = (reply) => [reply];

export class VirtualDtu {
  readonly memory: EquipmentMemory;
  readonly slave: RtuSlave;
  answer: Answer = answerPlainly;
  /** Requests answered (or left unanswered) so far. */
  requests = 0;
  readonly closed: Promise<void>;

  constructor(
    readonly socket: Socket,
    shape: EquipmentShape = BOARD,
    address = 254,
  ) {
    this.memory = new EquipmentMemory(shape);
    this.slave = new RtuSlave(this.memory, { address, heartbeat: ascii('ping') });
    // Not events.once: it would reject on a reset, which is no failure here.
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      for (const reply of this.slave.push(chunk)) void this.send(this.answer(reply, this.requests++));
    });
  }

  /**
   * Dial `port`, optionally send a registration packet, and answer from here on (at slave
   * `address`, 254 unless given).
   */
  static async dial(
    port: number,
    registration: string | Uint8Array | null,
    shape?: EquipmentShape,
    address?: number,
  ) {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true });
    await once(socket, 'connect');
    const device = new VirtualDtu(socket, shape, address);
    if (registration !== null)
      socket.write(typeof registration === 'string' ? ascii(registration) : registration);
    return device;
  }

  async send(pieces: (Uint8Array | string)[]): Promise<void> {
    for (const [i, piece] of pieces.entries()) {
      if (i > 0) await delay(2);
      if (this.socket.destroyed) return;
      this.socket.write(typeof piece === 'string' ? ascii(piece) : piece);
    }
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** A link on the server side of a fresh socket pair, and the device on the other side. */
export async function linkPair(
  options: LinkOptions = {},
): Promise<{ link: ModbusRtuLink; device: VirtualDtu; close: () => Promise<void> }> {
  const server = createServer({ noDelay: true });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const device = await VirtualDtu.dial(address.port, null);
  const [socket] = await accepted;
  socket.pause();
  const link = new ModbusRtuLink(socket, { heartbeat: ascii('ping'), ...options });
  return {
    link,
    device,
    close: async () => {
      link.close('shutdown');
      device.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface LogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly details: Record<string, unknown>;
  readonly message: string;
}

export class RecordingLog implements GatewayLog {
  readonly entries: LogEntry[] = [];
  info(details: object, message: string): void {
    this.entries.push({ level: 'info', details: details as Record<string, unknown>, message });
  }
  warn(details: object, message: string): void {
    this.entries.push({ level: 'warn', details: details as Record<string, unknown>, message });
  }
  error(details: object, message: string): void {
    this.entries.push({ level: 'error', details: details as Record<string, unknown>, message });
  }
  warnings(): LogEntry[] {
    return this.entries.filter((e) => e.level === 'warn');
  }
}

/** A Modbus TCP device on a port of its own; `answer` decides what each reply becomes. */
export class TcpTestDevice {
  readonly memory: EquipmentMemory;
  answer: Answer = answerPlainly;
  /** Requests answered (or left unanswered) so far. */
  requests = 0;
  /** Transaction and unit ids of every request received, in order. */
  readonly received: { transaction: number; unit: number }[] = [];
  readonly sockets = new Set<Socket>();
  port = 0;
  private readonly server: Server;

  constructor(
    shape: EquipmentShape = BOARD,
    readonly address = 254,
  ) {
    this.memory = new EquipmentMemory(shape);
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
  }

  static async start(shape?: EquipmentShape, address?: number): Promise<TcpTestDevice> {
    const device = new TcpTestDevice(shape, address);
    await device.listen(0);
    return device;
  }

  async listen(port: number): Promise<number> {
    this.server.listen(port, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  /** Send pieces on the newest connection, a short pause between them. */
  async send(pieces: (Uint8Array | string)[], socket = [...this.sockets].at(-1)): Promise<void> {
    for (const [i, piece] of pieces.entries()) {
      if (i > 0) await delay(2);
      if (!socket || socket.destroyed) return;
      socket.write(typeof piece === 'string' ? ascii(piece) : piece);
    }
  }

  disconnectAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.disconnectAll();
    if (this.server.listening) await new Promise((resolve) => this.server.close(resolve));
  }

  private accept(socket: Socket): void {
    const slave = new ModbusTcpSlave(this.memory, this.address);
    this.sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('data', (chunk: Buffer) => {
      for (const reply of slave.push(chunk)) {
        // The reply echoes the request's MBAP header.
        this.received.push({ transaction: (reply[0]! << 8) | reply[1]!, unit: reply[6]! });
        void this.send(this.answer(reply, this.requests++), socket);
      }
    });
  }
}

/** A link dialled to a fresh device. */
export async function tcpLinkPair(
  options: ModbusTcpLinkOptions = {},
  firstTransaction?: number,
): Promise<{ link: ModbusTcpLink; device: TcpTestDevice; close: () => Promise<void> }> {
  const device = await TcpTestDevice.start();
  const socket = connect({ port: device.port, host: '127.0.0.1', noDelay: true });
  await once(socket, 'connect');
  const link = new ModbusTcpLink(socket, options, firstTransaction);
  return {
    link,
    device,
    close: async () => {
      link.close('shutdown');
      await device.close();
    },
  };
}

/**
 * The answers every master link must get from a BOARD device whose AI 1-3 hold 20, 30, 40: reads,
 * a coil write, a register write at fAOReg, and an exception reply taken as an answer.
 */
export async function expectBoardAnswers(link: DeviceLink, memory: EquipmentMemory): Promise<void> {
  const poll = { priority: 'poll' } as const;
  const user = { priority: 'user' } as const;
  expect(await link.request(254, { fn: 4, address: 1, count: 3 }, poll)).toEqual({
    fn: 4,
    values: [20, 30, 40],
  });
  expect(await link.request(254, { fn: 5, address: 3, value: true }, user)).toEqual({
    fn: 5,
    address: 3,
    value: true,
  });
  expect(memory.coils[3]).toBe(true);
  await link.request(254, { fn: 16, address: 400, values: [7, 8] }, user);
  expect(memory.analogOutputs).toEqual([7, 8]);
  expect(await link.request(254, { fn: 4, address: 3, count: 2 }, poll)).toEqual({ fn: 4, exception: 2 });
}

let owners = 0;

/**
 * Adds FL-R8 devices with these serials under a new owner, straight into the store, optionally
 * with a link secret (else their links are open) or a Modbus TCP address on 127.0.0.1; returns
 * their ids by serial.
 */
export async function addLinkedDevices(
  storage: Storage,
  serials: readonly string[],
  options: { readonly secret?: string; readonly modbusTcpPort?: number | null } = {},
): Promise<Map<string, number>> {
  const db = storage.db;
  const t = Date.now();
  const owner = await db
    .insertInto('users')
    .values({ user_name: `link-owner-${++owners}-${t}`, password_hash: 'x', registered_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  const port = options.modbusTcpPort ?? null;
  const ids = new Map<string, number>();
  for (let i = 0; i < serials.length; i += 100) {
    const rows = await db
      .insertInto('equipment')
      .values(
        serials.slice(i, i + 100).map((sn) => ({
          owner_id: owner.id,
          parent_id: null,
          sn,
          unid: sn,
          address: null,
          type: 'FL-R8',
          name: sn,
          camera_password: null,
          soc: null,
          status_at: null,
          link_secret_hash: options.secret === undefined ? null : hashLinkSecret(options.secret),
          // Without a secret, the device registers with its serial alone (the owner's opt-out).
          link_open: options.secret === undefined ? 1 : 0,
          link_host: port === null ? null : '127.0.0.1',
          link_port: port,
          created_at: t,
          updated_at: t,
        })),
      )
      .returning(['id', 'sn'])
      .execute();
    for (const row of rows) ids.set(row.sn!, row.id);
  }
  return ids;
}

/**
 * The dial policy of tests: the simulated Modbus TCP devices listen on loopback, which the server
 * refuses to dial unless the operator allows it (MODBUS_TCP_ALLOW=127.0.0.1/32,::1).
 */
export function loopbackDialPolicy(): DialPolicy {
  return new DialPolicy({
    allow: [
      { address: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { address: '::1', prefix: 128, family: 'ipv6' },
    ],
  });
}

/** The server's device stack on a store: app with REST and /ws, DTU listener, device service, history. */
export interface DeviceStack {
  readonly app: FastifyInstance;
  readonly dtu: DtuListener;
  readonly devices: DeviceService;
  readonly history: HistoryWriter;
  readonly hub: LiveHub;
  /** The node's part in the bus, when started on one. */
  readonly node: BusNode | undefined;
  readonly dtuPort: number;
  readonly wsUrl: string;
  /** For signing users up and in (accounts/test-support.ts). */
  readonly accounts: AccountsHarness;
  close(): Promise<void>;
}

/**
 * Starts the device stack on `storage`; the device service takes `devices` options on top. With
 * `cluster`, the stack is one node of several on `cluster.bus`: its hub and operations go through
 * the bus, and the nodes share the token key `cluster.jwtKey`.
 */
export async function startDeviceStack(
  storage: Storage,
  devices: Partial<Omit<DeviceServiceOptions, 'db' | 'registry' | 'hub' | 'recorder'>> = {},
  cluster?: { readonly bus: Bus; readonly jwtKey?: Uint8Array } & Omit<BusNodeOptions, 'hub' | 'bus'>,
): Promise<DeviceStack> {
  const clock = new TestClock(Date.now());
  const sender = new RecordingCodeSender();
  const jwtKey = cluster?.jwtKey ?? new Uint8Array(randomBytes(32));
  const db = storage.db;
  const node = cluster ? new BusNode({ ...cluster, hub: { batchMs: 20 } }) : undefined;
  const hub = node?.hub ?? new LiveHub({ batchMs: 20 });
  const history = new HistoryWriter(db, { flushMs: 10 });
  const recorder = new HistoryRecorder({ writer: history, publish: (id, m) => hub.publish(id, m) });
  const registry = new LinkRegistry({ db });
  const dtu = new DtuListener({
    db,
    registry,
    heartbeat: 'ping',
    link: { idleMs: 60_000 },
    contests: { recordEvent: (event) => history.recordEvent(event), publish: (id, m) => hub.publish(id, m) },
  });
  const service = new DeviceService({
    db,
    registry,
    hub,
    recorder,
    pollMs: 60_000,
    timeoutMs: 1000,
    ...devices,
  });
  const app = await buildApp({
    storage,
    secrets: { jwtKey },
    codeSender: sender,
    now: clock.now,
    logLevel: false,
    liveHub: hub,
    devices: node ? node.attach({ db, registry, devices: service }) : service,
    dialPolicy: loopbackDialPolicy(),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  const dtuPort = await dtu.listen(0, '127.0.0.1');
  return {
    app,
    dtu,
    devices: service,
    history,
    hub,
    node,
    dtuPort,
    wsUrl,
    accounts: { app, clock, sender, jwtKey, storage },
    close: async () => {
      await dtu.close();
      await registry.close();
      await service.stop();
      await app.close();
      await node?.close();
      await history.close();
    },
  };
}

/** The memory of an FL-R8, what the server polls of one: 8 DO, 8 DI, 2 AI. */
export const R8: EquipmentShape = { doCount: 8, diCount: 8, aiCount: 2, aoCount: 0 };

/** A DTU listener and a device service on a store, without HTTP, and test devices that dial it. */
export interface LinkService {
  readonly dtu: DtuListener;
  readonly devices: DeviceService;
  readonly hub: LiveHub;
  /** Adds an FL-R8 record with this serial; its id and row. */
  record(sn: string): Promise<{ id: number; equipment: Equipment }>;
  /** A test device dialling the listener as `sn`, with an FL-R8's memory, at slave `address` (254). */
  dial(sn: string, address?: number): Promise<VirtualDtu>;
  close(): Promise<void>;
}

export async function startLinkService(
  storage: Storage,
  timeoutMs: number,
  options: { readonly pollMs?: number; readonly settingsCheckMs?: number } = {},
): Promise<LinkService> {
  const db = storage.db;
  const hub = new LiveHub({ batchMs: 10 });
  const registry = new LinkRegistry({ db });
  const dtu = new DtuListener({ db, registry, heartbeat: 'ping', link: { idleMs: 30_000 } });
  const devices = new DeviceService({
    db,
    registry,
    hub,
    pollMs: options.pollMs ?? 60_000,
    timeoutMs,
    ...(options.settingsCheckMs === undefined ? {} : { settingsCheckMs: options.settingsCheckMs }),
  });
  const port = await dtu.listen(0, '127.0.0.1');
  const dialled: VirtualDtu[] = [];
  return {
    dtu,
    devices,
    hub,
    record: async (sn) => {
      const id = (await addLinkedDevices(storage, [sn])).get(sn)!;
      const equipment = await db
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { id, equipment };
    },
    dial: async (sn, address) => {
      const d = await VirtualDtu.dial(port, sn, R8, address);
      dialled.push(d);
      return d;
    },
    close: async () => {
      for (const d of dialled.splice(0)) d.destroy();
      await dtu.close();
      await registry.close();
      await devices.stop();
    },
  };
}

/** A live message as a console receives it, parsed. */
export interface SentMessage {
  readonly infotype: string;
  readonly info: Record<string, unknown>;
}

/** What the live channel sends a console that may read `id`, parsed, as it arrives. */
export function listenTo(hub: LiveHub, id: number): SentMessage[] {
  const sent: SentMessage[] = [];
  const session = hub.attach({
    send: (text) => sent.push(JSON.parse(text) as SentMessage),
    bufferedAmount: 0,
    close: () => {},
  });
  hub.setReadable(session, [id]);
  return sent;
}

/** The stored link state of an equipment: its online flag and the address it did not answer at. */
export async function linkStatus(
  storage: Storage,
  id: number,
): Promise<{ online: 0 | 1; unanswered_address: number | null }> {
  return await storage.db
    .selectFrom('equipment')
    .select(['online', 'unanswered_address'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** An operation of the catalogue from its body; throws on a bad one (a test's mistake). */
export function operation(body: Record<string, unknown>): Operation {
  const r = parseOperation(body);
  if (!r.ok) throw new Error(r.error);
  return r.operation;
}
