// docs/protocol.md § Browser to server (and § Device operations for the payloads).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../bytes.js';
import type { ClientMessage } from './client-messages.js';
import { operationMessage } from './client-messages.js';
import { encodeMessage, parseClientMessage } from './messages.js';
import { OPERATIONS, OPERATION_NAMES, parseOperation } from './operations.js';
import type { Operation, OperationName, OperationOf } from './operations.js';
import { LORA_RATE_SECONDS } from './lora.js';

/** The message parses to itself. */
function accepts(name: string, message: unknown, expected: unknown = message): void {
  it(`accepts ${name}`, () => {
    expect(parseClientMessage(message)).toEqual({ ok: true, message: expected });
    expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message: expected });
  });
}

/** The message is refused with a bad_message error whose text contains `reason`. */
function rejects(name: string, message: unknown, reason: string): void {
  it(`refuses ${name}`, () => {
    const r = parseClientMessage(message);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('bad_message');
      expect(r.error.message).toContain(reason);
    }
  });
}

describe('register', () => {
  accepts('a token', { infotype: 'register', info: { token: 'eyJhbGciOi.x.y' } });
  rejects('a bare token string as info', { infotype: 'register', info: 'eyJhbGciOi.x.y' }, 'info:');
  rejects(
    'an empty token',
    { infotype: 'register', info: { token: '' } },
    'info.token: string of 1-4096 characters',
  );
  rejects(
    'a token past 4096 characters',
    { infotype: 'register', info: { token: 'x'.repeat(4097) } },
    'info.token',
  );
  accepts('a token of 4096 characters', { infotype: 'register', info: { token: 'x'.repeat(4096) } });
  rejects('an unknown key', { infotype: 'register', info: { token: 't', lang: 'en' } }, 'Unrecognized key');
});

describe('unregister', () => {
  accepts('info null', { infotype: 'unregister', info: null });
  accepts('info left out', { infotype: 'unregister' }, { infotype: 'unregister', info: null });
  rejects('info with content', { infotype: 'unregister', info: {} }, 'info: null or absent');
});

describe('damopr', () => {
  accepts('openone', { infotype: 'damopr', info: { opr: 'openone', io: 1, dly: 0, unid: 'A1B2' } });
  accepts(
    'openone with its delay left out',
    { infotype: 'damopr', info: { opr: 'openone', io: 1, unid: 'A1B2' } },
    { infotype: 'damopr', info: { opr: 'openone', io: 1, dly: 0, unid: 'A1B2' } },
  );
  accepts('a sub-device', {
    infotype: 'damopr',
    info: { opr: 'rdi', regstart: 0, regnum: 4, unid: 'A1B2_3' },
  });
  accepts('with the envelope token', {
    infotype: 'damopr',
    info: { opr: 'readsoc', unid: 'A1' },
    token: 'tok',
  });
  accepts(
    'a cyclic read with defaults',
    { infotype: 'damopr', info: { opr: 'read', unid: 'A1' } },
    { infotype: 'damopr', info: { opr: 'read', cnt: 10, cycletime: 3000, unid: 'A1' } },
  );
  rejects('no unid', { infotype: 'damopr', info: { opr: 'open' } }, 'info.unid');
  rejects('a unid with a space', { infotype: 'damopr', info: { opr: 'open', unid: 'A 1' } }, 'info.unid');
  rejects(
    'a unid of 65 characters',
    { infotype: 'damopr', info: { opr: 'open', unid: 'A'.repeat(65) } },
    'info.unid',
  );
  rejects(
    'io 33',
    { infotype: 'damopr', info: { opr: 'openone', io: 33, dly: 0, unid: 'A1' } },
    'info.io: integer 1-32',
  );
  rejects(
    'a loraopr operation',
    { infotype: 'damopr', info: { opr: 'lorarconfig', unid: 'A1' } },
    'info.opr',
  );
  rejects(
    'an EquipOpr-only operation',
    { infotype: 'damopr', info: { opr: 'LoraRParam', unid: 'A1' } },
    'info.opr',
  );
  rejects(
    'an unknown key',
    { infotype: 'damopr', info: { opr: 'open', unid: 'A1', all: true } },
    'Unrecognized key',
  );
});

