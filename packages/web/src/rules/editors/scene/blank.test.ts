// The scene a type switch gives (docs/protocol.md § Scene): valid, encodable, and keeping what carries over.
import { decodeRule, encodeRule, SCENE_TYPES, validateRule } from '@fieldlink/protocol';
import type { SceneRule } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sceneArb } from '../../../../../protocol/src/test-support/arbitraries';
import { sceneWithType } from './blank';
import { SCENE_VECTORS, decodeScene, vector } from './test-vectors';

const COUNTS = { do: 8, di: 8, ai: 2, ao: 2 };
const CODES = SCENE_TYPES.map((t) => t.code);

describe('sceneWithType', () => {
  it('gives every defined type from every hand vector, valid when the vector is', () => {
    for (const [name, hex] of SCENE_VECTORS) {
      const from = decodeScene(hex);
      const valid = validateRule('scene', from).length === 0;
      for (const code of CODES) {
        const next = sceneWithType(from, code, COUNTS);
        expect(next.type, name).toBe(code);
        expect('raw' in next, name).toBe(false);
        expect(decodeRule('scene', encodeRule('scene', next)), `${name} → ${code}`).toEqual(next);
        if (valid) expect(validateRule('scene', next), `${name} → ${code}`).toEqual([]);
      }
    }
  });

  it('gives every defined type from random scenes', () => {
    fc.assert(
      fc.property(sceneArb, fc.constantFrom(...CODES), (from: SceneRule, code) => {
        const next = sceneWithType(from, code, COUNTS);
        expect(next.type).toBe(code);
        expect(decodeRule('scene', encodeRule('scene', next))).toEqual(next);
        if (validateRule('scene', from).length === 0) expect(validateRule('scene', next)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the same type as it is, and leaves an unknown type for zeros of the new one', () => {
    const marquee = vector('marquee DO1-DO4 on a switch rule');
    expect(sceneWithType(marquee, 1, COUNTS)).toBe(marquee);
    const unknown = vector('type 8 (one past simultaneous) keeps its bytes');
    expect(sceneWithType(unknown, 3, COUNTS)).toEqual({
      type: 3,
      rule: 0,
      ruleType: 0,
      holdTime: { value: 0, unit: 0 },
      stepTime: { value: 0, unit: 0 },
      channels: [],
    });
    expect(sceneWithType(marquee, 0, COUNTS)).toEqual({ type: 0 });
  });

  it('carries the condition, the channels and the open time between the channel scenes', () => {
    const marquee = vector('marquee DO1-DO4 on a switch rule');
    const step = sceneWithType(marquee, 5, COUNTS);
    expect(step).toEqual({
      type: 5,
      rule: 2,
      ruleType: 2,
      holdTime: { value: 10, unit: 0 },
      stepTime: { value: 10, unit: 0 },
      channels: [0, 1, 2, 3],
    });
    const both = sceneWithType(step, 7, COUNTS);
    expect(both).toMatchObject({
      type: 7,
      rule: 2,
      ruleType: 2,
      openChannels: [0, 1, 2, 3],
      closeChannels: [],
    });
    const back = sceneWithType(both, 2, COUNTS);
    expect(back).toMatchObject({
      type: 2,
      cycle: false,
      reverse: false,
      cycleCount: 0,
      openTime: { value: 0, unit: 0 },
      channels: [0, 1, 2, 3],
    });
    // Between the marquee and the water-flow light everything carries.
    expect(sceneWithType(marquee, 2, COUNTS)).toEqual({ ...marquee, type: 2 });
  });

  it('carries the formula and operands between the calculations', () => {
    const fn = vector('X = AI1 + 100, X ≥ holding u16 40');
    const assignment = sceneWithType(fn, 20, COUNTS);
    expect(assignment).toEqual({
      type: 20,
      formula: 1,
      a: { source: 1, value: 0 },
      b: { source: 0, value: 100 },
      target: { regType: 0, regAddr: 0 },
      period: { value: 0, unit: 0 },
    });
    // A model without AO channels gets a register target instead of AO1.
    expect(sceneWithType(fn, 20, { ...COUNTS, ao: 0 })).toMatchObject({ target: { regType: 1, regAddr: 0 } });
    expect(sceneWithType(assignment, 10, COUNTS)).toMatchObject({
      formula: 1,
      comparison: 0,
      a: { source: 1, value: 0 },
      b: { source: 0, value: 100 },
      c: { source: 0, value: 0 },
      resultRegister: 0,
    });
    // The function's hold is the channel scenes' stable time.
    expect(sceneWithType(fn, 3, COUNTS)).toMatchObject({ holdTime: { value: 10, unit: 0 }, ruleType: 0 });
  });

  it('gives a disabled totaliser on the first channel of the scene, reading a flow register', () => {
    const step = vector('open in turn DO1-DO3 on a time rule');
    expect(sceneWithType(step, 30, COUNTS)).toEqual({
      type: 30,
      module: 0,
      mode: 0,
      doChannel: 0,
      regSource: 13,
      regAddr: 0,
      advance: 0,
      openTime: { value: 0, unit: 0 },
      closeTime: { value: 0, unit: 0 },
    });
    const flow = vector('DO switch on DO3 from flow register 10');
    expect(sceneWithType(flow, 1, COUNTS)).toMatchObject({ type: 1, channels: [2] });
  });
});
