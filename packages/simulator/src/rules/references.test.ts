import { evaluateLogic } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import {
  ALWAYS,
  analog,
  analogRule,
  aoRule,
  aoValues,
  at,
  DAY,
  logic,
  marquee,
  MONDAY,
  sceneA,
  sceneB,
  seconds,
  setup,
  simultaneous,
  switchRule,
  tenths,
  timeRule,
  trigger,
  writePage,
} from './test-fixture.js';

const NONE = { year: null, month: null, day: null };
const NO_OUTPUT = { mode: 0, channel: 0, value: 0, addr: 0 } as const;
/** Switch rules 0-2 on DI1-DI3, with no output of their own. */
const DI_RULES = [0, 1, 2].map((channel) => trigger({ channel, holdTime: 0, output: NO_OUTPUT }));

describe('rule references', () => {
  it('switch and analog rules hold once their condition has held for their hold time', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ holdTime: 10, output: NO_OUTPUT })]);
    const win = { band: true, holdTime: seconds(2), high: 200, low: 100 };
    writePage(memory, 'ai', [null, analog({ window: win, output: NO_OUTPUT })]);
    memory.inputs[0] = true; // already on when loaded: the hold counts from the first step
    memory.inputRegisters[0] = 100;
    engine.step(0);
    engine.step(999);
    expect([engine.holds(switchRule(0)), engine.holds(analogRule(1))]).toEqual([false, false]);
    engine.step(1000);
    expect([engine.holds(switchRule(0)), engine.holds(analogRule(1))]).toEqual([true, false]);
    engine.step(2000);
    expect([engine.holds(switchRule(0)), engine.holds(analogRule(1))]).toEqual([true, true]);
    memory.inputs[0] = false;
    memory.inputRegisters[0] = 201;
    engine.step(2100);
    expect([engine.holds(switchRule(0)), engine.holds(analogRule(1))]).toEqual([false, false]);
    expect(engine.holds(switchRule(1))).toBe(false); // an empty slot
  });

  it('time rules hold while the clock is in them', () => {
    const { memory, engine } = setup();
    const begin = { ...NONE, hour: 8, minute: 0, second: 0 };
    const end = { ...NONE, hour: 17, minute: 0, second: 0 };
    const window = { weekdays: [1], beginHour: 22, beginMinute: 0, endHour: 6, endMinute: 0 };
    const weekly = { weekdays: [1], hours: [7], minute: 30, second: 60 };
    const fire = { ...NONE, hour: 9, minute: 15, second: 30 };
    const out = { mode: 0, channel: 0, value: 0, addr: 0 } as const;
    writePage(memory, 'rtc', [
      { dev: 0, mode: 3, more: false, interval: { begin, end } },
      { dev: 1, mode: 4, more: false, window, output: out },
      { dev: 2, mode: 2, more: false, weekly, output: out },
      { dev: 3, mode: 1, more: false, at: fire, output: out },
    ]);
    const holds = (t: number): boolean[] => {
      engine.step(t);
      return [0, 1, 2, 3].map((n) => engine.holds(timeRule(n)));
    };
    expect(holds(at(7, 59, 59))).toEqual([false, false, false, false]);
    expect(holds(at(8))).toEqual([true, false, false, false]);
    expect(holds(at(17, 0, 0))).toEqual([true, false, false, false]);
    expect(holds(at(17, 0, 1))).toEqual([false, false, false, false]);
    expect(holds(at(23))).toEqual([false, true, false, false]);
    expect(holds(at(5, 59, 59, MONDAY + DAY))).toEqual([false, true, false, false]);
    expect(holds(at(7, 30, 12, MONDAY + 7 * DAY))).toEqual([false, false, true, false]);
    expect(holds(at(9, 15, 30, MONDAY + 7 * DAY))).toEqual([true, false, false, true]);
    expect(holds(at(9, 15, 31, MONDAY + 7 * DAY))).toEqual([true, false, false, false]);
  });

  it('scene A rule n is scene n, scene B rule n is scene 70 + n; 70 and past name nothing', () => {
    const { memory, engine } = setup();
    const scene = simultaneous({ ...ALWAYS, openChannels: [], closeChannels: [] });
    const never = simultaneous({ openChannels: [], closeChannels: [] });
    writePage(memory, 'scene', [scene, never], 6); // scene A rules 60-69
    writePage(memory, 'scene2', [never, scene], 6);
    engine.step(0);
    expect([60, 61].map((n) => engine.holds(sceneA(n)))).toEqual([true, false]);
    expect([60, 61].map((n) => engine.holds(sceneB(n)))).toEqual([false, true]);
    expect(engine.holds(sceneA(130))).toBe(false); // would be scene B rule 60
    expect(engine.holds({ ruleType: 6, rule: 0 })).toBe(false);
    expect(engine.holds({ ruleType: 0, rule: 99 })).toBe(true);
  });

  it('a scene that refers to a later scene sees it a step late, an earlier one at once', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', DI_RULES);
    writePage(memory, 'scene', [
      marquee({ ...sceneA(1), cycleCount: 0, channels: [0] }),
      simultaneous({ ...switchRule(0), openChannels: [], closeChannels: [] }),
      marquee({ ...sceneA(1), cycleCount: 0, channels: [2] }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    expect([memory.coils[0], memory.coils[2]]).toEqual([false, true]);
    engine.step(200);
    expect([memory.coils[0], memory.coils[2]]).toEqual([true, true]);
  });
});