describe('loraopr', () => {
  accepts('auto-configure', { infotype: 'loraopr', info: { opr: 'loraautocfg', loracode: 17, unid: 'G1' } });
  accepts('keep awake', {
    infotype: 'loraopr',
    info: { opr: 'loraautocfg', loracode: 19, delay: 12000, unid: 'G1' },
  });
  accepts('write the interval', {
    infotype: 'loraopr',
    info: { opr: 'LoRaWTiming', interval: 3600, unid: 'G1' },
  });
  accepts('write the slave table', {
    infotype: 'loraopr',
    info: { opr: 'lorawconfig', slaves: [1, 2], unid: 'G1' },
  });
  rejects('a damopr operation', { infotype: 'loraopr', info: { opr: 'open', unid: 'G1' } }, 'info.opr');
  rejects(
    'a delay with cancel',
    { infotype: 'loraopr', info: { opr: 'loraautocfg', loracode: 18, delay: 1000, unid: 'G1' } },
    'info.delay',
  );
});

describe('ModbusReg', () => {
  accepts('a page read (fn 3)', {
    infotype: 'ModbusReg',
    info: { fn: 3, unid: 'A1', regstart: 12000, regnum: 70 },
  });
  accepts('125 registers', { infotype: 'ModbusReg', info: { fn: 3, unid: 'A1', regstart: 0, regnum: 125 } });
  rejects(
    '126 registers',
    { infotype: 'ModbusReg', info: { fn: 3, unid: 'A1', regstart: 0, regnum: 126 } },
    'info.regnum: integer 1-125',
  );
  rejects(
    '0 registers',
    { infotype: 'ModbusReg', info: { fn: 3, unid: 'A1', regstart: 0, regnum: 0 } },
    'info.regnum: integer 1-125',
  );
  rejects(
    'a read past 65535',
    { infotype: 'ModbusReg', info: { fn: 3, unid: 'A1', regstart: 65535, regnum: 2 } },
    'info.regnum: reads past',
  );
  accepts('a page write (fn 16)', {
    infotype: 'ModbusReg',
    info: { fn: 16, unid: 'A1', regstart: 12000, hexdata: '0A0b' },
  });
  accepts('123 registers', {
    infotype: 'ModbusReg',
    info: { fn: 16, unid: 'A1', regstart: 0, hexdata: '0000'.repeat(123) },
  });
  rejects(
    '124 registers',
    { infotype: 'ModbusReg', info: { fn: 16, unid: 'A1', regstart: 0, hexdata: '0000'.repeat(124) } },
    'info.hexdata: 1-123 registers',
  );
  rejects(
    'half a register',
    { infotype: 'ModbusReg', info: { fn: 16, unid: 'A1', regstart: 0, hexdata: '0A' } },
    'info.hexdata',
  );
  rejects(
    'no data',
    { infotype: 'ModbusReg', info: { fn: 16, unid: 'A1', regstart: 0, hexdata: '' } },
    'info.hexdata',
  );
  rejects(
    'a write past 65535',
    { infotype: 'ModbusReg', info: { fn: 16, unid: 'A1', regstart: 65535, hexdata: '00000000' } },
    'info.hexdata: writes past',
  );
  rejects(
    "the spec's regnum-as-hex",
    { infotype: 'ModbusReg', info: { fn: 16, unid: 'A1', regstart: 0, regnum: '0A0B' } },
    'info',
  );
  rejects(
    'fn 4 (replies only)',
    { infotype: 'ModbusReg', info: { fn: 4, unid: 'A1', regstart: 0, regnum: 1 } },
    'info.fn',
  );
});

describe('EquipOpr', () => {
  accepts('OPENONE', { infotype: 'EquipOpr', info: { oprtype: 'OPENONE', unid: 'A1', oprinfo: '1,0' } });
  accepts('WAOHEX', { infotype: 'EquipOpr', info: { oprtype: 'WAOHEX', unid: 'A1', oprinfo: '12000_0A0B' } });
  accepts('LoraAutoCfg', {
    infotype: 'EquipOpr',
    info: { oprtype: 'LoraAutoCfg', unid: 'G1', oprinfo: '2' },
  });
  rejects(
    'a lower-case type',
    { infotype: 'EquipOpr', info: { oprtype: 'openone', unid: 'A1', oprinfo: '1,0' } },
    'info.oprtype',
  );
  rejects(
    'oprinfo that does not fit',
    { infotype: 'EquipOpr', info: { oprtype: 'RDO', unid: 'A1', oprinfo: '0' } },
    'info.oprinfo: regstart,regnum for RDO',
  );
});

