/** A team host's radio block (1200-1235): every register and command at its bounds and one past. */
import { LORA_COMMANDS, LORA_RATE_SECONDS, encodeSlaveTable } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../virtual-device.js';
import { DEFAULT_INTERVAL, DEFAULT_RADIO, SEARCH_MS } from './team-radio.js';

const T0 = Date.UTC(2026, 2, 2, 8);

function host(slaves: number[] = [1, 2, 5], joined: number[] = slaves) {
  let now = T0;
  const d = new VirtualDevice('FL-JYTeam001', 'TEAM0001', {
    clock: () => now,
    subDevices: slaves.map((address) => ({ type: 'FL-LR4', address, joined: joined.includes(address) })),
  });
  const ask = (r: ModbusRequest): ModbusResponse => d.request(254, r)!;
  const read = (address: number, count = 1): number[] => [
    ...(ask({ fn: 3, address, count }) as { values: readonly number[] }).values,
  ];
  const command = (code: number, argument?: number): ModbusResponse =>
    ask({ fn: 16, address: 1200, values: argument === undefined ? [code] : [code, argument] });
  const advance = (ms: number): void => {
    now += ms;
    d.tick();
  };
  return { d, ask, read, command, advance, table: () => d.team!.slaves, state: () => read(1202)[0] };
}

const ok16 = (address: number, count: number): ModbusResponse => ({ fn: 16, address, count });
const ex = (fn: number, exception: number): ModbusResponse => ({ fn, exception }) as ModbusResponse;

