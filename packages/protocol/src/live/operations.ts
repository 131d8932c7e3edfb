/**
 * The device-operation catalogue (spec 001 § 7): every operation a user can send to a device,
 * its payload, the right it needs and its label. The server validates the body of
 * `POST /equipment/:id/operations` and the live channel's damopr, EquipOpr and loraopr messages
 * against it; the console builds its buttons from it. docs/protocol.md § Device operations.
 */
import { z } from 'zod';
import { RELAY_HOLD } from '../bounds.js';
import { MAX_CHANNELS } from '../channels.js';
import type { Phrase } from '../i18n.js';
import { parseStartHexdata } from '../pages.js';
import { MAX_QUANTITY } from '../modbus/pdu.js';
import { formatIssues, int, list } from './fields.js';
import {
  LORA_KEEP_AWAKE,
  LORA_KEEP_AWAKE_MAX_MS,
  LORA_KEEP_AWAKE_MIN_MS,
  loraAutoCfgCode,
  loraCode,
  loraRadioShape,
  loraRate,
  loraSlaves,
} from './lora.js';

/** A channel in a command, counted from 1 (DO1 is io 1). */
const io = int(1, MAX_CHANNELS);

const HOLD_ERROR = `0 or ${RELAY_HOLD.min}-${RELAY_HOLD.max} (0.1 s)`;
/** A relay hold in 0.1 s: the specification's relay output bound, 0 meaning no return. */
const relayHold = z
  .int({ error: HOLD_ERROR })
  .refine((v) => RELAY_HOLD.validate(v) === null, { error: HOLD_ERROR });
/** One phase of a relay cycle in 0.1 s: the relay output bound without the 0 (a phase must end). */
const relayPhase = int(RELAY_HOLD.min, RELAY_HOLD.max);

/** Register address of a read: 0-65535. */
const regstart = int(0, 0xffff);
/** Channels read at once: at most 32 of a kind. */
const regnum = int(1, MAX_CHANNELS);

const WRITE_ERROR = `'<start>_<hex>': start 0-65535, 1-${MAX_QUANTITY[16]} whole registers, not past 65535`;
/** The register write of waohex / WAOHEX: 'start_HEX' (see pages.ts, formatStartHexdata). */
export const startHexdataSchema = z
  .string({ error: WRITE_ERROR })
  .max(6 + MAX_QUANTITY[16] * 4, { error: WRITE_ERROR })
  .refine((s) => registerWriteOf(s) !== null, { error: WRITE_ERROR });

/** A register write within the FC16 limits, or null. */
export function registerWriteOf(text: string): { start: number; bytes: Uint8Array } | null {
  const w = parseStartHexdata(text);
  if (w === null) return null;
  const registers = w.bytes.length / 2;
  if (registers < 1 || registers > MAX_QUANTITY[16] || w.start + registers > 0x10000) return null;
  return w;
}

/** Cyclic read defaults (spec 000 § 4): 10 reads, 3000 ms apart. */
export const CYCLIC_READ_DEFAULTS = { cnt: 10, cycletime: 3000 } as const;

const PAYLOADS = {
  open: {},
  close: {},
  aopen: {},
  aclose: {},
  openone: { io, dly: relayHold.default(0) },
  closeone: { io, dly: relayHold.default(0) },
  openmore: { io, cnt: int(1, 65535), timer1: relayPhase, timer2: relayPhase },
  rdo: { regstart, regnum },
  rdi: { regstart, regnum },
  rai: { regstart, regnum },
  rao: { regstart, regnum },
  wdo: { doinfo: list(z.literal([0, 1], { error: '0 or 1' }), MAX_CHANNELS, 1) },
  wao: { aoinfo: list(int(0, 0xffff), MAX_CHANNELS, 1) },
  waohex: { aoinfos: startHexdataSchema },
  read: {
    cnt: int(1, 100).default(CYCLIC_READ_DEFAULTS.cnt),
    cycletime: int(1000, 60000).default(CYCLIC_READ_DEFAULTS.cycletime),
  },
  readall: { oprtype: z.literal('damreadall', { error: "'damreadall' or absent" }).optional() },
  readsoc: {},
  READGPS: {},
  LoraAutoCfg: { code: loraAutoCfgCode },
  LoraClearSlave: {},
  LoraRParam: {},
  LoraWParam: loraRadioShape,
  loraautocfg: { loracode: loraCode, delay: int(LORA_KEEP_AWAKE_MIN_MS, LORA_KEEP_AWAKE_MAX_MS).optional() },
  lorarconfig: {},
  lorawconfig: { slaves: loraSlaves },
  LoRaRTiming: {},
  LoRaWTiming: { interval: loraRate },
} as const satisfies Record<string, z.ZodRawShape>;

