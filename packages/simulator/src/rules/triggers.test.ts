import { describe, expect, it } from 'vitest';
import { analog, close, coils, setup, trigger, writePage } from './test-fixture.js';

describe('RuleEngine: switch triggers', () => {
  it('runs the output once the DI has held its level for the hold time, once per event', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger()]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    engine.step(1000); // 0.9 s held
    expect(memory.coils[0]).toBe(false);
    engine.step(1100); // 1 s held: invert DO1
    expect(memory.coils[0]).toBe(true);
    engine.step(5000); // still held: single, no re-run
    expect(memory.coils[0]).toBe(true);
    memory.inputs[0] = false;
    engine.step(5100);
    memory.inputs[0] = true;
    engine.step(5200);
    engine.step(6200);
    expect(memory.coils[0]).toBe(false);
  });

  it('a level that ends before the hold time does not fire', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger()]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    memory.inputs[0] = false;
    engine.step(900);
    memory.inputs[0] = true;
    engine.step(1000);
    engine.step(1500);
    expect(memory.coils[0]).toBe(false);
    engine.step(2000);
    expect(memory.coils[0]).toBe(true);
  });

  it('a level already present when the rule loads is not an event', () => {
    const { memory, engine } = setup();
    memory.inputs[0] = true;
    writePage(memory, 'di', [trigger({ holdTime: 0 })]);
    engine.step(0);
    engine.step(5000);
    expect(memory.coils[0]).toBe(false);
  });

  it('an edge inside the release time is not a new event', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ holdTime: 0, unholdTime: 20 })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    expect(memory.coils[0]).toBe(true);
    memory.inputs[0] = false;
    engine.step(200);
    memory.inputs[0] = true;
    engine.step(300); // within 2 s of release
    expect(memory.coils[0]).toBe(true);
    engine.step(2100); // released, but the level has not ended since: waits for it
    expect(memory.coils[0]).toBe(true);
    memory.inputs[0] = false;
    engine.step(2200);
    memory.inputs[0] = true;
    engine.step(2300);
    expect(memory.coils[0]).toBe(false);
  });

  it('repeat runs again after the release and another hold while the level stays', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ repeat: true, holdTime: 10, unholdTime: 10 })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(0);
    engine.step(1000);
    expect(memory.coils[0]).toBe(true);
    engine.step(2000); // release over: hold again from here
    expect(memory.coils[0]).toBe(true);
    engine.step(3000);
    expect(memory.coils[0]).toBe(false);
  });

  it('event-forced runs at every step while the level holds', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ forced: true, holdTime: 0, output: close(2) })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    expect(memory.coils[2]).toBe(true);
    memory.coils[2] = false;
    engine.step(200);
    expect(memory.coils[2]).toBe(true);
    memory.inputs[0] = false;
    memory.coils[2] = false;
    engine.step(300);
    expect(memory.coils[2]).toBe(false);
  });

  it('the inactive level and DO sources', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [
      trigger({ level: 'inactive', holdTime: 0, channel: 1, output: close(3) }),
      trigger({ source: 2, channel: 3, holdTime: 5, output: close(2, 20) }),
    ]);
    memory.inputs[1] = true;
    engine.step(0);
    memory.inputs[1] = false;
    engine.step(100); // DI2 broken: close DO4
    expect(memory.coils[3]).toBe(true);
    engine.step(500); // DO4 on for 0.4 s
    expect(memory.coils[2]).toBe(false);
    engine.step(600); // 0.5 s: close DO3 for 2 s
    expect(memory.coils[2]).toBe(true);
    engine.step(2600);
    expect(memory.coils[2]).toBe(false);
  });

  it('`more` runs the next slot’s output; the reserved source, missing scenes and other devices run nothing', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [
      trigger({ more: true, holdTime: 0, output: close(0) }),
      trigger({ source: 4, output: close(1) }),
      trigger({ source: 3, channel: 5, level: 'inactive', holdTime: 0, output: close(3) }),
      trigger({ holdTime: 0, channel: 2, output: { mode: 1, channel: 2, value: 0, addr: 7 } }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    memory.inputs[2] = true;
    engine.step(100);
    expect(coils(memory)).toEqual([true, true, false, false]);
  });

  it('rewriting a page takes effect at the next step; unchanged rules keep their state', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ holdTime: 20 })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    writePage(memory, 'di', [trigger({ holdTime: 20 }), trigger({ channel: 1, holdTime: 0 })]);
    engine.step(2100); // held since 0.1 s across the rewrite
    expect(memory.coils[0]).toBe(true);
    writePage(memory, 'di', [null]);
    memory.inputs[1] = true;
    engine.step(2200);
    engine.step(9000);
    expect(memory.coils[0]).toBe(true);
  });
});

describe('RuleEngine: analog triggers', () => {
  it('above the high threshold for the hold time runs the output', () => {
    const { memory, engine } = setup();
    writePage(memory, 'ai', [analog()]);
    memory.inputRegisters[0] = 10000;
    engine.step(0);
    memory.inputRegisters[0] = 17000;
    engine.step(1000);
    engine.step(2900);
    expect(memory.coils[0]).toBe(false);
    engine.step(3000);
    expect(memory.coils[0]).toBe(true);
  });

  it('below the low threshold, a band, an unset low, and AO sources', () => {
    const { memory, engine } = setup();
    const hold0 = { value: 0, unit: 0 } as const;
    writePage(memory, 'ai', [
      analog({ window: { band: false, holdTime: hold0, high: 16000, low: 4000 }, output: close(0) }),
      analog({
        channel: 1,
        window: { band: true, holdTime: hold0, high: 12000, low: 8000 },
        output: close(1),
      }),
      analog({ channel: 1, window: { band: false, holdTime: hold0, high: 30000, low: 0 }, output: close(2) }),
      analog({
        source: 2,
        channel: 1,
        window: { band: true, holdTime: hold0, high: 900, low: 800 },
        output: close(3),
      }),
    ]);
    memory.inputRegisters[0] = 10000;
    memory.inputRegisters[1] = 0;
    engine.step(0);
    memory.inputRegisters[0] = 3000;
    memory.inputRegisters[1] = 10000;
    memory.handle({ fn: 6, address: memory.aoRegister + 1, value: 850 });
    engine.step(100);
    expect(coils(memory)).toEqual([true, true, false, true]);
  });

  it('AO output and register operations write the AO registers', () => {
    const { memory, engine } = setup();
    const hold0 = { value: 0, unit: 0 } as const;
    const win = { band: false, holdTime: hold0, high: 100, low: 0 };
    writePage(memory, 'ai', [
      analog({ window: win, more: true, output: { mode: 7, channel: 0, value: 1200, addr: 0 } }),
      analog({
        source: 0,
        output: { mode: 6, operation: { mathType: 1, regType: 0, regAddr: 1, value: 5 } },
      }),
    ]);
    engine.step(0);
    memory.inputRegisters[0] = 500;
    engine.step(100);
    expect(memory.handle({ fn: 3, address: memory.aoRegister, count: 2 })).toEqual({
      fn: 3,
      values: [1200, 0],
    });
  });
});

describe('RuleEngine: trigger outputs', () => {
  it('a new action on a relay replaces its running hold', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: close(0, 10) }),
      trigger({ channel: 1, holdTime: 0, output: close(0) }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    memory.inputs[1] = true;
    engine.step(500);
    engine.step(5000);
    expect(memory.coils[0]).toBe(true);
  });
});
