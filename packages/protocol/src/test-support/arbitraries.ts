/** fast-check arbitraries for models that several rule tests embed: each field over its full range. */
import fc from 'fast-check';
import { toHex } from '../bytes.js';
import type { AnalogOutputRule } from '../rules/analog-output.js';
import type { Dl645MeterEntry } from '../rules/dl645-meter.js';
import type { FixedPoint } from '../rules/fixed-point.js';
import type { LogicRule, RuleRef } from '../rules/logic.js';
import type { ModbusMeterEntry } from '../rules/modbus-meter.js';
import type { OutputRule } from '../rules/output.js';
import type { RegisterOperation } from '../rules/register-operation.js';
import type { SceneRule } from '../rules/scene/scene.js';
import { timeValueArb } from './rule-vectors.js';

export const registerOperationArb: fc.Arbitrary<RegisterOperation> = fc.record({
  mathType: fc.integer({ min: 0, max: 3 }),
  regType: fc.integer({ min: 0, max: 15 }),
  regAddr: fc.integer({ min: 0, max: 65535 }),
  value: fc.integer({ min: 0, max: 65535 }),
});

/** Every output: the generic modes (unknown ones too) and the register operation of mode 6. */
export const outputArb: fc.Arbitrary<OutputRule> = fc.oneof(
  fc.record({
    mode: fc.constantFrom(0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15 as const),
    channel: fc.integer({ min: 0, max: 255 }),
    value: fc.integer({ min: 0, max: 65535 }),
    addr: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ mode: fc.constant(6 as const), operation: registerOperationArb }),
);

/** A fixed-point field's full byte range except its ignore code, or null (ignored). */
const pointField = (min: number, max: number, ignore: number): fc.Arbitrary<number | null> =>
  fc.option(
    fc.integer({ min, max }).filter((v) => v !== ignore),
    { nil: null },
  );

export const fixedPointArb: fc.Arbitrary<FixedPoint> = fc.record({
  year: fc.option(fc.integer({ min: 2001, max: 2255 }), { nil: null }),
  month: pointField(1, 255, 0),
  day: pointField(1, 255, 0),
  hour: pointField(0, 255, 24),
  minute: pointField(0, 255, 60),
  second: pointField(0, 255, 60),
});

/** A rule reference with every 3-bit type (6 and 7 unknown) and 7-bit index. */
export const ruleRefArb: fc.Arbitrary<RuleRef> = fc.record({
  ruleType: fc.integer({ min: 0, max: 7 }),
  rule: fc.integer({ min: 0, max: 127 }),
});

/** Every logic rule: each byte-wide type (9-255 unknown), every reference and time. */
export const logicRuleArb: fc.Arbitrary<LogicRule> = fc.record({
  logicType: fc.integer({ min: 0, max: 255 }),
  inputs: fc.tuple(ruleRefArb, ruleRefArb, ruleRefArb),
  holdTime: timeValueArb,
});

/** Every analog-output rule: each field over its width, in or out of the range's bounds. */
export const analogOutputArb: fc.Arbitrary<AnalogOutputRule> = fc.record({
  aiRange: fc.constantFrom('4-20mA' as const, '0-10V' as const),
  aiChannel: fc.integer({ min: 0, max: 31 }),
  aiLow: fc.integer({ min: 0, max: 0xffff }),
  aiHigh: fc.integer({ min: 0, max: 0xffff }),
  aoLow: fc.integer({ min: 0, max: 0xffff }),
  aoHigh: fc.integer({ min: 0, max: 0xffff }),
  aoChannel: fc.integer({ min: 0, max: 31 }),
  ruleType: fc.integer({ min: 0, max: 7 }),
  rule: fc.integer({ min: 0, max: 127 }),
  holdTime: timeValueArb,
});

