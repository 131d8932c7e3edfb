// Checks docs/protocol.md § Operation plans and § Device registers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOperationChannels } from './operation-checks.js';
import { planOperation, stateReads } from './operation-plan.js';
import type { PlanStep } from './operation-plan.js';
import { OPERATION_NAMES, parseOperation } from './operations.js';
import type { Operation } from './operations.js';

const board = { counts: { do: 8, di: 8, ai: 2, ao: 0 }, aoRegister: 400 };
const ao = { counts: { do: 0, di: 2, ai: 4, ao: 4 }, aoRegister: 400 };

function op(body: Record<string, unknown>): Operation {
  const r = parseOperation(body);
  if (!r.ok) throw new Error(r.error);
  return r.operation;
}

describe('operation plans', () => {
  it('opens and closes every output with one FC15', () => {
    expect(planOperation(op({ opr: 'open' }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 15, address: 0, values: Array(8).fill(true) } }],
    });
    expect(planOperation(op({ opr: 'aclose' }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 15, address: 0, values: Array(8).fill(false) } }],
    });
    expect(planOperation(op({ opr: 'open' }), ao).kind).toBe('unsupported');
  });

  it('switches one output, and back after dly tenths of a second', () => {
    expect(planOperation(op({ opr: 'openone', io: 3 }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 5, address: 2, value: true } }],
    });
    expect(planOperation(op({ opr: 'closeone', io: 8, dly: 25 }), board)).toEqual({
      kind: 'steps',
      steps: [
        { kind: 'request', request: { fn: 5, address: 7, value: false } },
        { kind: 'wait', ms: 2500 },
        { kind: 'request', request: { fn: 5, address: 7, value: true } },
      ],
    });
  });

  it('puts every channel at its block start on a board that names one', () => {
    const acme = { ...board, starts: { do: 16, di: 32, ai: 100 } };
    const requests = (o: Operation): unknown[] => {
      const plan = planOperation(o, acme);
      if (plan.kind !== 'steps') throw new Error(`not steps: ${plan.kind}`);
      return plan.steps.map((s) => (s.kind === 'request' ? s.request : s.kind === 'cycle' ? s.address : s));
    };
    expect(requests(op({ opr: 'open' }))).toEqual([{ fn: 15, address: 16, values: Array(8).fill(true) }]);
    expect(requests(op({ opr: 'openone', io: 3 }))).toEqual([{ fn: 5, address: 18, value: true }]);
    expect(requests(op({ opr: 'openmore', io: 2, cnt: 2, timer1: 5, timer2: 5 }))).toEqual([17]);
    expect(requests(op({ opr: 'wdo', doinfo: [1, 0, 1, 0, 1, 0, 1, 0] }))[0]).toMatchObject({ address: 16 });
    expect(requests(op({ opr: 'rdo', regstart: 2, regnum: 3 }))).toEqual([{ fn: 1, address: 18, count: 3 }]);
    expect(requests(op({ opr: 'rdi', regstart: 0, regnum: 8 }))).toEqual([{ fn: 2, address: 32, count: 8 }]);
    expect(requests(op({ opr: 'rai', regstart: 1, regnum: 1 }))).toEqual([{ fn: 4, address: 101, count: 1 }]);
    expect(stateReads(acme)).toEqual([
      { fn: 1, address: 16, count: 8 },
      { fn: 2, address: 32, count: 8 },
      { fn: 4, address: 100, count: 2 },
    ]);
  });

  it('keeps a cycle as one step', () => {
    expect(planOperation(op({ opr: 'openmore', io: 1, cnt: 1000, timer1: 5, timer2: 20 }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'cycle', address: 0, count: 1000, onMs: 500, offMs: 2000 }],
    });
  });

  it('reads and writes channels through the base register map', () => {
    const first = (o: Operation) => {
      const plan = planOperation(o, ao);
      return plan.kind === 'steps' ? (plan.steps[0] as Extract<PlanStep, { kind: 'request' }>).request : null;
    };
    expect(first(op({ opr: 'rdi', regstart: 0, regnum: 2 }))).toEqual({ fn: 2, address: 0, count: 2 });
    expect(first(op({ opr: 'rai', regstart: 1, regnum: 3 }))).toEqual({ fn: 4, address: 1, count: 3 });
    expect(first(op({ opr: 'rao', regstart: 400, regnum: 4 }))).toEqual({ fn: 3, address: 400, count: 4 });
    expect(first(op({ opr: 'wao', aoinfo: [400, 2000] }))).toEqual({
      fn: 16,
      address: 400,
      values: [400, 2000],
    });
    expect(first(op({ opr: 'waohex', aoinfos: '12000_0102ABCD' }))).toEqual({
      fn: 16,
      address: 12000,
      values: [0x0102, 0xabcd],
    });
    expect(planOperation(op({ opr: 'wdo', doinfo: [1, 0, 1] }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 15, address: 0, values: [true, false, true] } }],
    });
  });

  it('reads the whole state for readall, and cycles for read', () => {
    expect(stateReads(ao)).toEqual([
      { fn: 2, address: 0, count: 2 },
      { fn: 4, address: 0, count: 4 },
      { fn: 3, address: 400, count: 4 },
    ]);
    expect(planOperation(op({ opr: 'readall' }), board)).toEqual({
      kind: 'steps',
      steps: stateReads(board).map((request) => ({ kind: 'request', request })),
    });
    expect(planOperation(op({ opr: 'read' }), board)).toEqual({
      kind: 'cyclic',
      count: 10,
      intervalMs: 3000,
    });
  });

  it('reads the battery and the GPS position from the status block (§ Device registers)', () => {
    expect(planOperation(op({ opr: 'readsoc' }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 4, address: 1000, count: 1 } }],
    });
    expect(planOperation(op({ opr: 'READGPS' }), board)).toEqual({
      kind: 'steps',
      steps: [{ kind: 'request', request: { fn: 4, address: 1001, count: 5 } }],
    });
  });

  it('writes team host commands with their argument and reads the state and table back', () => {
    const requests = (body: Record<string, unknown>) => {
      const plan = planOperation(op(body), board);
      if (plan.kind !== 'steps') throw new Error(plan.kind);
      return plan.steps.map((s) => (s.kind === 'request' ? s.request : s));
    };
    const readBack = [
      { fn: 3, address: 1202, count: 1 },
      { fn: 3, address: 1220, count: 16 },
    ];
    expect(requests({ opr: 'LoraAutoCfg', code: 33 })).toEqual([
      { fn: 16, address: 1200, values: [33, 0] },
      ...readBack,
    ]);
    expect(requests({ opr: 'loraautocfg', loracode: 19 })).toEqual([
      { fn: 16, address: 1200, values: [19, 120] },
      ...readBack,
    ]);
    expect(requests({ opr: 'loraautocfg', loracode: 19, delay: 600000 })[0]).toEqual({
      fn: 16,
      address: 1200,
      values: [19, 6000],
    });
    expect(requests({ opr: 'LoraClearSlave' })).toEqual([
      { fn: 16, address: 1200, values: [64, 0] },
      ...readBack,
    ]);
  });

  it('writes and reads back the radio, the interval and the slave table', () => {
    const steps = (body: Record<string, unknown>) => {
      const plan = planOperation(op(body), board);
      return plan.kind === 'steps' ? plan.steps.map((s) => (s.kind === 'request' ? s.request : s)) : plan;
    };
    expect(steps({ opr: 'LoraRParam' })).toEqual([{ fn: 3, address: 1210, count: 4 }]);
    expect(steps({ opr: 'LoraWParam', netId: 7, channel: 23, airRate: 2, power: 3 })).toEqual([
      { fn: 16, address: 1210, values: [7, 23, 2, 3] },
      { fn: 3, address: 1210, count: 4 },
    ]);
    expect(steps({ opr: 'LoRaRTiming' })).toEqual([{ fn: 3, address: 1214, count: 1 }]);
    expect(steps({ opr: 'LoRaWTiming', interval: 600 })).toEqual([
      { fn: 16, address: 1214, values: [600] },
      { fn: 3, address: 1214, count: 1 },
    ]);
    expect(steps({ opr: 'lorarconfig' })).toEqual([{ fn: 3, address: 1220, count: 16 }]);
    const table = new Array(16).fill(0);
    table[0] = 0b110;
    expect(steps({ opr: 'lorawconfig', slaves: [1, 2] })).toEqual([
      { fn: 16, address: 1220, values: table },
      { fn: 3, address: 1220, count: 16 },
    ]);
  });

  it('property: a plan of an operation that passed the channel check stays within the channels', () => {
    const counts = fc.record({
      do: fc.integer({ min: 0, max: 32 }),
      di: fc.integer({ min: 0, max: 32 }),
      ai: fc.integer({ min: 0, max: 32 }),
      ao: fc.integer({ min: 0, max: 32 }),
    });
    const body = fc.record({
      opr: fc.constantFrom(...OPERATION_NAMES),
      io: fc.integer({ min: 1, max: 32 }),
      dly: fc.constantFrom(0, 2, 100),
      doinfo: fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 32 }),
      aoinfo: fc.array(fc.integer({ min: 0, max: 65535 }), { minLength: 1, maxLength: 32 }),
    });
    fc.assert(
      fc.property(counts, body, (c, b) => {
        const keys: Record<string, string[]> = {
          openone: ['io', 'dly'],
          closeone: ['io', 'dly'],
          wdo: ['doinfo'],
          wao: ['aoinfo'],
        };
        const picked = Object.fromEntries([
          ['opr', b.opr],
          ...(keys[b.opr] ?? []).map((k) => [k, b[k as keyof typeof b]]),
        ]);
        const parsed = parseOperation(picked);
        if (!parsed.ok || checkOperationChannels(parsed.operation, c) !== null) return;
        const plan = planOperation(parsed.operation, { counts: c, aoRegister: 400 });
        if (plan.kind !== 'steps') return;
        for (const step of plan.steps) {
          if (step.kind !== 'request') continue;
          const r = step.request;
          if (r.fn === 5) expect(r.address).toBeLessThan(c.do);
          if (r.fn === 15) expect(r.address + r.values.length).toBeLessThanOrEqual(c.do);
          if (r.fn === 16) expect(r.address + r.values.length).toBeLessThanOrEqual(400 + c.ao);
        }
      }),
    );
  });
});
