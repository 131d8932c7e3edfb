import { describe, expect, it } from 'vitest';
import {
  assignment,
  calculation,
  flow,
  relays,
  sceneA,
  seconds,
  setup,
  startScene,
  stopScene,
  tenths,
  trigger,
  writePage,
} from './test-fixture.js';

const cache = (n: number) => ({ regType: 5, regAddr: n });
const AO1 = { regType: 0, regAddr: 0 };

describe('function calculation', () => {
  it('writes X to its cache register and holds once X ≥ C has passed for the hold time', () => {
    const { memory, engine } = setup();
    const c = { source: 0, value: 1100 };
    writePage(memory, 'scene', [
      calculation({ formula: 1, b: { source: 0, value: 100 }, c, holdTime: seconds(1), resultRegister: 3 }),
    ]);
    memory.inputRegisters[0] = 999;
    engine.step(0);
    expect(engine.registers.read(cache(3), 0)).toBe(1099);
    memory.inputRegisters[0] = 1000; // X = C: passes
    engine.step(100);
    engine.step(1099);
    expect(engine.holds(sceneA(0))).toBe(false);
    engine.step(1100);
    expect(engine.holds(sceneA(0))).toBe(true);
    memory.inputRegisters[0] = 999;
    engine.step(1200);
    expect(engine.holds(sceneA(0))).toBe(false);
  });

  it('within and outside B to C include both bounds', () => {
    const { memory, engine } = setup();
    const b = { source: 2, value: 0 }; // AO1
    const c = { source: 2, value: 1 }; // AO2
    writePage(memory, 'scene', [
      calculation({ comparison: 3, b, c, resultRegister: 0 }),
      calculation({ comparison: 4, b, c, resultRegister: 1 }),
    ]);
    memory.writeHolding(memory.aoRegister, 100);
    memory.writeHolding(memory.aoRegister + 1, 200);
    const holds = (ai: number): [boolean, boolean] => {
      memory.inputRegisters[0] = ai;
      engine.step(0);
      return [engine.holds(sceneA(0)), engine.holds(sceneA(1))];
    };
    expect([99, 100, 150, 200, 201].map(holds)).toEqual([
      [false, true],
      [true, true],
      [true, false],
      [true, true],
      [false, true],
    ]);
  });

  it('smoothing starts at A and moves 1/B of the way at each step; A/0 gives 0', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [
      calculation({ formula: 14, b: { source: 0, value: 4 }, resultRegister: 0 }),
      calculation({ formula: 4, b: { source: 0, value: 0 }, resultRegister: 1 }),
    ]);
    const xs = [100, 200, 200].map((ai, i) => {
      memory.inputRegisters[0] = ai;
      engine.step(i * 1000);
      return engine.registers.read(cache(0), 0);
    });
    expect(xs).toEqual([100, 125, 143.75]);
    expect(engine.registers.read(cache(1), 0)).toBe(0);
  });

  it('an operand it cannot read skips the step; stop and start pause and resume it', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [
      calculation({ a: { source: 1, value: 2 }, resultRegister: 0 }), // AI3: not on this device
      calculation({ c: { source: 0, value: 0 }, resultRegister: 1 }),
    ]);
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: stopScene(1) }),
      trigger({ channel: 1, holdTime: 0, output: startScene(1) }),
    ]);
    memory.inputRegisters[0] = 5;
    engine.step(0);
    expect(engine.holds(sceneA(0))).toBe(false);
    expect(engine.registers.read(cache(1), 0)).toBe(5);
    expect(engine.holds(sceneA(1))).toBe(true);
    memory.inputs[0] = true;
    memory.inputRegisters[0] = 6;
    engine.step(100);
    expect(engine.holds(sceneA(1))).toBe(false);
    expect(engine.registers.read(cache(1), 0)).toBe(5);
    memory.inputs[1] = true;
    engine.step(200);
    expect(engine.registers.read(cache(1), 0)).toBe(6);
    expect(engine.holds(sceneA(1))).toBe(true);
  });
});

