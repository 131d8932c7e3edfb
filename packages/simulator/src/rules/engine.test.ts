import { pageWrite } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { EquipmentMemory } from '../memory.js';
import { VirtualDevice } from '../virtual-device.js';
import { RuleEngine } from './engine.js';
import {
  at,
  close,
  coils,
  DAY,
  marquee,
  MONDAY,
  open,
  relays,
  setup,
  startScene,
  steps,
  writePage,
} from './test-fixture.js';

const NONE = { year: null, month: null, day: null };

describe('RuleEngine: timers', () => {
  it('fixed-point control switches the output in the matching second', () => {
    const { memory, engine } = setup();
    writePage(memory, 'rtc', [
      { dev: 0, mode: 1, more: false, at: { ...NONE, hour: 8, minute: 30, second: 0 }, output: close(1) },
      { dev: 1, mode: 1, more: false, at: { ...NONE, hour: 9, minute: 0, second: 0 }, output: open(1) },
    ]);
    engine.step(at(8, 29, 58));
    expect(coils(memory)).toEqual([false, false, false, false]);
    engine.step(at(8, 30, 0) + 500);
    expect(coils(memory)).toEqual([false, true, false, false]);
    engine.step(at(9, 0, 0));
    expect(memory.coils[1]).toBe(false);
  });

  it('a late step catches up on the seconds it missed, once each', () => {
    const { memory, engine } = setup();
    writePage(memory, 'rtc', [
      { dev: 0, mode: 1, more: false, at: { ...NONE, hour: 8, minute: 30, second: 0 }, output: close(0) },
    ]);
    engine.step(at(8, 29, 50));
    engine.step(at(8, 30, 10));
    expect(memory.coils[0]).toBe(true);
    memory.coils[0] = false;
    engine.step(at(8, 30, 20));
    expect(memory.coils[0]).toBe(false);
  });

  it('a full date fires on that date only', () => {
    const { memory, engine } = setup();
    const point = { year: 2026, month: 3, day: 3, hour: 6, minute: 0, second: 0 };
    writePage(memory, 'rtc', [{ dev: 0, mode: 1, more: false, at: point, output: close(2) }]);
    engine.step(at(6));
    expect(memory.coils[2]).toBe(false);
    engine.step(at(6, 0, 0, MONDAY + DAY));
    expect(memory.coils[2]).toBe(true);
  });

  it('weekday mode fires on the selected weekdays and hours, with a hold', () => {
    const { memory, engine } = setup();
    const weekly = { weekdays: [2], hours: [7, 19], minute: 0, second: 0 };
    writePage(memory, 'rtc', [{ dev: 0, mode: 2, more: false, weekly, output: close(0, 100) }]);
    engine.step(at(7)); // Monday: not selected
    expect(memory.coils[0]).toBe(false);
    const tuesday = MONDAY + DAY;
    engine.step(at(19, 0, 0, tuesday));
    expect(memory.coils[0]).toBe(true);
    engine.step(at(19, 0, 9, tuesday));
    expect(memory.coils[0]).toBe(true);
    engine.step(at(19, 0, 10, tuesday)); // hold 100 × 0.1 s ends
    expect(memory.coils[0]).toBe(false);
  });

  it('`more` runs the next rule’s output too', () => {
    const { memory, engine } = setup();
    const weekly = { weekdays: [1], hours: [7], minute: 60, second: 60 };
    writePage(memory, 'rtc', [
      { dev: 0, mode: 2, more: true, weekly, output: close(0) },
      { dev: 1, mode: 2, more: false, weekly: { ...weekly, hours: [] }, output: close(3) },
    ]);
    engine.step(at(7, 12, 5));
    expect(coils(memory)).toEqual([true, false, false, true]);
  });

  it('time range 2 is on inside the window and reversed outside it, past midnight too', () => {
    const { memory, engine } = setup();
    const window = { weekdays: [1], beginHour: 22, beginMinute: 0, endHour: 6, endMinute: 0 };
    writePage(memory, 'rtc', [{ dev: 0, mode: 4, more: false, window, output: close(0) }]);
    memory.coils[0] = true;
    engine.step(at(21, 59)); // outside: reversed (open)
    expect(memory.coils[0]).toBe(false);
    engine.step(at(22));
    expect(memory.coils[0]).toBe(true);
    memory.coils[0] = false; // a manual change inside the window stays until the next edge
    engine.step(at(23));
    expect(memory.coils[0]).toBe(false);
    engine.step(at(5, 59, 0, MONDAY + DAY));
    expect(memory.coils[0]).toBe(false);
    memory.coils[0] = true;
    engine.step(at(6, 0, 0, MONDAY + DAY));
    expect(memory.coils[0]).toBe(false);
  });

  it('timers start and stop scenes; time range 2 starts one inside its window and stops it outside', () => {
    const { memory, engine } = setup();
    const window = { weekdays: [1], beginHour: 8, beginMinute: 0, endHour: 9, endMinute: 0 };
    writePage(memory, 'scene', [marquee({ cycleCount: 0, channels: [0, 1] }), steps(5, { channels: [3] })]);
    writePage(memory, 'rtc', [
      { dev: 0, mode: 4, more: false, window, output: startScene(0) },
      {
        dev: 1,
        mode: 1,
        more: false,
        at: { ...NONE, hour: 8, minute: 30, second: 0 },
        output: startScene(1),
      },
    ]);
    engine.step(at(7, 59, 59)); // outside: the reverse, stop scene 0, which is not running
    expect(relays(memory)).toBe('0000');
    engine.step(at(8));
    expect(relays(memory)).toBe('1000');
    engine.step(at(8, 0, 1));
    expect(relays(memory)).toBe('0100');
    engine.step(at(8, 30));
    expect(relays(memory)).toBe('1001');
    engine.step(at(9)); // leaving the window stops the marquee: its channels go off
    expect(relays(memory)).toBe('0001');
  });

  it('a rewrite of the timer page keeps the state of the timers it leaves unchanged', () => {
    const { memory, engine } = setup();
    const window = { weekdays: [1], beginHour: 8, beginMinute: 0, endHour: 9, endMinute: 0 };
    const fixed = { dev: 1, mode: 1 as const, more: false, at: { ...NONE, hour: 8, minute: 30, second: 0 } };
    const rules = [
      { dev: 0, mode: 4 as const, more: false, window, output: close(0) },
      { ...fixed, output: close(1) },
    ];
    writePage(memory, 'rtc', rules);
    engine.step(at(8, 30) + 200);
    expect(relays(memory)).toBe('1100');
    memory.coils[0] = false;
    memory.coils[1] = false;
    writePage(memory, 'rtc', [...rules, { ...fixed, dev: 2, output: close(2) }]);
    engine.step(at(8, 30) + 700); // neither the window edge nor 08:30:00 runs again
    expect(relays(memory)).toBe('0000');
    engine.step(at(8, 30, 1));
    expect(relays(memory)).toBe('0000');
    engine.step(at(9));
    expect(relays(memory)).toBe('0000');
    memory.coils[0] = true;
    engine.step(at(9, 0, 1));
    expect(relays(memory)).toBe('1000');
  });

  it('time range 1 and disabled rules run nothing', () => {
    const { memory, engine } = setup();
    const begin = { ...NONE, hour: 0, minute: 0, second: 0 };
    const end = { ...NONE, hour: 23, minute: 59, second: 59 };
    writePage(memory, 'rtc', [{ dev: 0, mode: 3, more: false, interval: { begin, end } }, null]);
    engine.step(at(12));
    expect(coils(memory)).toEqual([false, false, false, false]);
  });

  it('reads the clock at the configured offset from UTC', () => {
    const memory = new EquipmentMemory({ doCount: 1, diCount: 0, aiCount: 0, aoCount: 0 });
    const engine = new RuleEngine(memory, { utcOffsetMinutes: 480 });
    const w = pageWrite('rtc', 0, [
      { dev: 0, mode: 1, more: false, at: { ...NONE, hour: 8, minute: 0, second: 0 }, output: close(0) },
    ]);
    memory.handle({ fn: 16, address: w.start, values: w.registers });
    engine.step(at(8));
    expect(memory.coils[0]).toBe(false);
    engine.step(at(0) + 1000);
    engine.step(at(0));
    expect(memory.coils[0]).toBe(false);
    const e2 = new RuleEngine(memory, { utcOffsetMinutes: 480 });
    e2.step(at(0));
    expect(memory.coils[0]).toBe(true);
  });
});

describe('RuleEngine: outputs and the device', () => {
  it('a virtual device runs its rules at each tick, on the 2000 series too', () => {
    let now = at(8, 29, 59);
    const device = new VirtualDevice('FL-R8-2000', 'SN10001', { clock: () => now });
    expect(device.type.series2000).toBe(true);
    const w = pageWrite(
      'rtc',
      0,
      [{ dev: 0, mode: 1, more: false, at: { ...NONE, hour: 8, minute: 30, second: 0 }, output: close(0) }],
      { series2000: true },
    );
    device.memory.handle({ fn: 16, address: w.start, values: w.registers });
    now = at(8, 30);
    device.tick();
    expect(device.snapshot().coils[0]).toBe(true);
  });
});