describe('the envelope', () => {
  rejects(
    'a token that is not a string',
    { infotype: 'damopr', info: { opr: 'open', unid: 'A1' }, token: 1 },
    'token',
  );
  rejects(
    'an unknown top-level key',
    { infotype: 'damopr', info: { opr: 'open', unid: 'A1' }, extra: 1 },
    'Unrecognized key',
  );

  it('refuses server-only kinds as unknown', () => {
    for (const infotype of ['PushInfo', 'untoken', 'error', 'DAMOpr']) {
      const r = parseClientMessage({ infotype, info: {} });
      expect(r.ok === false && r.error).toEqual({
        code: 'unknown_infotype',
        message: `infotype: unknown kind '${infotype}'`,
        infotype,
      });
    }
  });
});

describe('operationMessage', () => {
  it('puts each operation in the message the catalogue names', () => {
    expect(operationMessage('A1', { opr: 'openone', io: 2, dly: 0 })).toEqual({
      infotype: 'damopr',
      info: { opr: 'openone', io: 2, dly: 0, unid: 'A1' },
    });
    expect(operationMessage('G1', { opr: 'LoRaRTiming' })).toEqual({
      infotype: 'loraopr',
      info: { opr: 'LoRaRTiming', unid: 'G1' },
    });
    expect(operationMessage('G1', { opr: 'LoraAutoCfg', code: 49 })).toEqual({
      infotype: 'EquipOpr',
      info: { oprtype: 'LoraAutoCfg', unid: 'G1', oprinfo: '49' },
    });
  });
});

// Arbitraries of every valid operation and client message.
const printable = fc.constantFrom(...Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)));
const unitId = fc.string({ unit: printable, minLength: 1, maxLength: 64 });
const io = fc.integer({ min: 1, max: 32 });
const hold = fc.oneof(fc.constant(0), fc.integer({ min: 2, max: 65535 }));
const phase = fc.integer({ min: 2, max: 65535 });
const u16 = fc.integer({ min: 0, max: 0xffff });
const span = (max: number) =>
  fc
    .integer({ min: 1, max })
    .chain((n) => fc.record({ regstart: fc.integer({ min: 0, max: 0x10000 - n }), regnum: fc.constant(n) }));
const hexOf = (bytes: Uint8Array, lower: boolean) => (lower ? toHex(bytes).toLowerCase() : toHex(bytes));
const registerHex = (max: number) =>
  fc.integer({ min: 1, max }).chain((n) =>
    fc.record({
      regstart: fc.integer({ min: 0, max: 0x10000 - n }),
      hexdata: fc
        .tuple(fc.uint8Array({ minLength: 2 * n, maxLength: 2 * n }), fc.boolean())
        .map(([b, l]) => hexOf(b, l)),
    }),
  );
const startHex = registerHex(123).map((w) => `${w.regstart}_${w.hexdata}`);
const slaves = fc.uniqueArray(fc.integer({ min: 0, max: 249 }), { maxLength: 250 });

