import type { RuleOf } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import type { EquipmentMemory } from '../memory.js';
import type { RuleEngine } from './engine.js';
import {
  ALWAYS,
  close,
  marquee,
  relays,
  seconds,
  setup,
  simultaneous,
  startScene,
  steps,
  stopScene,
  switchRule,
  tenths,
  trigger,
  writePage,
} from './test-fixture.js';

type Scene = RuleOf<'scene'>;

/** Steps the engine at each time and gives the relays after each step. */
function run(engine: RuleEngine, memory: EquipmentMemory, times: number[]): string[] {
  return times.map((t) => {
    engine.step(t);
    return relays(memory);
  });
}

function loaded(scenes: Scene[], page: 'scene' | 'scene2' = 'scene') {
  const rig = setup();
  writePage(rig.memory, page, scenes);
  return rig;
}

/** A DI1 switch trigger with no output of its own: switch rule 0 holds while DI1 is on. */
const DI1_RULE = trigger({ holdTime: 0, output: { mode: 0, channel: 0, value: 0, addr: 0 } });

describe('marquee and water-flow light', () => {
  it('one channel on at a time, with the gap, the wait and the pass count', () => {
    const { memory, engine } = loaded([
      marquee({ ...ALWAYS, cycleCount: 2, closeTime: tenths(5), waitTime: seconds(2) }),
    ]);
    const times = [0, 999, 1000, 1499, 1500, 3000, 3999, 4000, 5999, 6000, 9999, 10000, 12000, 20000];
    expect(run(engine, memory, times)).toEqual([
      '1000', // pass 1: DO1 for 1 s
      '1000',
      '0000', // 0.5 s gap
      '0000',
      '0100',
      '0010',
      '0010',
      '0000', // wait 2 s
      '0000',
      '1000', // pass 2
      '0010',
      '0000', // 2 passes done; the rule still holds, but it started only once
      '0000',
      '0000',
    ]);
    expect(engine.holds(ALWAYS)).toBe(true);
  });

  it('reverse starts from the highest channel; an endless count keeps going', () => {
    const { memory, engine } = loaded([marquee({ ...ALWAYS, reverse: true, cycleCount: 0 })]);
    expect(run(engine, memory, [0, 1000, 2000, 3000, 3_000_000 + 1000])).toEqual([
      '0010',
      '0100',
      '1000',
      '0010',
      '0100',
    ]);
  });

  it('a water-flow light leaves each channel on until all are, then all go off', () => {
    const { memory, engine } = loaded([marquee({ ...ALWAYS, type: 2, channels: [0, 1, 3] })]);
    expect(run(engine, memory, [0, 1000, 2000, 2999, 3000, 9000])).toEqual([
      '1000',
      '1100',
      '1101',
      '1101',
      '0000',
      '0000',
    ]);
  });

  it('cycle runs pass after pass while the rule holds and stops, channels off, when it ends', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [DI1_RULE]);
    writePage(memory, 'scene', [
      marquee({ ...switchRule(0), cycle: true, cycleCount: 1, channels: [0, 1] }),
      marquee({ ...switchRule(0), cycleCount: 1, channels: [2, 3] }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    expect(run(engine, memory, [100, 1100, 2100, 3100])).toEqual(['1010', '0101', '1000', '0100']);
    memory.inputs[0] = false;
    // The cycling marquee stops; the other finished its one pass at 2.1 s.
    expect(run(engine, memory, [3200, 9000])).toEqual(['0000', '0000']);
  });

  it('a cycling run stops when the rule ends, even before its passes are done', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [DI1_RULE]);
    writePage(memory, 'scene', [marquee({ ...switchRule(0), cycle: true, cycleCount: 3, channels: [0, 1] })]);
    engine.step(0);
    memory.inputs[0] = true;
    expect(run(engine, memory, [100, 1100])).toEqual(['1000', '0100']);
    memory.inputs[0] = false;
    expect(run(engine, memory, [1200, 2100, 3100])).toEqual(['0000', '0000', '0000']);
  });

  it('without cycle a run goes to its end after the rule stops holding', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [DI1_RULE]);
    writePage(memory, 'scene', [marquee({ ...switchRule(0), channels: [0, 1] })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    memory.inputs[0] = false;
    expect(run(engine, memory, [200, 1100, 2100])).toEqual(['1000', '0100', '0000']);
    memory.inputs[0] = true; // the rule holds again: a new run
    expect(run(engine, memory, [2200])).toEqual(['1000']);
  });

  it('the hold time is a stable time: the rule must hold that long without a break', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [DI1_RULE]);
    writePage(memory, 'scene', [marquee({ ...switchRule(0), holdTime: seconds(2), channels: [0] })]);
    engine.step(0);
    memory.inputs[0] = true;
    expect(run(engine, memory, [100, 1000])).toEqual(['0000', '0000']);
    memory.inputs[0] = false;
    engine.step(1100);
    memory.inputs[0] = true;
    expect(run(engine, memory, [1200, 3199, 3200])).toEqual(['0000', '0000', '1000']);
  });

  it('a relay changed by hand stays until the scene next changes it', () => {
    const { memory, engine } = loaded([marquee({ ...ALWAYS, cycleCount: 0, channels: [0, 1] })]);
    engine.step(0);
    memory.coils[0] = false;
    memory.coils[3] = true;
    expect(run(engine, memory, [500, 1000, 2000])).toEqual(['0001', '0101', '1001']);
  });

  it('a scene cancels a relay hold running on its channel', () => {
    const { memory, engine } = setup();
    writePage(memory, 'di', [trigger({ holdTime: 0, output: close(0, 50) })]);
    writePage(memory, 'scene', [steps(6, { ...switchRule(0), channels: [0] })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100); // DO1 closed for 5 s, and the scene closes it (switches it off) at once
    memory.coils[0] = true;
    expect(run(engine, memory, [5100, 9000])).toEqual(['1000', '1000']);
  });
});

