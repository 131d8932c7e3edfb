/**
 * The radio of a team host (holding registers 1200-1235, docs/protocol.md § Team host): the
 * command register and its argument, the auto-configuration state, the radio parameters, the
 * slaves' report interval and the slave table, with the LORA_COMMANDS acted on. A search finds
 * the slaves that exist behind the host in the simulation; only slaves in the table answer.
 */
import {
  EXCEPTION,
  isLoraRate,
  LORA_ARGUMENT_REGISTER,
  LORA_AUTO_STATES,
  LORA_COMMAND_REGISTER,
  LORA_COMMANDS,
  LORA_INTERVAL_REGISTER,
  LORA_KEEP_AWAKE_DEFAULT_MS,
  LORA_KEEP_AWAKE_MAX_MS,
  LORA_KEEP_AWAKE_MIN_MS,
  LORA_LAST_REGISTER,
  LORA_RADIO_REGISTER,
  LORA_RADIO_REGISTERS,
  LORA_SLAVES_REGISTER,
  LORA_SLAVES_REGISTERS,
  LORA_STATE_REGISTER,
  decodeSlaveTable,
  encodeSlaveTable,
} from '@fieldlink/protocol';
import type { LoraAutoState } from '@fieldlink/protocol';

/** netId, channel, airRate, power after a reset (command 49) and on a new host. */
export const DEFAULT_RADIO: readonly number[] = [1, 23, 2, 3];
/** The largest value of each radio register. */
export const RADIO_MAX: readonly number[] = [0xffff, 255, 7, 3];
/** The slaves' report interval of a new host, in seconds. */
export const DEFAULT_INTERVAL = 300;
/** How long a search runs before it ends on its own, in ms. */
export const SEARCH_MS = 3000;
/** The keep-awake argument counts tenths of a second. */
const ARGUMENT_UNIT_MS = 100;
/** Ids 250-255 sit in the high bits of the last table register and must stay 0. */
const LAST_TABLE_MASK = 0xffff << (250 & 15);

const COMMAND_CODES = new Set<number>(Object.values(LORA_COMMANDS));

/** Exception codes a write can earn. */
export type WriteRefusal = typeof EXCEPTION.illegalDataAddress | typeof EXCEPTION.illegalDataValue;

interface Search {
  readonly mode: 'start' | 'autoConfig';
  readonly until: number;
}

export class TeamRadio {
  private radio = [...DEFAULT_RADIO];
  private interval = DEFAULT_INTERVAL;
  private table: Set<number>;
  private argument = 0;
  private state: LoraAutoState = 'idle';
  private search: Search | null = null;
  private found: number[] = [];
  private awakeUntil = Number.NEGATIVE_INFINITY;
  private changes = 0;

  /**
   * `present`: the slave ids that exist behind the host (what a search finds); `joined`: the
   * slave ids in the table at start.
   */
  constructor(
    private readonly present: () => readonly number[],
    joined: Iterable<number> = [],
  ) {
    this.table = new Set(joined);
    encodeSlaveTable(this.table);
  }

  /** Whether `address` is one of the block's registers (1200-1235, gaps included). */
  static covers(address: number): boolean {
    return address >= LORA_COMMAND_REGISTER && address <= LORA_LAST_REGISTER;
  }

  /** Grows with every change of the radio, the interval or the table. */
  get version(): number {
    return this.changes;
  }

  get autoState(): LoraAutoState {
    return this.state;
  }

  /** The slave ids in the table, ascending. */
  get slaves(): number[] {
    return [...this.table].sort((a, b) => a - b);
  }

  /** Whether slave `id` is in the table (only those answer through the host). */
  has(id: number): boolean {
    return this.table.has(id);
  }

  /** Whether the slaves were asked to stay awake (command 19) and the time has not run out. */
  awake(now: number): boolean {
    return now < this.awakeUntil;
  }

