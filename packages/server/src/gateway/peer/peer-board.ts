/**
 * A third-party Modbus slave for tests: modbus-serial's ServerTCP (not our simulator) on
 * 127.0.0.1, answering at one unit id from a memory a test reads and changes: coils (DO),
 * discrete inputs (DI), input registers (AI) and holding registers (AO at fAOReg, and any others).
 * An address the memory does not hold is refused with exception 2 (illegal data address), as a
 * real device does; a whole table can be made to refuse with a code of the test's choosing.
 *
 * What the library does, read in node_modules/modbus-serial/servers/: port 0 is taken as "none"
 * and becomes 502, so a free port is found first; `unitID` 255 (or 0) answers every unit, any
 * other answers its own and ignores the rest (no reply at all); an error thrown by a vector
 * function with a numeric `modbusErrorCode` becomes that exception reply (otherwise 4); a function
 * code whose vector function is missing gets no reply. FC16 is served by setRegisterArray, so a
 * write that runs past the held registers is refused whole (the per-register path would answer
 * success after the first register).
 */
import { once } from 'node:events';
import { createServer } from 'node:net';
import { ServerTCP } from 'modbus-serial';
import type { IServiceVector } from 'modbus-serial';

export const PEER_HOST = '127.0.0.1';

/** The four Modbus tables. */
export type PeerTable = 'coils' | 'discreteInputs' | 'inputRegisters' | 'holdingRegisters';

export interface PeerBoardOptions {
  /** The slave address it answers at; default 254. 255 answers every address. */
  readonly unitId?: number;
  /** Coils from address 0 (DO1 at 0). */
  readonly coils?: readonly boolean[];
  /** Discrete inputs from address 0 (DI1 at 0). */
  readonly discreteInputs?: readonly boolean[];
  /** Input registers from address 0 (AI1 at 0). */
  readonly inputRegisters?: readonly number[];
  /** Blocks of holding registers by their first address, e.g. `{ 400: [1, 2] }` for two AO. */
  readonly holdingRegisters?: Readonly<Record<number, readonly number[]>>;
  /** Tables that answer every access with this exception code (e.g. 1 or 2). */
  readonly refuse?: Partial<Record<PeerTable, number>>;
}

/** What a vector function throws to make the library answer an exception. */
class ModbusRefusal extends Error {
  constructor(
    readonly modbusErrorCode: number,
    message: string,
  ) {
    super(message);
  }
}

const ILLEGAL_DATA_ADDRESS = 2;

/** A port nobody listens on right now (the library cannot listen on port 0). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, PEER_HOST);
  await once(probe, 'listening');
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

export class PeerBoard {
  readonly host = PEER_HOST;
  /** Change freely: the next request sees the change. */
  readonly coils: boolean[];
  readonly discreteInputs: boolean[];
  readonly inputRegisters: number[];
  /** Holding registers by address. */
  readonly holdingRegisters = new Map<number, number>();
  /** Tables refusing every access, with the exception code; set or delete entries at will. */
  readonly refusals: Map<PeerTable, number>;
  /** Unit ids of the requests the library passed to the memory. */
  readonly unitsSeen = new Set<number>();
  /** Errors the library reported (socket or server). */
  readonly errors: unknown[] = [];
  #server: ServerTCP | null = null;
  #port = 0;

  private constructor(
    readonly unitId: number,
    options: PeerBoardOptions,
  ) {
    this.coils = [...(options.coils ?? [])];
    this.discreteInputs = [...(options.discreteInputs ?? [])];
    this.inputRegisters = [...(options.inputRegisters ?? [])];
    for (const [start, values] of Object.entries(options.holdingRegisters ?? {})) {
      this.writeHolding(Number(start), values);
    }
    this.refusals = new Map(Object.entries(options.refuse ?? {}) as [PeerTable, number][]);
  }

  /** Starts a ServerTCP on a free loopback port; retries when another process takes the port first. */
  static async start(options: PeerBoardOptions = {}): Promise<PeerBoard> {
    const board = new PeerBoard(options.unitId ?? 254, options);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const server = new ServerTCP(board.#vector(), { host: PEER_HOST, port, unitID: board.unitId });
      const started = await new Promise<Error | null>((resolve) => {
        server.on('initialized', () => resolve(null));
        server.on('serverError', (error) => resolve(error ?? new Error('server error')));
      });
      if (started === null) {
        server.on('socketError', (error) => board.errors.push(error));
        server.on('error', (error) => board.errors.push(error));
        board.#server = server;
        board.#port = port;
        return board;
      }
      if ((started as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw started;
    }
  }

  get port(): number {
    return this.#port;
  }

  /** Open connections (the bridge's, or the server's own Modbus TCP link). */
  get connections(): number {
    return this.#server?.socks.size ?? 0;
  }

  writeHolding(start: number, values: readonly number[]): void {
    values.forEach((value, i) => this.holdingRegisters.set(start + i, value));
  }

  /** Holding registers from `start`; undefined where none is held. */
  readHolding(start: number, count: number): (number | undefined)[] {
    return Array.from({ length: count }, (_, i) => this.holdingRegisters.get(start + i));
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #check(table: PeerTable, address: number, unit: number, held: boolean): void {
    this.unitsSeen.add(unit);
    const refusal = this.refusals.get(table);
    if (refusal !== undefined) throw new ModbusRefusal(refusal, `${table} refused`);
    if (!held) throw new ModbusRefusal(ILLEGAL_DATA_ADDRESS, `${table} ${address} not held`);
  }

  #bit(table: 'coils' | 'discreteInputs', address: number, unit: number): boolean {
    const bits = this[table];
    this.#check(table, address, unit, address < bits.length);
    return bits[address]!;
  }

  /**
   * The library's callbacks, synchronous: it tells the styles apart by their number of
   * parameters, so none of these may take a default or a rest parameter.
   */
  #vector(): IServiceVector {
    return {
      getCoil: (addr: number, unitID: number) => this.#bit('coils', addr, unitID),
      getDiscreteInput: (addr: number, unitID: number) => this.#bit('discreteInputs', addr, unitID),
      getInputRegister: (addr: number, unitID: number) => {
        this.#check('inputRegisters', addr, unitID, addr < this.inputRegisters.length);
        return this.inputRegisters[addr]!;
      },
      getHoldingRegister: (addr: number, unitID: number) => {
        const value = this.holdingRegisters.get(addr);
        this.#check('holdingRegisters', addr, unitID, value !== undefined);
        return value!;
      },
      setCoil: (addr: number, value: boolean, unitID: number) => {
        this.#check('coils', addr, unitID, addr < this.coils.length);
        this.coils[addr] = value;
      },
      setRegister: (addr: number, value: number, unitID: number) => {
        this.#check('holdingRegisters', addr, unitID, this.holdingRegisters.has(addr));
        this.holdingRegisters.set(addr, value);
      },
      setRegisterArray: (addr: number, values: number[], unitID: number) => {
        values.forEach((_, i) => {
          const at = addr + i;
          this.#check('holdingRegisters', at, unitID, this.holdingRegisters.has(at));
        });
        this.writeHolding(addr, values);
      },
    };
  }
}
