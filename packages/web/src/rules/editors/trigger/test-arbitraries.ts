/**
 * Random switch and analog triggers for the editors' tests: each field over its full width, as the
 * protocol's own property tests draw them (packages/protocol/src/rules/trigger.test.ts,
 * analog-trigger.test.ts), and rules within the specification's bounds for the switch tests.
 */
import type { AnalogTriggerRule, OutputRule, TriggerRule } from '@fieldlink/protocol';
import fc from 'fast-check';
import { outputArb } from '../../../../../protocol/src/test-support/arbitraries';
import { timeValueArb } from '../../../../../protocol/src/test-support/rule-vectors';

const headerArb = {
  dev: fc.integer({ min: 0, max: 255 }),
  source: fc.integer({ min: 0, max: 7 }),
  more: fc.boolean(),
  forced: fc.boolean(),
  repeat: fc.boolean(),
  channel: fc.integer({ min: 0, max: 255 }),
};

export const triggerArb: fc.Arbitrary<TriggerRule> = fc.record({
  ...headerArb,
  level: fc.constantFrom('active' as const, 'inactive' as const),
  holdTime: fc.integer({ min: 0, max: 65535 }),
  unholdTime: fc.integer({ min: 0, max: 65535 }),
  output: outputArb,
});

export const analogTriggerArb: fc.Arbitrary<AnalogTriggerRule> = fc.record({
  ...headerArb,
  window: fc.record({
    band: fc.boolean(),
    holdTime: timeValueArb,
    high: fc.integer({ min: 0, max: 65535 }),
    low: fc.integer({ min: 0, max: 32767 }),
  }),
  output: outputArb,
});

/** Outputs within the specification's bounds (validateRule('output') finds nothing). */
export const validOutputArb: fc.Arbitrary<OutputRule> = fc.oneof(
  fc.constant<OutputRule>({ mode: 0, channel: 0, value: 0, addr: 0 }),
  fc.record({
    mode: fc.constantFrom(1 as const, 2 as const, 3 as const),
    channel: fc.integer({ min: 0, max: 31 }),
    value: fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 65535 })),
    addr: fc.integer({ min: 0, max: 249 }),
  }),
  fc.record({
    mode: fc.constantFrom(4 as const, 5 as const),
    channel: fc.integer({ min: 0, max: 255 }),
    value: fc.constant(0),
    addr: fc.integer({ min: 0, max: 249 }),
  }),
  fc.record({
    mode: fc.constant(7 as const),
    channel: fc.integer({ min: 0, max: 31 }),
    value: fc.integer({ min: 0, max: 65535 }),
    addr: fc.integer({ min: 0, max: 249 }),
  }),
  fc.record({
    mode: fc.constant(6 as const),
    operation: fc.record({
      mathType: fc.integer({ min: 0, max: 2 }),
      regType: fc.integer({ min: 0, max: 8 }),
      regAddr: fc.integer({ min: 0, max: 31 }),
      value: fc.integer({ min: 0, max: 65535 }),
    }),
  }),
);

const validHeaderArb = (sources: readonly number[]) => ({
  dev: fc.integer({ min: 0, max: 255 }),
  source: fc.constantFrom(...sources),
  more: fc.boolean(),
  forced: fc.boolean(),
  repeat: fc.boolean(),
  channel: fc.integer({ min: 0, max: 31 }),
});

/** Switch triggers within the specification's bounds. */
export const validTriggerArb: fc.Arbitrary<TriggerRule> = fc.record({
  ...validHeaderArb([0, 1, 2, 3, 5, 6, 7]),
  level: fc.constantFrom('active' as const, 'inactive' as const),
  holdTime: fc.integer({ min: 0, max: 65535 }),
  unholdTime: fc.integer({ min: 0, max: 100 }),
  output: validOutputArb,
});

/** Analog triggers within the specification's bounds (a set low threshold not above the high one). */
export const validAnalogTriggerArb: fc.Arbitrary<AnalogTriggerRule> = fc.record({
  ...validHeaderArb([0, 1, 2, 3, 4, 5, 6, 7]),
  window: fc
    .record({
      band: fc.boolean(),
      holdTime: timeValueArb,
      high: fc.integer({ min: 0, max: 65535 }),
      low: fc.integer({ min: 0, max: 32767 }),
    })
    .map((w) => (w.low !== 0 && w.high !== 0 && w.low > w.high ? { ...w, low: w.high & 0x7fff } : w)),
  output: validOutputArb,
});