  /** A register of the block; the command, the gaps and anything unset read 0. */
  read(address: number): number {
    if (address === LORA_ARGUMENT_REGISTER) return this.argument;
    if (address === LORA_STATE_REGISTER) return LORA_AUTO_STATES.indexOf(this.state);
    const radio = address - LORA_RADIO_REGISTER;
    if (radio >= 0 && radio < LORA_RADIO_REGISTERS) return this.radio[radio]!;
    if (address === LORA_INTERVAL_REGISTER) return this.interval;
    const word = address - LORA_SLAVES_REGISTER;
    if (word >= 0 && word < LORA_SLAVES_REGISTERS) return encodeSlaveTable(this.table)[word]!;
    return 0;
  }

  /**
   * Writes registers from `start` at `now` (ms) and runs a command written to 1200 (after the
   * argument of the same write is stored). Returns the exception for a register that cannot be
   * written (2: the state, the gaps) or a value out of range (3), having changed nothing; null
   * when done.
   */
  write(start: number, values: readonly number[], now: number): WriteRefusal | null {
    const refusal = this.check(start, values);
    if (refusal !== null) return refusal;
    const at = (address: number): number | undefined => {
      const i = address - start;
      return i >= 0 && i < values.length ? values[i] : undefined;
    };
    const command = at(LORA_COMMAND_REGISTER);
    const argument = at(LORA_ARGUMENT_REGISTER) ?? this.argument;
    if (command === LORA_COMMANDS.keepAwake && keepAwakeMs(argument) === null) {
      return EXCEPTION.illegalDataValue;
    }
    this.store(start, values);
    if (command !== undefined) this.run(command, now);
    return null;
  }

  /** Ends a search whose time is up. */
  tick(now: number): void {
    if (this.search && now >= this.search.until) this.finishSearch();
  }

  /** The registers worth keeping across restarts: radio, interval and table. */
  persistent(): [number, number][] {
    const out: [number, number][] = [];
    for (let a = LORA_RADIO_REGISTER; a <= LORA_INTERVAL_REGISTER; a++) out.push([a, this.read(a)]);
    for (let a = LORA_SLAVES_REGISTER; a <= LORA_LAST_REGISTER; a++) out.push([a, this.read(a)]);
    return out;
  }

  /** Whether a register is one `persistent` gives. */
  static isPersistent(address: number): boolean {
    return (
      (address >= LORA_RADIO_REGISTER && address <= LORA_INTERVAL_REGISTER) ||
      (address >= LORA_SLAVES_REGISTER && address <= LORA_LAST_REGISTER)
    );
  }

  /**
   * Takes saved registers (see persistent). Throws a RangeError, changing nothing, for a
   * register that is not one of them or a value a write would refuse.
   */
  restore(entries: readonly (readonly [number, number])[]): void {
    this.checkRestore(entries);
    for (const [address, value] of entries) this.store(address, [value]);
  }

  /** Throws a RangeError for what restore would refuse. */
  checkRestore(entries: readonly (readonly [number, number])[]): void {
    for (const [address, value] of entries) {
      if (!TeamRadio.isPersistent(address)) throw new RangeError(`register ${address} is not kept`);
      if (this.check(address, [value]) !== null) {
        throw new RangeError(`register ${address} cannot hold ${value}`);
      }
    }
  }

  private check(start: number, values: readonly number[]): WriteRefusal | null {
    for (let i = 0; i < values.length; i++) {
      const address = start + i;
      const value = values[i]!;
      if (!Number.isInteger(value) || value < 0 || value > 0xffff) return EXCEPTION.illegalDataValue;
      const radio = address - LORA_RADIO_REGISTER;
      if (address === LORA_COMMAND_REGISTER) {
        if (!COMMAND_CODES.has(value)) return EXCEPTION.illegalDataValue;
      } else if (address === LORA_ARGUMENT_REGISTER) {
        // Any value is stored; command 19 checks it.
      } else if (radio >= 0 && radio < LORA_RADIO_REGISTERS) {
        if (value > RADIO_MAX[radio]!) return EXCEPTION.illegalDataValue;
      } else if (address === LORA_INTERVAL_REGISTER) {
        if (!isLoraRate(value)) return EXCEPTION.illegalDataValue;
      } else if (address >= LORA_SLAVES_REGISTER && address <= LORA_LAST_REGISTER) {
        if (address === LORA_LAST_REGISTER && (value & LAST_TABLE_MASK) !== 0) {
          return EXCEPTION.illegalDataValue;
        }
      } else {
        return EXCEPTION.illegalDataAddress;
      }
    }
    return null;
  }

