// docs/protocol.md § Device operations (the catalogue table and its bounds).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n.js';
import {
  EQUIP_OPR_TYPES,
  OPERATION_NAMES,
  OPERATIONS,
  OperationSchema,
  operationsVia,
  parseOperation,
} from './operations.js';

/** The body parses, and gives `expected` (the body itself when not given). */
function accepts(body: Record<string, unknown>, expected: Record<string, unknown> = body): void {
  expect(parseOperation(body)).toEqual({ ok: true, operation: expected });
}

/** The body is refused with a reason that contains `reason`. */
function rejects(body: unknown, reason: string): void {
  const r = parseOperation(body);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error).toContain(reason);
}

describe('catalogue', () => {
  it('holds every operation of spec 001 § 7', () => {
    expect(OPERATION_NAMES).toEqual([
      'open',
      'close',
      'aopen',
      'aclose',
      'openone',
      'closeone',
      'openmore',
      'rdo',
      'rdi',
      'rai',
      'rao',
      'wdo',
      'wao',
      'waohex',
      'read',
      'readall',
      'readsoc',
      'READGPS',
      'LoraAutoCfg',
      'LoraClearSlave',
      'LoraRParam',
      'LoraWParam',
      'loraautocfg',
      'lorarconfig',
      'lorawconfig',
      'LoRaRTiming',
      'LoRaWTiming',
    ]);
  });

  it('gives each EquipOpr type to exactly one operation', () => {
    const types = OPERATION_NAMES.map((n) => OPERATIONS[n].type).filter((t) => t !== null);
    expect([...types].sort()).toEqual([...EQUIP_OPR_TYPES].sort());
  });

  it.each([
    ['open', 'OPEN'],
    ['aclose', 'ACLOSE'],
    ['openmore', 'OPRMORE'],
    ['waohex', 'WAOHEX'],
    ['readall', 'AllInfo'],
    ['READGPS', null],
    ['loraautocfg', null],
    ['LoraAutoCfg', 'LoraAutoCfg'],
  ] as const)('%s has EquipOpr type %s', (opr, type) => {
    expect(OPERATIONS[opr].type).toBe(type);
  });

  it('routes each operation through one message kind', () => {
    expect(operationsVia('loraopr')).toEqual([
      'loraautocfg',
      'lorarconfig',
      'lorawconfig',
      'LoRaRTiming',
      'LoRaWTiming',
    ]);
    expect(operationsVia('EquipOpr')).toEqual(['LoraAutoCfg', 'LoraClearSlave', 'LoraRParam', 'LoraWParam']);
    expect(operationsVia('damopr')).toHaveLength(18);
  });

  it('names the right each needs: reads read, switching operates, radio settings edit', () => {
    const byRight = (right: string) => OPERATION_NAMES.filter((n) => OPERATIONS[n].needs === right);
    expect(byRight('read')).toEqual([
      'rdo',
      'rdi',
      'rai',
      'rao',
      'read',
      'readall',
      'readsoc',
      'READGPS',
      'LoraRParam',
      'lorarconfig',
      'LoRaRTiming',
    ]);
    expect(byRight('edit')).toEqual([
      'LoraAutoCfg',
      'LoraClearSlave',
      'LoraWParam',
      'loraautocfg',
      'lorawconfig',
      'LoRaWTiming',
    ]);
    for (const n of OPERATION_NAMES) expect(OPERATIONS[n].writes).toBe(OPERATIONS[n].needs !== 'read');
  });

  it('labels every operation in every language', () => {
    for (const n of OPERATION_NAMES)
      for (const lang of LANGS) expect(OPERATIONS[n].label[lang].length).toBeGreaterThan(0);
  });

  it('payload schemas hold the fields besides opr', () => {
    expect(OPERATIONS.openone.payload.safeParse({ io: 3, dly: 0 }).success).toBe(true);
    expect(OPERATIONS.openone.payload.safeParse({ opr: 'openone', io: 3 }).success).toBe(false);
    expect(Object.keys(OPERATIONS.openmore.payload.shape)).toEqual(['io', 'cnt', 'timer1', 'timer2']);
  });
});

