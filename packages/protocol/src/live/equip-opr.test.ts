// docs/protocol.md § EquipOpr (the oprinfo table).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EquipOprInfoSchema, fromEquipOpr, operationOfType, toEquipOpr } from './equip-opr.js';
import { EQUIP_OPR_TYPES, OPERATIONS, OPERATION_NAMES } from './operations.js';
import type { Operation } from './operations.js';

/** An operation and its EquipOpr form, checked both ways. */
function testEquipOpr(name: string, operation: Operation, oprtype: string, oprinfo: string): void {
  it(`${oprtype}: ${name}`, () => {
    expect(toEquipOpr('A1', operation)).toEqual({ oprtype, unid: 'A1', oprinfo });
    expect(fromEquipOpr(oprtype, oprinfo)).toEqual({ ok: true, operation });
  });
}

describe('EquipOpr vectors', () => {
  testEquipOpr('open all', { opr: 'open' }, 'OPEN', '');
  testEquipOpr('close all', { opr: 'close' }, 'CLOSE', '');
  testEquipOpr('open all, confirmed', { opr: 'aopen' }, 'AOPEN', '');
  testEquipOpr('close all, confirmed', { opr: 'aclose' }, 'ACLOSE', '');
  testEquipOpr('DO1, no delay', { opr: 'openone', io: 1, dly: 0 }, 'OPENONE', '1,0');
  testEquipOpr('DO32 for 6553.5 s', { opr: 'closeone', io: 32, dly: 65535 }, 'CLOSEONE', '32,65535');
  testEquipOpr('cycle', { opr: 'openmore', io: 2, cnt: 3, timer1: 10, timer2: 20 }, 'OPRMORE', '2,3,10,20');
  testEquipOpr('read DO', { opr: 'rdo', regstart: 0, regnum: 8 }, 'RDO', '0,8');
  testEquipOpr('read DI', { opr: 'rdi', regstart: 0, regnum: 4 }, 'RDI', '0,4');
  testEquipOpr('read AI', { opr: 'rai', regstart: 2, regnum: 2 }, 'RAI', '2,2');
  testEquipOpr('read AO', { opr: 'rao', regstart: 400, regnum: 2 }, 'RAO', '400,2');
  testEquipOpr('write DO', { opr: 'wdo', doinfo: [1, 0, 1] }, 'WDO', '1,0,1');
  testEquipOpr('write AO', { opr: 'wao', aoinfo: [400, 2000] }, 'WAO', '400,2000');
  testEquipOpr('write registers', { opr: 'waohex', aoinfos: '12000_0A0B' }, 'WAOHEX', '12000_0A0B');
  testEquipOpr('cyclic read', { opr: 'read', cnt: 10, cycletime: 3000 }, 'READ', '10,3000');
  testEquipOpr('battery', { opr: 'readsoc' }, 'READSOC', '');
  testEquipOpr('read all', { opr: 'readall' }, 'AllInfo', '');
  testEquipOpr('auto-config', { opr: 'LoraAutoCfg', code: 33 }, 'LoraAutoCfg', '33');
  testEquipOpr('clear slaves', { opr: 'LoraClearSlave' }, 'LoraClearSlave', '');
  testEquipOpr('read radio', { opr: 'LoraRParam' }, 'LoraRParam', '');
  testEquipOpr(
    'write radio',
    { opr: 'LoraWParam', netId: 7, channel: 23, airRate: 2, power: 3 },
    'LoraWParam',
    '7,23,2,3',
  );

  it('readall drops its legacy oprtype field', () => {
    expect(toEquipOpr('A1', { opr: 'readall', oprtype: 'damreadall' })).toEqual({
      oprtype: 'AllInfo',
      unid: 'A1',
      oprinfo: '',
    });
  });

  it.each<[string, Operation]>([
    ['READGPS', { opr: 'READGPS' }],
    ['loraautocfg', { opr: 'loraautocfg', loracode: 17 }],
    ['lorarconfig', { opr: 'lorarconfig' }],
    ['LoRaWTiming', { opr: 'LoRaWTiming', interval: 60 }],
  ])('%s has no EquipOpr form', (_name, op) => {
    expect(toEquipOpr('A1', op)).toBeNull();
  });

  it('maps every type back to its operation', () => {
    for (const type of EQUIP_OPR_TYPES) expect(OPERATIONS[operationOfType(type)].type).toBe(type);
  });
});