type Payloads = typeof PAYLOADS;
export type OperationName = keyof Payloads;
export const OPERATION_NAMES = Object.keys(PAYLOADS) as OperationName[];

// opr is part of the shape so that an operation without payload infers as { opr } (an empty
// zod shape would infer as Record<string, never>).
type Shape<N extends OperationName> = { opr: z.ZodLiteral<N> } & Payloads[N];
/** One operation of the catalogue, as sent (after defaults are filled in). */
export type OperationOf<N extends OperationName> =
  Shape<N> extends z.ZodRawShape ? z.output<z.ZodObject<Shape<N>>> : never;
/** Any operation of the catalogue. */
export type Operation = { [N in OperationName]: OperationOf<N> }[OperationName];
/** An operation as a sender may write it (fields with defaults may be left out). */
export type OperationInput = {
  [N in OperationName]: Shape<N> extends z.ZodRawShape ? z.input<z.ZodObject<Shape<N>>> : never;
}[OperationName];

/** The live-channel message an operation travels in. */
export type OperationVia = 'damopr' | 'EquipOpr' | 'loraopr';
/**
 * The right an operation needs. Edit is a right of its own, not more than operate: a user
 * may change settings without switching outputs (see equipment/permissions.ts).
 */
export type OperationRight = 'read' | 'operate' | 'edit';

/** The operation types of the EquipOpr call and message (spec 001 § 7). */
export const EQUIP_OPR_TYPES = [
  'OPEN',
  'CLOSE',
  'AOPEN',
  'ACLOSE',
  'OPENONE',
  'CLOSEONE',
  'OPRMORE',
  'RDO',
  'RDI',
  'RAI',
  'RAO',
  'WDO',
  'WAO',
  'WAOHEX',
  'READ',
  'READSOC',
  'AllInfo',
  'LoraAutoCfg',
  'LoraClearSlave',
  'LoraRParam',
  'LoraWParam',
] as const;
export type EquipOprType = (typeof EQUIP_OPR_TYPES)[number];

interface Meta {
  readonly type: EquipOprType | null;
  readonly via: OperationVia;
  readonly needs: OperationRight;
  readonly label: Phrase;
}

function m(type: EquipOprType | null, needs: OperationRight, label: Phrase): Omit<Meta, 'via'> {
  return { type, needs, label };
}

/** The operations sent in a loraopr message (spec 001 § 7, Lora push messages). */
export const LORAOPR_OPERATIONS = [
  'loraautocfg',
  'lorarconfig',
  'lorawconfig',
  'LoRaRTiming',
  'LoRaWTiming',
] as const;
export type LoraOprName = (typeof LORAOPR_OPERATIONS)[number];
/** The operations that exist only as EquipOpr types (spec 001 § 7, equip_do operations). */
export const EQUIPOPR_ONLY_OPERATIONS = [
  'LoraAutoCfg',
  'LoraClearSlave',
  'LoraRParam',
  'LoraWParam',
] as const;
export type EquipOprOnlyName = (typeof EQUIPOPR_ONLY_OPERATIONS)[number];
/** The operations sent in a damopr message: all the others. */
export type DamOprName = Exclude<OperationName, LoraOprName | EquipOprOnlyName>;

function viaOf(n: OperationName): OperationVia {
  if ((LORAOPR_OPERATIONS as readonly string[]).includes(n)) return 'loraopr';
  if ((EQUIPOPR_ONLY_OPERATIONS as readonly string[]).includes(n)) return 'EquipOpr';
  return 'damopr';
}