describe('parseOperation: bounds', () => {
  it('outputs without payload', () => {
    for (const opr of [
      'open',
      'close',
      'aopen',
      'aclose',
      'readsoc',
      'READGPS',
      'LoraClearSlave',
      'LoraRParam',
    ]) {
      accepts({ opr });
    }
    rejects({ opr: 'open', io: 1 }, 'Unrecognized key');
  });

  it('openone/closeone io: 1-32', () => {
    accepts({ opr: 'openone', io: 1, dly: 0 });
    accepts({ opr: 'closeone', io: 32, dly: 0 });
    rejects({ opr: 'openone', io: 0, dly: 0 }, 'io: integer 1-32');
    rejects({ opr: 'closeone', io: 33, dly: 0 }, 'io: integer 1-32');
    rejects({ opr: 'openone', io: 1.5, dly: 0 }, 'io: integer 1-32');
    rejects({ opr: 'openone', io: '1', dly: 0 }, 'io: integer 1-32');
    rejects({ opr: 'openone', dly: 0 }, 'io: integer 1-32');
  });

  it('openone/closeone dly: 0 or 2-65535 (0.1 s), 0 when left out', () => {
    accepts({ opr: 'openone', io: 1 }, { opr: 'openone', io: 1, dly: 0 });
    accepts({ opr: 'openone', io: 1, dly: 2 });
    accepts({ opr: 'closeone', io: 1, dly: 65535 });
    rejects({ opr: 'openone', io: 1, dly: 1 }, 'dly: 0 or 2-65535 (0.1 s)');
    rejects({ opr: 'openone', io: 1, dly: 65536 }, 'dly: 0 or 2-65535 (0.1 s)');
    rejects({ opr: 'openone', io: 1, dly: -1 }, 'dly: 0 or 2-65535 (0.1 s)');
    rejects({ opr: 'openone', io: 1, dely: 5 }, 'Unrecognized key');
  });

  it('openmore: cnt 1-65535, timer1 and timer2 2-65535', () => {
    accepts({ opr: 'openmore', io: 1, cnt: 1, timer1: 2, timer2: 2 });
    accepts({ opr: 'openmore', io: 32, cnt: 65535, timer1: 65535, timer2: 65535 });
    rejects({ opr: 'openmore', io: 1, cnt: 0, timer1: 2, timer2: 2 }, 'cnt: integer 1-65535');
    rejects({ opr: 'openmore', io: 1, cnt: 65536, timer1: 2, timer2: 2 }, 'cnt: integer 1-65535');
    rejects({ opr: 'openmore', io: 1, cnt: 1, timer1: 1, timer2: 2 }, 'timer1: integer 2-65535');
    rejects({ opr: 'openmore', io: 1, cnt: 1, timer1: 2, timer2: 65536 }, 'timer2: integer 2-65535');
    rejects({ opr: 'openmore', io: 33, cnt: 1, timer1: 2, timer2: 2 }, 'io: integer 1-32');
  });

  it('rdo/rdi/rai/rao: regstart 0-65535, regnum 1-32, not past register 65535', () => {
    accepts({ opr: 'rdo', regstart: 0, regnum: 1 });
    accepts({ opr: 'rdi', regstart: 0, regnum: 32 });
    accepts({ opr: 'rao', regstart: 400, regnum: 4 });
    accepts({ opr: 'rai', regstart: 65535, regnum: 1 });
    rejects({ opr: 'rdo', regstart: -1, regnum: 1 }, 'regstart: integer 0-65535');
    rejects({ opr: 'rdo', regstart: 65536, regnum: 1 }, 'regstart: integer 0-65535');
    rejects({ opr: 'rdi', regstart: 0, regnum: 0 }, 'regnum: integer 1-32');
    rejects({ opr: 'rai', regstart: 0, regnum: 33 }, 'regnum: integer 1-32');
    rejects({ opr: 'rao', regstart: 65535, regnum: 2 }, 'regnum: reads past register 65535');
  });

  it('wdo: 1-32 states of 0 or 1; wao: 1-32 values 0-65535', () => {
    accepts({ opr: 'wdo', doinfo: [1] });
    accepts({ opr: 'wdo', doinfo: Array.from({ length: 32 }, (_, i) => i % 2) });
    rejects({ opr: 'wdo', doinfo: [] }, 'doinfo: list of 1-32 items');
    rejects({ opr: 'wdo', doinfo: Array(33).fill(0) }, 'doinfo: list of 1-32 items');
    rejects({ opr: 'wdo', doinfo: [2] }, 'doinfo.0: 0 or 1');
    rejects({ opr: 'wdo', doinfo: '101' }, 'doinfo: list of 1-32 items');
    accepts({ opr: 'wao', aoinfo: [0, 65535] });
    rejects({ opr: 'wao', aoinfo: [65536] }, 'aoinfo.0: integer 0-65535');
    rejects({ opr: 'wao', aoinfo: Array(33).fill(0) }, 'aoinfo: list of 1-32 items');
  });

  it("waohex: 'start_HEX' of 1-123 whole registers within 0-65535", () => {
    accepts({ opr: 'waohex', aoinfos: '400_0190' });
    accepts({ opr: 'waohex', aoinfos: '12000_' + '00'.repeat(140) });
    accepts({ opr: 'waohex', aoinfos: '0_' + 'ab'.repeat(246) });
    accepts({ opr: 'waohex', aoinfos: '65535_FFFF' });
    rejects({ opr: 'waohex', aoinfos: '0_' + 'AB'.repeat(248) }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '400_' }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '400_01' }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '400_0G00' }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '65536_0000' }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '65535_00000000' }, "aoinfos: '<start>_<hex>'");
    rejects({ opr: 'waohex', aoinfos: '-1_0000' }, "aoinfos: '<start>_<hex>'");
  });

  it('read: cnt 1-100 (default 10), cycletime 1000-60000 ms (default 3000)', () => {
    accepts({ opr: 'read' }, { opr: 'read', cnt: 10, cycletime: 3000 });
    accepts({ opr: 'read', cnt: 1, cycletime: 1000 });
    accepts({ opr: 'read', cnt: 100, cycletime: 60000 });
    rejects({ opr: 'read', cnt: 0 }, 'cnt: integer 1-100');
    rejects({ opr: 'read', cnt: 101 }, 'cnt: integer 1-100');
    rejects({ opr: 'read', cycletime: 999 }, 'cycletime: integer 1000-60000');
    rejects({ opr: 'read', cycletime: 60001 }, 'cycletime: integer 1000-60000');
  });

  it("readall: oprtype 'damreadall' or none", () => {
    accepts({ opr: 'readall' });
    accepts({ opr: 'readall', oprtype: 'damreadall' });
    rejects({ opr: 'readall', oprtype: 'all' }, "oprtype: 'damreadall' or absent");
  });

  it('LoRa: codes, rates, radio parameters and the slave table', () => {
    for (const code of [2, 33, 34, 49]) accepts({ opr: 'LoraAutoCfg', code });
    rejects({ opr: 'LoraAutoCfg', code: 17 }, 'code: one of 2, 33, 34, 49');
    for (const loracode of [17, 18, 19, 20]) accepts({ opr: 'loraautocfg', loracode });
    rejects({ opr: 'loraautocfg', loracode: 21 }, 'loracode: one of 17, 18, 19, 20');
    accepts({ opr: 'loraautocfg', loracode: 19, delay: 12000 });
    accepts({ opr: 'loraautocfg', loracode: 19, delay: 1000 });
    accepts({ opr: 'loraautocfg', loracode: 19, delay: 600000 });
    rejects({ opr: 'loraautocfg', loracode: 19, delay: 999 }, 'delay: integer 1000-600000');
    rejects({ opr: 'loraautocfg', loracode: 19, delay: 600001 }, 'delay: integer 1000-600000');
    rejects({ opr: 'loraautocfg', loracode: 17, delay: 12000 }, 'delay: only with loracode 19');
    for (const interval of [60, 300, 600, 1800, 3600, 10800, 18000])
      accepts({ opr: 'LoRaWTiming', interval });
    rejects({ opr: 'LoRaWTiming', interval: 120 }, 'interval: one of 60, 300');
    accepts({ opr: 'LoraWParam', netId: 65535, channel: 255, airRate: 7, power: 3 });
    rejects({ opr: 'LoraWParam', netId: 0, channel: 256, airRate: 0, power: 0 }, 'channel: integer 0-255');
    rejects({ opr: 'LoraWParam', netId: 0, channel: 0, airRate: 8, power: 0 }, 'airRate: integer 0-7');
    rejects({ opr: 'LoraWParam', netId: 0, channel: 0, airRate: 0, power: 4 }, 'power: integer 0-3');
    accepts({ opr: 'lorawconfig', slaves: [] });
    accepts({ opr: 'lorawconfig', slaves: [0, 249] });
    rejects({ opr: 'lorawconfig', slaves: [250] }, 'slaves.0: integer 0-249');
    rejects({ opr: 'lorawconfig', slaves: [3, 3] }, 'slaves: each address at most once');
    for (const opr of ['lorarconfig', 'LoRaRTiming']) accepts({ opr });
  });

  it.each([
    ['null', null, 'an object with opr'],
    ['an array', [{ opr: 'open' }], 'an object with opr'],
    ['no opr', { io: 1 }, 'unknown operation (missing)'],
    ['an unknown opr', { opr: 'explode' }, "unknown operation ('explode')"],
    ['opr of another case', { opr: 'OPEN' }, "unknown operation ('OPEN')"],
    ['a prototype key as opr', { opr: 'constructor' }, 'unknown operation'],
    ['unid in the body', { opr: 'open', unid: 'A1' }, 'Unrecognized key'],
  ])('refuses %s', (_name, body, reason) => {
    rejects(body, reason);
  });
});

describe('parseOperation: properties', () => {
  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(typeof parseOperation(body).ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on bodies with a known opr and random fields', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATION_NAMES),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (opr, rest) => {
          const r = parseOperation({ ...rest, opr });
          if (r.ok) expect(OperationSchema.safeParse(r.operation).success).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