const OPERATION_ARBS: { [N in OperationName]: fc.Arbitrary<OperationOf<N>> } = {
  open: fc.constant({ opr: 'open' }),
  close: fc.constant({ opr: 'close' }),
  aopen: fc.constant({ opr: 'aopen' }),
  aclose: fc.constant({ opr: 'aclose' }),
  openone: fc.record({ opr: fc.constant('openone'), io, dly: hold }),
  closeone: fc.record({ opr: fc.constant('closeone'), io, dly: hold }),
  openmore: fc.record({
    opr: fc.constant('openmore'),
    io,
    cnt: fc.integer({ min: 1, max: 65535 }),
    timer1: phase,
    timer2: phase,
  }),
  rdo: span(32).map((s) => ({ opr: 'rdo' as const, ...s })),
  rdi: span(32).map((s) => ({ opr: 'rdi' as const, ...s })),
  rai: span(32).map((s) => ({ opr: 'rai' as const, ...s })),
  rao: span(32).map((s) => ({ opr: 'rao' as const, ...s })),
  wdo: fc.record({
    opr: fc.constant('wdo'),
    doinfo: fc.array(fc.constantFrom(0 as const, 1 as const), { minLength: 1, maxLength: 32 }),
  }),
  wao: fc.record({ opr: fc.constant('wao'), aoinfo: fc.array(u16, { minLength: 1, maxLength: 32 }) }),
  waohex: fc.record({ opr: fc.constant('waohex'), aoinfos: startHex }),
  read: fc.record({
    opr: fc.constant('read'),
    cnt: fc.integer({ min: 1, max: 100 }),
    cycletime: fc.integer({ min: 1000, max: 60000 }),
  }),
  readall: fc.record(
    { opr: fc.constant('readall'), oprtype: fc.constant('damreadall') },
    { requiredKeys: ['opr'] },
  ),
  readsoc: fc.constant({ opr: 'readsoc' }),
  READGPS: fc.constant({ opr: 'READGPS' }),
  LoraAutoCfg: fc.record({
    opr: fc.constant('LoraAutoCfg'),
    code: fc.constantFrom(2 as const, 33 as const, 34 as const, 49 as const),
  }),
  LoraClearSlave: fc.constant({ opr: 'LoraClearSlave' }),
  LoraRParam: fc.constant({ opr: 'LoraRParam' }),
  LoraWParam: fc.record({
    opr: fc.constant('LoraWParam'),
    netId: u16,
    channel: fc.integer({ min: 0, max: 255 }),
    airRate: fc.integer({ min: 0, max: 7 }),
    power: fc.integer({ min: 0, max: 3 }),
  }),
  loraautocfg: fc.oneof(
    fc.record({
      opr: fc.constant('loraautocfg'),
      loracode: fc.constantFrom(17 as const, 18 as const, 20 as const),
    }),
    fc.record(
      {
        opr: fc.constant('loraautocfg'),
        loracode: fc.constant(19 as const),
        delay: fc.integer({ min: 1000, max: 600000 }),
      },
      { requiredKeys: ['opr', 'loracode'] },
    ),
  ),
  lorarconfig: fc.constant({ opr: 'lorarconfig' }),
  lorawconfig: fc.record({ opr: fc.constant('lorawconfig'), slaves }),
  LoRaRTiming: fc.constant({ opr: 'LoRaRTiming' }),
  LoRaWTiming: fc.record({
    opr: fc.constant('LoRaWTiming'),
    interval: fc.constantFrom(...LORA_RATE_SECONDS),
  }),
};
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  ...OPERATION_NAMES.map((n) => OPERATION_ARBS[n] as fc.Arbitrary<Operation>),
);
const token = fc.string({ minLength: 1, maxLength: 4096 });

const clientMessageArb: fc.Arbitrary<ClientMessage> = fc.oneof(
  fc.record(
    { infotype: fc.constant('register' as const), info: fc.record({ token }), token },
    { requiredKeys: ['infotype', 'info'] },
  ),
  fc.record(
    { infotype: fc.constant('unregister' as const), info: fc.constant(null), token },
    { requiredKeys: ['infotype', 'info'] },
  ),
  fc.tuple(unitId, operationArb, fc.option(token, { nil: undefined })).map(([unid, op, t]) => {
    const m = operationMessage(unid, op);
    return t === undefined ? m : { ...m, token: t };
  }),
  fc.record({
    infotype: fc.constant('ModbusReg' as const),
    info: fc.oneof(
      fc.tuple(unitId, span(125)).map(([unid, s]) => ({ fn: 3 as const, unid, ...s })),
      fc.tuple(unitId, registerHex(123)).map(([unid, w]) => ({ fn: 16 as const, unid, ...w })),
    ),
  }),
);

describe('client message properties', () => {
  it('every operation has an arbitrary that the catalogue accepts', () => {
    for (const n of OPERATION_NAMES) {
      fc.assert(
        fc.property(OPERATION_ARBS[n] as fc.Arbitrary<Operation>, (op) => {
          expect(OPERATIONS[n].schema.safeParse(op).success).toBe(true);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('parseOperation(JSON of any valid operation) gives it back', () => {
    fc.assert(
      fc.property(operationArb, (op) => {
        expect(parseOperation(JSON.parse(JSON.stringify(op)))).toEqual({ ok: true, operation: op });
      }),
      { numRuns: 1000 },
    );
  });

  it('parseClientMessage(encodeMessage(message)) gives it back, for any valid message', () => {
    fc.assert(
      fc.property(clientMessageArb, (message) => {
        expect(parseClientMessage(encodeMessage(message))).toEqual({ ok: true, message });
      }),
      { numRuns: 1000 },
    );
  });
});