const META_BASE: Readonly<Record<OperationName, Omit<Meta, 'via'>>> = {
  open: m('OPEN', 'operate', { en: 'Open all outputs', zh: '全部打开', tc: '全部打開' }),
  close: m('CLOSE', 'operate', { en: 'Close all outputs', zh: '全部关闭', tc: '全部關閉' }),
  aopen: m('AOPEN', 'operate', {
    en: 'Open all outputs (confirmed)',
    zh: '全部打开（已确认）',
    tc: '全部打開（已確認）',
  }),
  aclose: m('ACLOSE', 'operate', {
    en: 'Close all outputs (confirmed)',
    zh: '全部关闭（已确认）',
    tc: '全部關閉（已確認）',
  }),
  openone: m('OPENONE', 'operate', { en: 'Open one output', zh: '打开单路输出', tc: '打開單路輸出' }),
  closeone: m('CLOSEONE', 'operate', { en: 'Close one output', zh: '关闭单路输出', tc: '關閉單路輸出' }),
  openmore: m('OPRMORE', 'operate', { en: 'Cycle one output', zh: '单路循环开关', tc: '單路循環開關' }),
  rdo: m('RDO', 'read', { en: 'Read DO states', zh: '读取DO状态', tc: '讀取DO狀態' }),
  rdi: m('RDI', 'read', { en: 'Read DI states', zh: '读取DI状态', tc: '讀取DI狀態' }),
  rai: m('RAI', 'read', { en: 'Read AI values', zh: '读取AI数值', tc: '讀取AI數值' }),
  rao: m('RAO', 'read', { en: 'Read AO values', zh: '读取AO数值', tc: '讀取AO數值' }),
  wdo: m('WDO', 'operate', { en: 'Write DO states', zh: '写入DO状态', tc: '寫入DO狀態' }),
  wao: m('WAO', 'operate', { en: 'Write AO values', zh: '写入AO数值', tc: '寫入AO數值' }),
  waohex: m('WAOHEX', 'operate', { en: 'Write registers', zh: '写入寄存器', tc: '寫入寄存器' }),
  read: m('READ', 'read', { en: 'Cyclic read', zh: '循环读取', tc: '循環讀取' }),
  readall: m('AllInfo', 'read', { en: 'Read all', zh: '读取全部', tc: '讀取全部' }),
  readsoc: m('READSOC', 'read', { en: 'Read battery level', zh: '读取电量', tc: '讀取電量' }),
  READGPS: m(null, 'read', { en: 'Read GPS position', zh: '读取GPS定位', tc: '讀取GPS定位' }),
  LoraAutoCfg: m('LoraAutoCfg', 'edit', {
    en: 'LoRa auto-configuration',
    zh: 'LoRa自动配置',
    tc: 'LoRa自動配置',
  }),
  LoraClearSlave: m('LoraClearSlave', 'edit', {
    en: 'Clear LoRa slaves',
    zh: '清除LoRa从机',
    tc: '清除LoRa從機',
  }),
  LoraRParam: m('LoraRParam', 'read', {
    en: 'Read LoRa radio parameters',
    zh: '读取LoRa无线参数',
    tc: '讀取LoRa無線參數',
  }),
  LoraWParam: m('LoraWParam', 'edit', {
    en: 'Write LoRa radio parameters',
    zh: '写入LoRa无线参数',
    tc: '寫入LoRa無線參數',
  }),
  loraautocfg: m(null, 'edit', {
    en: 'LoRa auto-configuration control',
    zh: 'LoRa自动配置控制',
    tc: 'LoRa自動配置控制',
  }),
  lorarconfig: m(null, 'read', { en: 'Read LoRa slave table', zh: '读取LoRa从机表', tc: '讀取LoRa從機表' }),
  lorawconfig: m(null, 'edit', { en: 'Write LoRa slave table', zh: '写入LoRa从机表', tc: '寫入LoRa從機表' }),
  LoRaRTiming: m(null, 'read', {
    en: 'Read LoRa report interval',
    zh: '读取LoRa上报周期',
    tc: '讀取LoRa上報週期',
  }),
  LoRaWTiming: m(null, 'edit', {
    en: 'Write LoRa report interval',
    zh: '写入LoRa上报周期',
    tc: '寫入LoRa上報週期',
  }),
};

const META = Object.fromEntries(
  OPERATION_NAMES.map((n) => [n, { ...META_BASE[n], via: viaOf(n) }]),
) as Readonly<Record<OperationName, Meta>>;

interface Issue {
  readonly path: string;
  readonly message: string;
}

