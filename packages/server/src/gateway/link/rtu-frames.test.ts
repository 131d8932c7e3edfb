import { encodeRtuRequest, equipmentType, stateReads } from '@fieldlink/protocol';
import type { ModbusRequest } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rtuRequestFrame, stateRequests } from './rtu-frames.js';

describe('RTU request frames', () => {
  it('are the encoded request, for any read of any slave', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 247 }),
        fc.constantFrom(1, 2, 3, 4),
        fc.integer({ min: 0, max: 0xffff - 125 }),
        fc.integer({ min: 1, max: 125 }),
        fc.boolean(),
        (slave, fn, address, count, frozen) => {
          const request = { fn, address, count } as ModbusRequest;
          if (frozen) Object.freeze(request);
          expect([...rtuRequestFrame(slave, request)]).toEqual([...encodeRtuRequest(slave, request)]);
          expect(Buffer.isBuffer(rtuRequestFrame(slave, request))).toBe(true);
        },
      ),
    );
  });

  it('are made once per slave for a frozen read, afresh for anything else', () => {
    const read = Object.freeze({ fn: 1, address: 0, count: 8 }) as ModbusRequest;
    expect(rtuRequestFrame(1, read)).toBe(rtuRequestFrame(1, read));
    expect(rtuRequestFrame(2, read)).not.toBe(rtuRequestFrame(1, read));
    expect(rtuRequestFrame(2, read)[0]).toBe(2);
    const open = { fn: 1, address: 0, count: 8 } as ModbusRequest;
    expect(rtuRequestFrame(1, open)).not.toBe(rtuRequestFrame(1, open));
    const write = Object.freeze({ fn: 5, address: 0, value: true }) as ModbusRequest;
    expect(rtuRequestFrame(1, write)).not.toBe(rtuRequestFrame(1, write));
  });

  it('refuse what cannot be encoded', () => {
    expect(() =>
      rtuRequestFrame(1, Object.freeze({ fn: 3, address: 0, count: 999 }) as ModbusRequest),
    ).toThrow(RangeError);
  });
});

describe('state requests', () => {
  it('are the state reads of the type, frozen, the same list every time', () => {
    const type = equipmentType('FL-R8')!;
    const list = stateRequests(type);
    expect(list).toEqual(stateReads(type));
    expect(stateRequests(type)).toBe(list);
    expect(Object.isFrozen(list) && list.every((r) => Object.isFrozen(r))).toBe(true);
  });
});