/** The logic types 1-8, the disabled 0 and an unknown 9. */
const LOGIC_TYPES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('logic rules', () => {
  it('each logic type combines X1, X2, X3 as its formula says', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', DI_RULES);
    const inputs = [switchRule(0), switchRule(1), switchRule(2)] as const;
    writePage(
      memory,
      'logic',
      LOGIC_TYPES.map((type) => logic(type, inputs)),
    );
    // di page 1: switch rules 10-19 act on logic rules 0-9 (source 7).
    const onLogic = LOGIC_TYPES.map((n) =>
      trigger({ source: 7, channel: n, holdTime: 0, output: NO_OUTPUT }),
    );
    writePage(memory, 'di', onLogic, 1);
    for (let bits = 0; bits < 8; bits++) {
      const x = [0, 1, 2].map((i) => ((bits >> i) & 1) === 1) as [boolean, boolean, boolean];
      x.forEach((v, i) => (memory.inputs[i] = v));
      engine.step(bits * 1000);
      engine.step(bits * 1000 + 100); // the logic rules hold from the first; the triggers see it here
      for (const type of LOGIC_TYPES) {
        const expected = evaluateLogic(type, ...x) === true;
        expect(engine.holds(switchRule(10 + type)), `type ${type}, inputs ${x.join()}`).toBe(expected);
      }
    }
  });

  it('holds once its formula has been true for the hold time without a break', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [
      ...DI_RULES,
      trigger({ source: 7, channel: 0, holdTime: 0, output: { mode: 1, channel: 3, value: 0, addr: 0 } }),
    ]);
    writePage(memory, 'logic', [logic(1, [switchRule(0), switchRule(1), timeRule(127)], seconds(1))]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    memory.inputs[0] = false;
    memory.inputs[1] = true; // still true through X2: no break
    engine.step(1099);
    expect(memory.coils[3]).toBe(false);
    engine.step(1100); // the logic rule holds
    engine.step(1200); // the trigger sees it
    expect(memory.coils[3]).toBe(true);
  });
});

describe('analog-output rules', () => {
  it('while the reference holds, the AO follows the AI mapped onto its range', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', DI_RULES);
    writePage(memory, 'aorule', [
      aoRule({ ...switchRule(0), holdTime: tenths(5) }),
      aoRule({
        aiChannel: 1,
        aiRange: '4-20mA',
        aiLow: 4000,
        aiHigh: 20000,
        aoLow: 0,
        aoHigh: 0,
        aoChannel: 1,
      }),
    ]);
    memory.inputRegisters[0] = 5000;
    memory.inputRegisters[1] = 12000;
    engine.step(0);
    expect(aoValues(memory)).toEqual([0, 1200]); // AO2: the 400-2000 default, half way
    memory.inputs[0] = true;
    engine.step(100);
    engine.step(599);
    expect(aoValues(memory)).toEqual([0, 1200]);
    engine.step(600);
    expect(aoValues(memory)).toEqual([500, 1200]);
    memory.inputRegisters[0] = 10001;
    memory.inputRegisters[1] = 3999;
    engine.step(700);
    expect(aoValues(memory)).toEqual([1000, 400]); // clamped to the AO range
    memory.inputs[0] = false;
    memory.inputRegisters[0] = 0;
    engine.step(800);
    expect(aoValues(memory)).toEqual([1000, 400]); // the reference ended: AO1 keeps its value
  });

  it('an unset slot, a missing AI or AO channel and a falling range', () => {
    const { memory, engine } = setup();
    const rules: RuleOf<'analogOutput'>[] = [
      aoRule({ aiLow: 0, aiHigh: 0, aoLow: 7, aoHigh: 7 }),
      aoRule({ aiChannel: 2 }),
      aoRule({ aoChannel: 2 }),
      aoRule({ aoChannel: 1, aoLow: 1000, aoHigh: 0 }),
    ];
    writePage(memory, 'aorule', rules);
    memory.inputRegisters[0] = 2500;
    engine.step(0);
    expect(aoValues(memory)).toEqual([0, 750]);
  });
});
