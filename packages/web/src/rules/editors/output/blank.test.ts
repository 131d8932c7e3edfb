// The output a mode switch gives (docs/protocol.md § Output): valid outputs stay valid, what
// carries over is kept, the rest starts at zero.
import { encodeRule, validateRule } from '@fieldlink/protocol';
import type { OutputRule } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validOutputArb } from '../trigger/test-arbitraries';
import { outputWithMode } from './blank';

describe('outputWithMode', () => {
  it('gives a valid output that encodes for every known mode from every valid output', () => {
    fc.assert(
      fc.property(validOutputArb, fc.integer({ min: 0, max: 7 }), (from, mode) => {
        const next = outputWithMode(from, mode);
        expect(next.mode).toBe(mode);
        expect(validateRule('output', next)).toEqual([]);
        expect(encodeRule('output', next)).toHaveLength(6);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the output when the mode does not change', () => {
    const unknown: OutputRule = { mode: 9, channel: 3, value: 4, addr: 5 };
    expect(outputWithMode(unknown, 9)).toBe(unknown);
  });

  it('keeps channel and hold between relay modes, the scene between scene modes, the address between acting modes', () => {
    expect(outputWithMode({ mode: 1, channel: 3, value: 20, addr: 7 }, 3)).toEqual({
      mode: 3,
      channel: 3,
      value: 20,
      addr: 7,
    });
    expect(outputWithMode({ mode: 4, channel: 200, value: 0, addr: 2 }, 5)).toEqual({
      mode: 5,
      channel: 200,
      value: 0,
      addr: 2,
    });
    expect(outputWithMode({ mode: 1, channel: 3, value: 20, addr: 7 }, 7)).toEqual({
      mode: 7,
      channel: 0,
      value: 0,
      addr: 7,
    });
    expect(outputWithMode({ mode: 7, channel: 3, value: 1200, addr: 7 }, 6)).toEqual({
      mode: 6,
      operation: { mathType: 0, regType: 0, regAddr: 0, value: 0 },
    });
  });

  it('starts from zero after a disabled, unknown or register output, and disables to zeros', () => {
    expect(outputWithMode({ mode: 0, channel: 3, value: 258, addr: 7 }, 1)).toEqual({
      mode: 1,
      channel: 0,
      value: 0,
      addr: 0,
    });
    expect(outputWithMode({ mode: 12, channel: 3, value: 258, addr: 7 }, 2)).toEqual({
      mode: 2,
      channel: 0,
      value: 0,
      addr: 0,
    });
    expect(
      outputWithMode({ mode: 6, operation: { mathType: 1, regType: 1, regAddr: 100, value: 5 } }, 7),
    ).toEqual({ mode: 7, channel: 0, value: 0, addr: 0 });
    expect(outputWithMode({ mode: 1, channel: 3, value: 20, addr: 7 }, 0)).toEqual({
      mode: 0,
      channel: 0,
      value: 0,
      addr: 0,
    });
  });
});
