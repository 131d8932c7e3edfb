// docs/protocol.md § Relay modes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationForRelayMode } from './relay-mode.js';

describe('operationForRelayMode', () => {
  it.each([
    ['mode 0 on', 0, [], 0, true, { opr: 'openone', io: 1, dly: 0 }],
    ['mode 0 off', 0, [], 31, false, { opr: 'closeone', io: 32, dly: 0 }],
    ['mode 0 ignores parameters', 0, [50], 2, true, { opr: 'openone', io: 3, dly: 0 }],
    ['mode 1: open, close after 5 s', 1, [50], 0, true, { opr: 'openone', io: 1, dly: 50 }],
    ['mode 1 whichever way pressed', 1, [50], 0, false, { opr: 'openone', io: 1, dly: 50 }],
    ['mode 1 with 0: open and stay', 1, [0], 4, true, { opr: 'openone', io: 5, dly: 0 }],
    ['mode 2: close, open after 0.2 s', 2, [2], 1, true, { opr: 'closeone', io: 2, dly: 2 }],
    ['mode 2, longest', 2, [65535], 1, false, { opr: 'closeone', io: 2, dly: 65535 }],
    ['mode 3: cycle', 3, [3, 10, 20], 7, true, { opr: 'openmore', io: 8, cnt: 3, timer1: 10, timer2: 20 }],
  ])('%s', (_name, mode, params, index, on, operation) => {
    expect(operationForRelayMode(mode, params, index, on)).toEqual({ ok: true, operation });
  });

  it.each([
    ['an unknown mode', 4, [], 0, 'mode: 0-3'],
    ['a negative mode', -1, [], 0, 'mode: 0-3'],
    ['mode 1 without delay', 1, [], 0, 'params: one delay (0.1 s) for mode 1'],
    ['mode 2 with two numbers', 2, [1, 2], 0, 'params: one delay (0.1 s) for mode 2'],
    ['mode 1 with a hold of 1', 1, [1], 0, 'params: dly: 0 or 2-65535 (0.1 s)'],
    ['mode 2 with a hold past 65535', 2, [65536], 0, 'params: dly: 0 or 2-65535 (0.1 s)'],
    ['mode 3 with two numbers', 3, [1, 2], 0, 'params: count, timer1, timer2 for mode 3'],
    ['mode 3 with count 0', 3, [0, 10, 10], 0, 'params: cnt: integer 1-65535'],
    ['mode 3 with a phase of 1', 3, [1, 1, 10], 0, 'params: timer1: integer 2-65535'],
    ['channel 32 (counted from 0)', 0, [], 32, 'channel: 0-31 (counted from 0)'],
    ['a negative channel', 0, [], -1, 'channel: 0-31 (counted from 0)'],
  ])('refuses %s', (_name, mode, params, index, error) => {
    expect(operationForRelayMode(mode, params, index, true)).toEqual({ ok: false, error });
  });

  it('never throws, and sends the channel counted from 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 5 }),
        fc.array(fc.integer({ min: -1, max: 70000 }), { maxLength: 4 }),
        fc.integer({ min: -1, max: 33 }),
        fc.boolean(),
        (mode, params, index, on) => {
          const r = operationForRelayMode(mode, params, index, on);
          if (r.ok && 'io' in r.operation) expect(r.operation.io).toBe(index + 1);
        },
      ),
    );
  });
});
