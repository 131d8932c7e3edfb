import { describe, expect, it } from 'vitest';
import {
  analog,
  calculation,
  close,
  logic,
  marquee,
  open,
  relays,
  setup,
  simultaneous,
  startScene,
  stopScene,
  switchRule,
  tenths,
  trigger,
  writePage,
} from './test-fixture.js';

const HOLD0 = tenths(0);

describe('switch triggers on scenes and logic rules', () => {
  it('source 3: a running scene is active; its end makes the inactive level fire', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [marquee({ channels: [2, 3] })]); // 2 s, started by an output only
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: startScene(0) }),
      trigger({ source: 3, channel: 0, holdTime: 0, output: close(0) }),
      trigger({ source: 3, channel: 0, level: 'inactive', holdTime: 0, output: close(1) }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100); // DI1 starts scene 0, and the next trigger sees it running
    expect(relays(memory)).toBe('1010');
    engine.step(2099);
    expect(relays(memory)).toBe('1001');
    engine.step(2100); // the run ends
    engine.step(2200);
    expect(relays(memory)).toBe('1100');
  });

  it('sources 5 and 6: a calculation holds for source 5 only, a channel scene for source 6 only', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [simultaneous({ ruleType: 2, rule: 0, openChannels: [], closeChannels: [] })]);
    writePage(memory, 'scene2', [calculation()]); // scene 70: AI1 ≥ 1000
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: { mode: 0, channel: 0, value: 0, addr: 0 } }),
      trigger({ source: 5, channel: 70, holdTime: 0, output: close(0) }),
      trigger({ source: 6, channel: 0, holdTime: 0, output: close(1) }),
      trigger({ source: 6, channel: 70, level: 'inactive', holdTime: 0, output: close(2) }),
      trigger({ source: 5, channel: 0, level: 'inactive', holdTime: 0, output: close(3) }),
    ]);
    engine.step(0);
    memory.inputRegisters[0] = 999;
    engine.step(100);
    expect(relays(memory)).toBe('0000');
    memory.inputRegisters[0] = 1000;
    memory.inputs[0] = true; // switch rule 0 holds, so scene 0 holds
    engine.step(200);
    engine.step(300);
    expect(relays(memory)).toBe('1100');
  });

  it('source 7: a logic rule that holds, after the trigger’s own hold time', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: { mode: 0, channel: 0, value: 0, addr: 0 } }),
      trigger({ channel: 1, holdTime: 0, output: { mode: 0, channel: 0, value: 0, addr: 0 } }),
      trigger({ source: 7, channel: 0, holdTime: 10, output: close(3) }),
      trigger({ source: 7, channel: 1, holdTime: 0, output: close(2) }),
    ]);
    writePage(memory, 'logic', [logic(2, [switchRule(0), switchRule(1), { ruleType: 0, rule: 0 }])]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    memory.inputs[1] = true;
    engine.step(200); // the logic rule holds from this step; the triggers see it at the next
    engine.step(300);
    engine.step(1299);
    expect(relays(memory)).toBe('0000');
    engine.step(1300);
    expect(relays(memory)).toBe('0001');
  });
});

describe('analog triggers on rule registers', () => {
  const win = (high: number) => ({ band: false, holdTime: HOLD0, high, low: 0 });

  it('sources 3-7: cache, time, flow, changed flow and read-only registers', () => {
    const { memory, engine } = setup();
    writePage(memory, 'ai', [
      analog({ source: 3, channel: 255, window: win(1000), output: close(0) }),
      analog({ source: 4, channel: 9, window: win(5), output: close(1) }),
      analog({ source: 5, channel: 2, window: win(10), output: close(2) }),
      analog({ source: 6, channel: 2, window: win(4), output: close(3) }),
      analog({ source: 7, channel: 1, window: win(500), output: open(0) }),
    ]);
    engine.step(0);
    engine.registers.write({ regType: 5, regAddr: 255 }, 999.5, 0);
    engine.registers.write({ regType: 8, regAddr: 2 }, 4, 0);
    engine.step(1000);
    expect(relays(memory)).toBe('0001');
    engine.registers.write({ regType: 5, regAddr: 255 }, 1000, 1000);
    engine.step(2000);
    expect(relays(memory)).toBe('1001');
    engine.step(2999); // flow 11.996
    expect(relays(memory)).toBe('1011');
    engine.step(4999);
    expect(relays(memory)).toBe('1011');
    engine.step(5000); // time register 9 has counted 5 s
    expect(relays(memory)).toBe('1111');
    memory.inputRegisters[1] = 500;
    engine.step(5100);
    expect(relays(memory)).toBe('0111');
  });
});

describe('scene outputs', () => {
  it('modes 4 and 5 from triggers: start runs the scene, stop ends it; `more` chains them', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [marquee({ cycleCount: 0, channels: [0, 1] })]);
    writePage(memory, 'di', [
      trigger({ holdTime: 0, more: true, output: close(3) }),
      trigger({ channel: 3, output: startScene(0) }),
      trigger({ channel: 1, holdTime: 0, output: stopScene(0) }),
      trigger({ channel: 2, holdTime: 0, more: true, output: { mode: 5, channel: 0, value: 0, addr: 3 } }),
      trigger({ source: 4, output: startScene(140) }),
    ]);
    engine.step(0);
    memory.inputs[2] = true;
    engine.step(100); // another device's scene, a scene index past the last: nothing
    expect(relays(memory)).toBe('0000');
    memory.inputs[0] = true;
    engine.step(200);
    expect(relays(memory)).toBe('1001');
    engine.step(1200);
    expect(relays(memory)).toBe('0101');
    memory.inputs[1] = true;
    engine.step(1300); // stopped: the marquee's channels go off
    expect(relays(memory)).toBe('0001');
    engine.step(5000);
    expect(relays(memory)).toBe('0001');
  });
});