describe('fromEquipOpr: errors', () => {
  it.each([
    ['an unknown type', 'open', '', 'oprtype: unknown operation type'],
    ['oprinfo not a string', 'OPENONE', 1, 'oprinfo: string of at most 512 characters'],
    ['oprinfo too long', 'WAOHEX', '1_' + '0'.repeat(600), 'oprinfo: string of at most 512 characters'],
    ['too few numbers', 'OPENONE', '1', 'oprinfo: io,dly for OPENONE'],
    ['too many numbers', 'RDO', '0,8,1', 'oprinfo: regstart,regnum for RDO'],
    ['a payload for a type without one', 'OPEN', '1', 'oprinfo: empty for OPEN'],
    ['a sign', 'OPENONE', '+1,0', 'oprinfo: comma-separated whole numbers, no sign or leading zero'],
    ['a leading zero', 'OPENONE', '01,0', 'oprinfo: comma-separated whole numbers, no sign or leading zero'],
    ['spaces', 'OPENONE', '1, 0', 'oprinfo: comma-separated whole numbers, no sign or leading zero'],
    ['a value past its bound', 'OPENONE', '33,0', 'oprinfo: io: integer 1-32'],
    ['a hold of 1', 'OPENONE', '1,1', 'oprinfo: dly: 0 or 2-65535 (0.1 s)'],
    ['an empty WDO', 'WDO', '', 'oprinfo: doinfo: list of 1-32 items'],
    ['a WDO state of 2', 'WDO', '1,2', 'oprinfo: doinfo.1: 0 or 1'],
    [
      'a WAOHEX without start',
      'WAOHEX',
      '0A0B',
      "oprinfo: aoinfos: '<start>_<hex>': start 0-65535, 1-123 whole registers, not past 65535",
    ],
    ['an unknown LoRa code', 'LoraAutoCfg', '17', 'oprinfo: code: one of 2, 33, 34, 49'],
  ])('%s', (_name, type, info, error) => {
    expect(fromEquipOpr(type, info)).toEqual({ ok: false, error });
  });
});

describe('EquipOpr info schema', () => {
  it('accepts a type with fitting oprinfo and refuses one that does not fit', () => {
    expect(EquipOprInfoSchema.safeParse({ oprtype: 'OPENONE', unid: 'A1', oprinfo: '1,0' }).success).toBe(
      true,
    );
    const r = EquipOprInfoSchema.safeParse({ oprtype: 'OPENONE', unid: 'A1', oprinfo: '0,0' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['oprinfo'], message: 'io: integer 1-32' });
  });
});

describe('EquipOpr properties', () => {
  const number = fc.integer({ min: 0, max: 70000 });
  const oprinfo = fc.oneof(
    fc.string(),
    fc.array(number, { maxLength: 5 }).map((a) => a.join(',')),
    fc.array(number, { maxLength: 5 }).map((a) => a.map((n) => `0${n}`).join(',')),
    fc
      .tuple(number, fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 4 }))
      .map(([s, regs]) => `${s}_${regs.map((r) => r.toString(16).padStart(4, '0')).join('')}`),
  );

  it('fromEquipOpr never throws, and what it accepts maps back to the same oprinfo', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EQUIP_OPR_TYPES), oprinfo, (type, info) => {
        const r = fromEquipOpr(type, info);
        if (r.ok) expect(toEquipOpr('U', r.operation)).toEqual({ oprtype: type, unid: 'U', oprinfo: info });
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on anything', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (type, info) => {
        expect(typeof fromEquipOpr(type, info).ok).toBe('boolean');
      }),
    );
  });

  it('every operation with a type is in the table', () => {
    for (const n of OPERATION_NAMES) {
      const type = OPERATIONS[n].type;
      if (type !== null) expect(operationOfType(type)).toBe(n);
    }
  });
});