/** Every Modbus meter entry: each field over its width (unknown kinds, types and delays too). */
export const modbusMeterArb: fc.Arbitrary<ModbusMeterEntry> = fc.record({
  slave: fc.integer({ min: 0, max: 255 }),
  regType: fc.integer({ min: 0, max: 255 }),
  valueType: fc.integer({ min: 0, max: 15 }),
  pollDelay: fc.integer({ min: 0, max: 15 }),
  count: fc.integer({ min: 0, max: 255 }),
  slaveStart: fc.integer({ min: 0, max: 0xffff }),
  masterStart: fc.integer({ min: 0, max: 0xffff }),
});

/** Every DL645 meter entry: any mode and delay byte, any six address bytes (BCD or not). */
export const dl645MeterArb: fc.Arbitrary<Dl645MeterEntry> = fc.record({
  mode: fc.integer({ min: 0, max: 255 }),
  address: fc.uint8Array({ minLength: 6, maxLength: 6 }).map((b) => toHex(b)),
  dataId: fc.integer({ min: 0, max: 0xffffffff }),
  masterStart: fc.integer({ min: 0, max: 0xffff }),
  pollDelay: fc.integer({ min: 0, max: 255 }),
});

const SCENE_TYPE_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 10, 20, 30];
const byteArb = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min, max });
const sceneChannelsArb: fc.Arbitrary<readonly number[]> = fc.oneof(
  fc.uniqueArray(byteArb(0, 31), { maxLength: 32 }).map((list) => [...list].sort((a, b) => a - b)),
  fc.constant(Array.from({ length: 32 }, (_, n) => n)),
  fc.constant([]),
);
const operandArb = fc.record({ source: byteArb(0, 15), value: byteArb(0, 0xffff) });
const sceneConditionArb = { rule: byteArb(0, 127), ruleType: byteArb(0, 7), holdTime: timeValueArb };

/**
 * Every scene (docs/protocol.md § Scene): each type with each field over its width (unknown rule
 * types, formulas, comparisons, sources and modes too), and unknown types with their raw bytes.
 */
export const sceneArb: fc.Arbitrary<SceneRule> = fc.oneof(
  fc.constant({ type: 0 as const }),
  fc.record({
    type: fc.constantFrom(1 as const, 2 as const),
    cycle: fc.boolean(),
    reverse: fc.boolean(),
    ...sceneConditionArb,
    cycleCount: byteArb(0, 255),
    waitTime: timeValueArb,
    openTime: timeValueArb,
    closeTime: timeValueArb,
    channels: sceneChannelsArb,
  }),
  fc.record({
    type: fc.constantFrom(3 as const, 4 as const, 5 as const, 6 as const),
    ...sceneConditionArb,
    stepTime: timeValueArb,
    channels: sceneChannelsArb,
  }),
  fc.record({
    type: fc.constant(7 as const),
    ...sceneConditionArb,
    openChannels: sceneChannelsArb,
    closeChannels: sceneChannelsArb,
  }),
  fc.record({
    type: fc.constant(10 as const),
    formula: byteArb(0, 15),
    comparison: byteArb(0, 15),
    a: operandArb,
    b: operandArb,
    c: operandArb,
    holdTime: timeValueArb,
    resultRegister: byteArb(0, 255),
  }),
  fc.record({
    type: fc.constant(20 as const),
    formula: byteArb(0, 15),
    a: operandArb,
    b: operandArb,
    target: fc.record({ regType: byteArb(0, 15), regAddr: byteArb(0, 0xffff) }),
    period: timeValueArb,
  }),
  fc.record({
    type: fc.constant(30 as const),
    module: byteArb(0, 255),
    mode: byteArb(0, 255),
    doChannel: byteArb(0, 255),
    regSource: byteArb(0, 255),
    regAddr: byteArb(0, 0xffff),
    advance: byteArb(0, 0xffff),
    openTime: timeValueArb,
    closeTime: timeValueArb,
  }),
  fc.record({
    type: byteArb(0, 255).filter((t) => !SCENE_TYPE_CODES.includes(t)),
    raw: fc.array(byteArb(0, 255), { minLength: 11, maxLength: 11 }),
  }),
);