  private store(start: number, values: readonly number[]): void {
    let words: number[] | null = null;
    values.forEach((value, i) => {
      const address = start + i;
      const radio = address - LORA_RADIO_REGISTER;
      if (address === LORA_ARGUMENT_REGISTER) this.argument = value;
      else if (radio >= 0 && radio < LORA_RADIO_REGISTERS) this.setRadio(radio, value);
      else if (address === LORA_INTERVAL_REGISTER) {
        if (this.interval !== value) this.changes++;
        this.interval = value;
      } else if (address >= LORA_SLAVES_REGISTER && address <= LORA_LAST_REGISTER) {
        words ??= encodeSlaveTable(this.table);
        words[address - LORA_SLAVES_REGISTER] = value;
      }
    });
    if (words) this.setTable(decodeSlaveTable(words));
  }

  private setRadio(index: number, value: number): void {
    if (this.radio[index] !== value) this.changes++;
    this.radio[index] = value;
  }

  private setTable(ids: Iterable<number>): void {
    const next = new Set(ids);
    const same = next.size === this.table.size && [...next].every((id) => this.table.has(id));
    if (!same) this.changes++;
    this.table = next;
  }

  private run(command: number, now: number): void {
    switch (command) {
      case LORA_COMMANDS.start:
      case LORA_COMMANDS.autoConfig:
        this.search = {
          mode: command === LORA_COMMANDS.start ? 'start' : 'autoConfig',
          until: now + SEARCH_MS,
        };
        this.found = [];
        this.state = 'searching';
        return;
      case LORA_COMMANDS.stop:
        if (this.search) this.finishSearch();
        return;
      case LORA_COMMANDS.cancel:
        if (!this.search) return;
        this.search = null;
        this.found = [];
        this.state = 'cancelled';
        return;
      case LORA_COMMANDS.save:
        this.setTable([...this.table, ...this.found]);
        return;
      case LORA_COMMANDS.resetRadio:
        DEFAULT_RADIO.forEach((v, i) => this.setRadio(i, v));
        return;
      case LORA_COMMANDS.keepAwake:
        this.awakeUntil = now + keepAwakeMs(this.argument)!;
        return;
      case LORA_COMMANDS.sleepEnable:
        this.awakeUntil = Number.NEGATIVE_INFINITY;
        return;
      case LORA_COMMANDS.clearSlaves:
        this.setTable([]);
        return;
    }
  }

  private finishSearch(): void {
    const search = this.search;
    if (!search) return;
    this.search = null;
    this.found = this.present().filter((id) => Number.isInteger(id) && id >= 0 && id <= 249);
    if (this.found.length === 0) {
      this.state = 'failed';
      return;
    }
    this.state = 'done';
    if (search.mode === 'autoConfig') this.setTable([...this.table, ...this.found]);
  }
}

/** The keep-awake time of an argument in 0.1 s: 0 is the default 12 s; null when out of bounds. */
export function keepAwakeMs(argument: number): number | null {
  if (argument === 0) return LORA_KEEP_AWAKE_DEFAULT_MS;
  const ms = argument * ARGUMENT_UNIT_MS;
  return ms >= LORA_KEEP_AWAKE_MIN_MS && ms <= LORA_KEEP_AWAKE_MAX_MS ? ms : null;
}