describe('assignment calculation', () => {
  it('writes the target at once and then once every period', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [assignment()]);
    const ao = (ai: number, t: number): number | null => {
      memory.inputRegisters[0] = ai;
      engine.step(t);
      return engine.registers.read(AO1, t);
    };
    expect([ao(1, 0), ao(2, 999), ao(3, 1000), ao(4, 1999), ao(5, 2000)]).toEqual([101, 101, 103, 103, 105]);
  });

  it('stores as the target holds: signed, clamped, into rule registers; stop and start', () => {
    const { memory, engine } = setup();
    const aoReg = memory.aoRegister;
    writePage(memory, 'scene', [
      assignment({ formula: 2, target: { regType: 2, regAddr: aoReg + 1 }, period: tenths(0) }),
      assignment({ formula: 3, b: { source: 0, value: 1000 }, target: { regType: 1, regAddr: aoReg } }),
      assignment({ formula: 0, target: { regType: 6, regAddr: 4 } }),
      assignment({ formula: 6, b: { source: 0, value: 0 }, target: cache(9) }),
      assignment({ target: { regType: 0, regAddr: 2 } }), // no AO3: nothing
    ]);
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: stopScene(0) }),
      trigger({ channel: 1, holdTime: 0, output: startScene(0) }),
    ]);
    memory.inputRegisters[0] = 7;
    engine.step(0);
    expect(engine.registers.read({ regType: 2, regAddr: aoReg + 1 }, 0)).toBe(-93);
    expect(engine.registers.read(AO1, 0)).toBe(7000);
    expect(engine.registers.read({ regType: 6, regAddr: 4 }, 2000)).toBe(9);
    expect(engine.registers.read(cache(9), 0)).toBe(3.5);
    memory.inputRegisters[0] = 100;
    engine.step(1000);
    expect(engine.registers.read(AO1, 1000)).toBe(65535);
    memory.inputs[0] = true;
    memory.inputRegisters[0] = 50;
    engine.step(1100);
    expect(engine.registers.read({ regType: 2, regAddr: aoReg + 1 }, 0)).toBe(0);
    expect(engine.holds(sceneA(0))).toBe(false);
    memory.inputs[1] = true;
    engine.step(1150);
    expect(engine.registers.read({ regType: 2, regAddr: aoReg + 1 }, 0)).toBe(-50);
  });
});

describe('cumulative flow', () => {
  it('DO switch: the valve is open below the target less the advance, closed from there on', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [flow({ advance: 10 })]);
    writePage(memory, 'di', [
      trigger({ source: 3, channel: 0, holdTime: 0, output: { mode: 1, channel: 3, value: 0, addr: 0 } }),
    ]);
    const at = (total: number, t: number): [string, boolean] => {
      engine.registers.write({ regType: 7, regAddr: 0 }, total, t);
      engine.step(t);
      return [relays(memory), engine.holds(sceneA(0))];
    };
    expect(at(0, 0)).toEqual(['0000', false]); // no target yet
    engine.registers.write(cache(1), 100, 0);
    expect([at(0, 100), at(89, 200), at(89.5, 300), at(90, 400), at(150, 500), at(10, 600)]).toEqual([
      ['1000', false],
      ['1001', false], // the trigger on scene 0 running saw it dosing
      ['1001', false],
      ['0001', true],
      ['0001', true],
      ['1001', false],
    ]);
  });

  it('DO loop pulses the valve open and closed while it doses', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [flow({ mode: 2, doChannel: 2 })]);
    engine.step(0);
    engine.registers.write(cache(1), 50, 0);
    expect([500, 2499, 2500, 3499, 3500, 5500].map((t) => (engine.step(t), relays(memory)))).toEqual([
      '0010',
      '0010',
      '0000',
      '0000',
      '0010',
      '0000',
    ]);
    engine.registers.write({ regType: 7, regAddr: 0 }, 50, 5600);
    expect([5600, 6000].map((t) => (engine.step(t), relays(memory)))).toEqual(['0000', '0000']);
  });

  it('a flow per second fills the total; the closing valve stops the flow a step later, the advance', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [flow({ advance: 1 })]);
    writePage(memory, 'di', [
      trigger({
        source: 2,
        level: 'inactive',
        holdTime: 0,
        output: { mode: 6, operation: { mathType: 0, regType: 8, regAddr: 0, value: 0 } },
      }),
    ]);
    engine.step(0);
    engine.registers.write(cache(1), 50, 0); // dose 50
    engine.registers.write({ regType: 8, regAddr: 0 }, 10, 0); // 10 a second
    const valve = [1000, 4899, 4900, 5000].map((t) => (engine.step(t), memory.coils[0]));
    expect(valve).toEqual([true, true, false, false]);
    engine.step(60_000);
    expect(engine.registers.read({ regType: 7, regAddr: 0 }, 60_000)).toBe(50);
  });

  it('stop closes the valve and start resumes dosing; mode 0 and an unreadable flow do nothing', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [
      flow(),
      flow({ mode: 0, doChannel: 1 }),
      flow({ doChannel: 2, regSource: 1, regAddr: 9 }),
    ]);
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: stopScene(0) }),
      trigger({ channel: 1, holdTime: 0, output: startScene(0) }),
    ]);
    engine.registers.write(cache(1), 50, 0);
    memory.coils[1] = true;
    memory.coils[2] = true;
    engine.step(0);
    expect(relays(memory)).toBe('1110');
    memory.inputs[0] = true;
    engine.step(100);
    expect(relays(memory)).toBe('0110');
    memory.inputs[1] = true;
    engine.step(200);
    expect(relays(memory)).toBe('1110');
  });
});