/** Checks that span two fields of one payload. */
const CHECKS: { readonly [N in OperationName]?: (op: OperationOf<N>) => Issue | null } = {
  rdo: registerSpan,
  rdi: registerSpan,
  rai: registerSpan,
  rao: registerSpan,
  loraautocfg: (op) =>
    op.delay !== undefined && op.loracode !== LORA_KEEP_AWAKE
      ? { path: 'delay', message: `only with loracode ${LORA_KEEP_AWAKE} (keep awake)` }
      : null,
};

function registerSpan(op: { regstart: number; regnum: number }): Issue | null {
  return op.regstart + op.regnum > 0x10000 ? { path: 'regnum', message: 'reads past register 65535' } : null;
}

function buildSchema<N extends OperationName>(opr: N, extra: z.ZodRawShape = {}) {
  const check = CHECKS[opr] as ((op: unknown) => Issue | null) | undefined;
  return z.strictObject({ opr: z.literal(opr), ...PAYLOADS[opr], ...extra }).superRefine((value, ctx) => {
    const issue = check?.(value);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}

/** One catalogue entry. */
export interface OperationSpec<N extends OperationName = OperationName> {
  readonly opr: N;
  /** The EquipOpr operation type, or null when the operation has none. */
  readonly type: EquipOprType | null;
  /** The live-channel message that carries it. */
  readonly via: OperationVia;
  /** The payload's fields (everything besides opr and unid). */
  readonly payload: z.ZodObject;
  /** The whole operation: opr and payload, unknown keys rejected. */
  readonly schema: z.ZodType<OperationOf<N>, unknown>;
  readonly needs: OperationRight;
  /** Whether it changes anything on the device (outputs, registers, radio settings). */
  readonly writes: boolean;
  readonly label: Phrase;
}

function spec<N extends OperationName>(opr: N): OperationSpec<N> {
  const meta = META[opr];
  return {
    opr,
    ...meta,
    payload: z.strictObject(PAYLOADS[opr]),
    schema: buildSchema(opr) as unknown as z.ZodType<OperationOf<N>, unknown>,
    writes: meta.needs !== 'read',
  };
}

export const OPERATIONS: { readonly [N in OperationName]: OperationSpec<N> } = Object.fromEntries(
  OPERATION_NAMES.map((n) => [n, spec(n)]),
) as { [N in OperationName]: OperationSpec<N> };

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PAYLOADS, value);
}

/** The operations a live-channel message kind carries. */
export function operationsVia(via: OperationVia): OperationName[] {
  return OPERATION_NAMES.filter((n) => META[n].via === via);
}

/**
 * A discriminated union (on opr) of the named operations with `extra` fields added: the body
 * of the operations call with none, a damopr info with `unid`.
 */
export function operationUnion<T>(
  names: readonly OperationName[],
  extra: z.ZodRawShape = {},
): z.ZodType<T, unknown> {
  const [first, ...rest] = names.map((n) => buildSchema(n, extra));
  if (!first) throw new RangeError('operationUnion needs at least one operation');
  return z.discriminatedUnion('opr', [first, ...rest]) as unknown as z.ZodType<T, unknown>;
}

/** Any operation of the catalogue: the body of `POST /equipment/:id/operations`. */
export const OperationSchema = operationUnion<Operation>(OPERATION_NAMES);

export type OperationResult =
  { readonly ok: true; readonly operation: Operation } | { readonly ok: false; readonly error: string };

/**
 * The body of `POST /api/v1/equipment/:id/operations` (a damopr info without unid, e.g.
 * `{ "opr": "openone", "io": 1, "dly": 0 }`) → an operation with its defaults filled in.
 * Never throws; the error names the field and its bound.
 */
export function parseOperation(body: unknown): OperationResult {
  try {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return { ok: false, error: 'operation: an object with opr' };
    }
    const opr: unknown = (body as Record<string, unknown>)['opr'];
    if (!isOperationName(opr)) {
      const shown = typeof opr === 'string' ? `'${opr.slice(0, 32)}'` : 'missing';
      return { ok: false, error: `opr: unknown operation (${shown})` };
    }
    const r = OPERATIONS[opr].schema.safeParse(body);
    return r.success ? { ok: true, operation: r.data } : { ok: false, error: formatIssues(r.error) };
  } catch {
    return { ok: false, error: 'operation: unreadable' };
  }
}