describe('team host radio block', () => {
  it('reads 1200-1235 whole; 1199 and 1236 are outside; only team hosts have it', () => {
    const { ask, read } = host();
    const block = read(1200, 36);
    expect(block.slice(10, 15)).toEqual([...DEFAULT_RADIO, DEFAULT_INTERVAL]);
    expect(block.slice(20)).toEqual(encodeSlaveTable([1, 2, 5]));
    expect(block[0]).toBe(0);
    expect(ask({ fn: 3, address: 1199, count: 1 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1199, count: 2 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1235, count: 2 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1236, count: 1 })).toEqual(ex(3, 2));
    const board = new VirtualDevice('FL-R8', 'BOARD001');
    expect(board.request(254, { fn: 3, address: 1200, count: 1 })).toEqual(ex(3, 2));
  });

  it('radio parameters at their bounds; one past is refused and changes nothing', () => {
    const { ask, read } = host();
    expect(ask({ fn: 16, address: 1210, values: [0, 0, 0, 0] })).toEqual(ok16(1210, 4));
    expect(read(1210, 4)).toEqual([0, 0, 0, 0]);
    expect(ask({ fn: 16, address: 1210, values: [65535, 255, 7, 3] })).toEqual(ok16(1210, 4));
    expect(read(1210, 4)).toEqual([65535, 255, 7, 3]);
    for (const bad of [
      [0, 256, 0, 0],
      [0, 0, 8, 0],
      [0, 0, 0, 4],
    ]) {
      expect(ask({ fn: 16, address: 1210, values: bad })).toEqual(ex(16, 3));
      expect(read(1210, 4)).toEqual([65535, 255, 7, 3]);
    }
    expect(ask({ fn: 6, address: 1211, value: 256 })).toEqual(ex(6, 3));
    expect(ask({ fn: 6, address: 1211, value: 100 })).toEqual({ fn: 6, address: 1211, value: 100 });
  });

  it('the interval takes the LoRa rates only', () => {
    const { ask, read } = host();
    for (const rate of LORA_RATE_SECONDS) {
      expect(ask({ fn: 6, address: 1214, value: rate })).toEqual({ fn: 6, address: 1214, value: rate });
      expect(read(1214)).toEqual([rate]);
    }
    for (const bad of [0, 59, 61, 18001]) expect(ask({ fn: 6, address: 1214, value: bad })).toEqual(ex(6, 3));
    expect(read(1214)).toEqual([18000]);
  });

  it('the slave table: ids 0 and 249 fit, bits past 249 are refused', () => {
    const { ask, read, table } = host();
    expect(ask({ fn: 16, address: 1220, values: encodeSlaveTable([0, 249]) })).toEqual(ok16(1220, 16));
    expect(table()).toEqual([0, 249]);
    expect(ask({ fn: 6, address: 1235, value: 1 << 10 })).toEqual(ex(6, 3));
    expect(ask({ fn: 6, address: 1235, value: 0x8000 })).toEqual(ex(6, 3));
    expect(read(1235)).toEqual([1 << 9]);
    // A write mixing good and bad values changes nothing.
    expect(ask({ fn: 16, address: 1234, values: [0xffff, 0xffff] })).toEqual(ex(16, 3));
    expect(table()).toEqual([0, 249]);
  });

  it('the state register and the gaps cannot be written', () => {
    const { ask } = host();
    for (const address of [1202, 1203, 1209, 1215, 1219]) {
      expect(ask({ fn: 6, address, value: 0 })).toEqual(ex(6, 2));
    }
    expect(ask({ fn: 16, address: 1200, values: [LORA_COMMANDS.sleepEnable, 0, 1] })).toEqual(ex(16, 2));
  });

  it('unknown commands are refused; the command register reads 0', () => {
    const { command, read } = host();
    for (const bad of [0, 1, 3, 16, 21, 32, 35, 48, 50, 63, 65, 0xffff])
      expect(command(bad)).toEqual(ex(16, 3));
    expect(read(1200)).toEqual([0]);
  });

  it('start searches, ends on its own after the search time, and save writes the slaves found', () => {
    const { command, state, advance, table } = host([1, 2, 5], []);
    expect(table()).toEqual([]);
    expect(command(LORA_COMMANDS.start)).toEqual(ok16(1200, 1));
    expect(state()).toBe(1);
    advance(SEARCH_MS - 1);
    expect(state()).toBe(1);
    advance(1);
    expect(state()).toBe(2);
    expect(table()).toEqual([]);
    command(LORA_COMMANDS.save);
    expect(table()).toEqual([1, 2, 5]);
  });

  it('stop ends a search at once; cancel drops it; save without a search adds nothing', () => {
    const { command, state, table } = host([3], []);
    command(LORA_COMMANDS.save);
    expect(table()).toEqual([]);
    command(LORA_COMMANDS.start);
    command(LORA_COMMANDS.stop);
    expect(state()).toBe(2);
    command(LORA_COMMANDS.start);
    command(LORA_COMMANDS.cancel);
    expect(state()).toBe(3);
    command(LORA_COMMANDS.save);
    expect(table()).toEqual([]);
  });

  it('auto-configure searches and saves; clear empties the table', () => {
    const { command, state, advance, table } = host([7, 9], [7]);
    command(LORA_COMMANDS.autoConfig);
    expect(state()).toBe(1);
    advance(SEARCH_MS);
    expect(state()).toBe(2);
    expect(table()).toEqual([7, 9]);
    command(LORA_COMMANDS.clearSlaves);
    expect(table()).toEqual([]);
    command(LORA_COMMANDS.autoConfig);
    command(LORA_COMMANDS.cancel);
    advance(SEARCH_MS);
    expect(state()).toBe(3);
    expect(table()).toEqual([]);
  });

  it('a search behind a host without slaves fails', () => {
    const { command, state, advance } = host([]);
    command(LORA_COMMANDS.autoConfig);
    advance(SEARCH_MS);
    expect(state()).toBe(4);
  });

  it('reset radio restores the defaults', () => {
    const { ask, command, read } = host();
    ask({ fn: 16, address: 1210, values: [9, 9, 7, 0] });
    command(LORA_COMMANDS.resetRadio);
    expect(read(1210, 4)).toEqual([...DEFAULT_RADIO]);
  });

  it('keep-awake takes 1-600 s (10-6000 tenths) or 0 for 12 s; sleep ends it', () => {
    const { d, command, read } = host();
    const awake = (ms: number): boolean => d.team!.awake(T0 + ms);
    expect(command(LORA_COMMANDS.keepAwake, 0)).toEqual(ok16(1200, 2));
    expect([awake(11_999), awake(12_000)]).toEqual([true, false]);
    expect(command(LORA_COMMANDS.keepAwake, 10)).toEqual(ok16(1200, 2));
    expect([awake(999), awake(1000)]).toEqual([true, false]);
    expect(command(LORA_COMMANDS.keepAwake, 6000)).toEqual(ok16(1200, 2));
    expect([awake(599_999), awake(600_000)]).toEqual([true, false]);
    expect(command(LORA_COMMANDS.keepAwake, 9)).toEqual(ex(16, 3));
    expect(command(LORA_COMMANDS.keepAwake, 6001)).toEqual(ex(16, 3));
    expect(read(1201)).toEqual([6000]);
    command(LORA_COMMANDS.sleepEnable);
    expect(awake(0)).toBe(false);
    // The argument may be written first and the command after it.
    d.request(254, { fn: 6, address: 1201, value: 50 });
    command(LORA_COMMANDS.keepAwake);
    expect([awake(4999), awake(5000)]).toEqual([true, false]);
  });

  it('any write into the block is answered, and a refused one changes nothing', () => {
    const { d, ask, read } = host();
    fc.assert(
      fc.property(
        fc.integer({ min: 1195, max: 1240 }),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 40 }),
        (address, values) => {
          const before = read(1202, 34);
          const table = d.team!.slaves;
          const reply = ask({ fn: 16, address, values });
          if ('exception' in reply) {
            expect([2, 3]).toContain(reply.exception);
            expect(read(1202, 34)).toEqual(before);
            expect(d.team!.slaves).toEqual(table);
          } else {
            expect(reply).toEqual(ok16(address, values.length));
          }
        },
      ),
    );
  });
});
