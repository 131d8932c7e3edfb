// docs/protocol.md § Server to browser (round trip of every kind).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../bytes.js';
import { LORA_RATE_SECONDS } from './lora.js';
import { encodeMessage, parseServerMessage } from './messages.js';
import { OPERATION_NAMES } from './operations.js';
import { LIVE_ERROR_CODES } from './server-messages.js';
import type { ServerMessage } from './server-messages.js';

// Arbitraries of every valid server message.
const printable = fc.constantFrom(...Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)));
const SN = fc.string({ unit: printable, minLength: 1, maxLength: 64 });
const text = (max: number) => fc.string({ maxLength: max });
const two = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, '0'));
const time = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), two(1, 12), two(1, 31), two(0, 23), two(0, 59), two(0, 59))
  .map(([y, mo, d, h, mi, s]) => `${String(y).padStart(4, '0')}-${mo}-${d} ${h}:${mi}:${s}`);
const u16 = fc.integer({ min: 0, max: 0xffff });
const slaves = fc.uniqueArray(fc.integer({ min: 0, max: 249 }), { maxLength: 250 });
const radio = {
  netId: u16,
  channel: fc.integer({ min: 0, max: 255 }),
  airRate: fc.integer({ min: 0, max: 7 }),
  power: fc.integer({ min: 0, max: 3 }),
};
const msg = <K extends string, T>(infotype: K, info: fc.Arbitrary<T>) =>
  fc.record(
    { infotype: fc.constant(infotype), info, token: fc.string({ minLength: 1, maxLength: 64 }) },
    { requiredKeys: ['infotype', 'info'] },
  );
const opt = <T extends Record<string, fc.Arbitrary<unknown>>>(required: (keyof T)[], shape: T) =>
  fc.record(shape, { requiredKeys: required as never[] });
const result = fc.record({ SN, ok: fc.boolean(), message: text(256) }, { requiredKeys: ['SN', 'ok'] });

const serverMessageArb = fc.oneof(
  msg(
    'register',
    fc.record({ ok: fc.constant(true as const), userId: fc.string({ minLength: 1, maxLength: 64 }) }),
  ),
  msg(
    'untoken',
    opt(['reason'], {
      reason: fc.constantFrom('missing', 'invalid', 'expired', 'revoked'),
      message: text(256),
    }),
  ),
  msg('unregister', fc.record({ reason: fc.constantFrom('requested', 'shutdown', 'idle') })),
  msg(
    'PushInfo',
    opt(['SN'], {
      SN,
      equiptype: text(64),
      addr: fc.integer({ min: 0, max: 255 }),
      teamsn: SN,
      donum: fc.integer({ min: 0, max: 32 }),
      dinum: fc.integer({ min: 0, max: 32 }),
      ainum: fc.integer({ min: 0, max: 32 }),
      aonum: fc.integer({ min: 0, max: 32 }),
      regdo: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }),
      regdi: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 4 }),
      regai: fc.array(u16, { maxLength: 32 }),
      regao: fc.array(u16, { maxLength: 32 }),
      strregai: fc.array(text(32), { maxLength: 32 }),
      strregao: fc.array(text(32), { maxLength: 32 }),
      IsOnline: fc.boolean(),
      SOC: fc.integer({ min: 0, max: 100 }),
      Time: time,
      AITime: time,
      DOTime: time,
    }),
  ),
  msg(
    'EquipInfoNow',
    opt(['SN', 'IsOnline'], { SN, IsOnline: fc.boolean(), SOC: fc.integer({ min: 0, max: 100 }) }),
  ),
  msg(
    'DAMOpr',
    opt(['SN', 'opr', 'ok'], {
      SN,
      opr: fc.constantFrom(...OPERATION_NAMES),
      ok: fc.boolean(),
      message: text(256),
    }),
  ),
  msg(
    'ModbusReg',
    fc.oneof(
      fc
        .tuple(
          SN,
          fc.constantFrom(3 as const, 4 as const),
          u16,
          fc.uint8Array({ minLength: 2, maxLength: 250 }),
        )
        .map(([sn, fn, regstart, b]) => {
          const bytes = b.subarray(0, b.length - (b.length % 2));
          return { SN: sn, fn, regstart, regnum: bytes.length / 2, hexdata: toHex(bytes) };
        }),
      fc.record({
        SN,
        fn: fc.constant(16 as const),
        regstart: u16,
        regnum: fc.integer({ min: 1, max: 123 }),
      }),
    ),
  ),
  msg(
    'JsonMsg',
    opt(['SN', 'data'], {
      SN,
      data: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v))),
      Time: time,
    }),
  ),
  msg('GPRSReg', opt(['SN', 'IsOnline'], { SN, IsOnline: fc.boolean(), Time: time })),
  msg(
    'RFMsg',
    opt(['SN', 'addr', 'hexdata'], {
      SN,
      addr: fc.integer({ min: 0, max: 255 }),
      hexdata: fc.uint8Array({ maxLength: 256 }).map(toHex),
      Time: time,
    }),
  ),
  msg('CRFLoraTiming', fc.record({ SN, interval: fc.constantFrom(...LORA_RATE_SECONDS) })),
  msg('CRFLoraParam', fc.record({ SN, ...radio })),
  msg('CRFConfigRead', fc.record({ SN, slaves })),
  msg('CRFConfigWrite', result),
  msg(
    'CRFConfigAuto',
    fc.record({ SN, state: fc.constantFrom('searching', 'done', 'cancelled', 'failed'), slaves }),
  ),
  msg('CRFConfigClear', result),
  msg(
    'Notiface',
    fc.record({
      SN,
      channel: fc
        .tuple(fc.constantFrom('DO', 'DI', 'AI', 'AO'), fc.integer({ min: 1, max: 32 }))
        .map(([k, n]) => `${k}${n}`),
      level: fc.constantFrom(-1 as const, 1 as const),
      value: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v)),
      Time: time,
      text: text(256),
    }),
  ),
  msg(
    'AlarmAck',
    fc.record({
      equipmentId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      eventId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      SN,
      userId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      userName: text(64),
      at: fc
        .date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
        .map((d) => d.toISOString()),
    }),
  ),
  msg(
    'EquipChanged',
    opt(['reason'], {
      reason: fc.constantFrom('access' as const, 'record' as const, 'sharing' as const),
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    }),
  ),
  msg(
    'Notice',
    fc.record({
      kind: fc.constantFrom('announcement' as const, 'alarm' as const),
      id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      title: text(256),
      count: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  ),
  msg(
    'error',
    opt(['code', 'message'], {
      code: fc.constantFrom(...LIVE_ERROR_CODES),
      message: text(512),
      infotype: text(64),
    }),
  ),
) as fc.Arbitrary<ServerMessage>;

describe('server message properties', () => {
  it('parseServerMessage(encodeMessage(message)) gives it back, for any valid message', () => {
    fc.assert(
      fc.property(serverMessageArb, (message) => {
        expect(parseServerMessage(encodeMessage(message))).toEqual({ ok: true, message });
      }),
      { numRuns: 1000 },
    );
  });
});