describe('open and close in turn or in sequence', () => {
  const T = [0, 999, 1000, 2000, 9000];

  it('open in turn: one channel on at a time, the last left on', () => {
    const { memory, engine } = loaded([steps(3, { ...ALWAYS, channels: [0, 1, 3] })]);
    expect(run(engine, memory, T)).toEqual(['1000', '1000', '0100', '0001', '0001']);
  });

  it('close in turn: one channel off at a time', () => {
    const { memory, engine } = loaded([steps(4, { ...ALWAYS, channels: [0, 1, 3] })]);
    memory.coils.fill(true);
    expect(run(engine, memory, T)).toEqual(['0111', '0111', '1011', '1110', '1110']);
  });

  it('open and close in sequence: the set grows, lowest channel first', () => {
    const a = loaded([steps(5, { ...ALWAYS, channels: [3, 0, 1] })]);
    expect(run(a.engine, a.memory, T)).toEqual(['1000', '1000', '1100', '1101', '1101']);
    const b = loaded([steps(6, { ...ALWAYS, channels: [0, 1, 3] })]);
    b.memory.coils.fill(true);
    expect(run(b.engine, b.memory, T)).toEqual(['0111', '0111', '0011', '0010', '0010']);
  });

  it('a late step lands where the timeline is; a zero step time does every step at once', () => {
    const a = loaded([steps(3, { ...ALWAYS, channels: [0, 1, 2] })]);
    expect(run(a.engine, a.memory, [0, 2500])).toEqual(['1000', '0010']);
    const b = loaded([steps(5, { ...ALWAYS, stepTime: tenths(0), channels: [0, 1, 2] })]);
    expect(run(b.engine, b.memory, [0])).toEqual(['1110']);
  });
});

describe('simultaneous', () => {
  it('opens one set and closes the other at once; a channel in both ends closed', () => {
    const { memory, engine } = loaded([
      simultaneous({ ...ALWAYS, openChannels: [0, 1, 2], closeChannels: [2, 3] }),
    ]);
    memory.coils[3] = true;
    expect(run(engine, memory, [0])).toEqual(['1100']);
    memory.coils[0] = false; // done: the scene leaves the channels alone
    expect(run(engine, memory, [1000])).toEqual(['0100']);
    expect(engine.holds({ ruleType: 4, rule: 0 })).toBe(true);
  });
});

describe('starting and stopping scenes', () => {
  it('start restarts a running scene; stop leaves a step scene’s channels as they are', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene', [steps(5, { channels: [0, 1, 2] })]);
    writePage(memory, 'di', [
      trigger({ holdTime: 0, output: startScene(0) }),
      trigger({ channel: 1, holdTime: 0, output: stopScene(0) }),
    ]);
    engine.step(0);
    memory.inputs[0] = true;
    expect(run(engine, memory, [100, 1100])).toEqual(['1000', '1100']);
    memory.inputs[0] = false;
    engine.step(1200);
    memory.coils.fill(false);
    memory.inputs[0] = true; // a new event: the scene starts over
    expect(run(engine, memory, [1300, 2299, 2300])).toEqual(['1000', '1000', '1100']);
    memory.inputs[1] = true;
    expect(run(engine, memory, [2400, 9000])).toEqual(['1100', '1100']);
  });

  it('scene B pages are scenes 70-139; an unchanged scene keeps running across a rewrite', () => {
    const { memory, engine } = setup();
    writePage(memory, 'scene2', [null, marquee({ cycleCount: 0, channels: [0, 1] })]);
    writePage(memory, 'di', [trigger({ holdTime: 0, output: startScene(71) })]);
    engine.step(0);
    memory.inputs[0] = true;
    engine.step(100);
    writePage(memory, 'scene2', [steps(5, { channels: [3] }), marquee({ cycleCount: 0, channels: [0, 1] })]);
    expect(run(engine, memory, [1100, 2100])).toEqual(['0100', '1000']);
    writePage(memory, 'scene2', [null, marquee({ cycleCount: 0, channels: [0, 2] })]);
    expect(run(engine, memory, [3100, 9000])).toEqual(['1000', '1000']); // a new scene, not started
  });
});
