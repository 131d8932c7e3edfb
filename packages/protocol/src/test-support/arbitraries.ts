/** fast-check arbitraries for models that several rule tests embed: each field over its full range. */
import fc from 'fast-check';
import type { FixedPoint } from '../rules/fixed-point.js';
import type { OutputRule } from '../rules/output.js';
import type { RegisterOperation } from '../rules/register-operation.js';

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
