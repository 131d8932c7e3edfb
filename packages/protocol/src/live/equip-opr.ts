/**
 * The EquipOpr form of an operation: `{ oprtype, unid, oprinfo }` with an operation type
 * (OPEN, OPENONE, WAOHEX, LoraAutoCfg …) and its parameters flattened into one string, the form
 * of the specification's `GET EquipOpr` call and its equip_do requests.
 * docs/protocol.md § EquipOpr.
 */
import { z } from 'zod';
import { formatIssues, text, unitId } from './fields.js';
import { EQUIP_OPR_TYPES, OPERATION_NAMES, OPERATIONS } from './operations.js';
import type { EquipOprType, Operation, OperationName, OperationResult } from './operations.js';

/** The longest oprinfo: a 123-register write ('65535_' and 492 hex digits) fits. */
export const MAX_OPRINFO = 512;

export interface EquipOprRequest {
  readonly oprtype: EquipOprType;
  readonly unid: string;
  readonly oprinfo: string;
}

/**
 * Which payload fields an operation type lists in oprinfo, in order, comma-separated as
 * decimal whole numbers. WDO and WAO list their states or values instead; WAOHEX carries its
 * start_hexdata as it is.
 */
const FIELDS: Readonly<Record<EquipOprType, readonly string[] | 'list' | 'startHexdata'>> = {
  OPEN: [],
  CLOSE: [],
  AOPEN: [],
  ACLOSE: [],
  OPENONE: ['io', 'dly'],
  CLOSEONE: ['io', 'dly'],
  OPRMORE: ['io', 'cnt', 'timer1', 'timer2'],
  RDO: ['regstart', 'regnum'],
  RDI: ['regstart', 'regnum'],
  RAI: ['regstart', 'regnum'],
  RAO: ['regstart', 'regnum'],
  WDO: 'list',
  WAO: 'list',
  WAOHEX: 'startHexdata',
  READ: ['cnt', 'cycletime'],
  READSOC: [],
  AllInfo: [],
  LoraAutoCfg: ['code'],
  LoraClearSlave: [],
  LoraRParam: [],
  LoraWParam: ['netId', 'channel', 'airRate', 'power'],
};

const LIST_FIELD: Partial<Record<EquipOprType, string>> = { WDO: 'doinfo', WAO: 'aoinfo' };

const OPR_OF_TYPE = new Map<EquipOprType, OperationName>(
  OPERATION_NAMES.flatMap((n) => {
    const type = OPERATIONS[n].type;
    return type === null ? [] : [[type, n] as const];
  }),
);

export function isEquipOprType(value: unknown): value is EquipOprType {
  return typeof value === 'string' && (EQUIP_OPR_TYPES as readonly string[]).includes(value);
}

/** The operation name of an EquipOpr type ('OPRMORE' → 'openmore', 'AllInfo' → 'readall'). */
export function operationOfType(type: EquipOprType): OperationName {
  return OPR_OF_TYPE.get(type)!;
}

/** An operation as an EquipOpr request; null for an operation that has no EquipOpr type (READGPS, the loraopr ones). */
export function toEquipOpr(unid: string, op: Operation): EquipOprRequest | null {
  const type = OPERATIONS[op.opr].type;
  if (type === null) return null;
  const fields = FIELDS[type];
  const values = op as unknown as Readonly<Record<string, unknown>>;
  let oprinfo: string;
  if (fields === 'startHexdata') oprinfo = String(values['aoinfos']);
  else if (fields === 'list') oprinfo = (values[LIST_FIELD[type]!] as readonly number[]).join(',');
  else oprinfo = fields.map((f) => String(values[f])).join(',');
  return { oprtype: type, unid, oprinfo };
}

function numbers(oprinfo: string): number[] | null {
  if (oprinfo === '') return [];
  const parts = oprinfo.split(',');
  if (parts.some((p) => !/^(?:0|[1-9]\d{0,9})$/.test(p))) return null;
  return parts.map(Number);
}

/**
 * An EquipOpr type and oprinfo → the operation, checked against the catalogue. Never throws;
 * the error names what is wrong.
 */
export function fromEquipOpr(oprtype: unknown, oprinfo: unknown): OperationResult {
  if (!isEquipOprType(oprtype)) return { ok: false, error: 'oprtype: unknown operation type' };
  if (typeof oprinfo !== 'string' || oprinfo.length > MAX_OPRINFO) {
    return { ok: false, error: `oprinfo: string of at most ${MAX_OPRINFO} characters` };
  }
  const opr = operationOfType(oprtype);
  const fields = FIELDS[oprtype];
  const body: Record<string, unknown> = { opr };
  if (fields === 'startHexdata') {
    body['aoinfos'] = oprinfo;
  } else {
    const values = numbers(oprinfo);
    if (values === null)
      return { ok: false, error: 'oprinfo: comma-separated whole numbers, no sign or leading zero' };
    if (fields === 'list') {
      body[LIST_FIELD[oprtype]!] = values;
    } else {
      if (values.length !== fields.length) {
        const shape = fields.length === 0 ? 'empty' : fields.join(',');
        return { ok: false, error: `oprinfo: ${shape} for ${oprtype}` };
      }
      fields.forEach((f, i) => (body[f] = values[i]));
    }
  }
  const r = OPERATIONS[opr].schema.safeParse(body);
  return r.success
    ? { ok: true, operation: r.data }
    : { ok: false, error: `oprinfo: ${formatIssues(r.error)}` };
}

/** The info of an EquipOpr message: the type, the unit and an oprinfo that fits the type. */
export const EquipOprInfoSchema = z
  .strictObject({
    oprtype: z.enum(EQUIP_OPR_TYPES, { error: 'an EquipOpr operation type' }),
    unid: unitId,
    oprinfo: text(MAX_OPRINFO),
  })
  .superRefine((v, ctx) => {
    const r = fromEquipOpr(v.oprtype, v.oprinfo);
    if (!r.ok)
      ctx.addIssue({ code: 'custom', path: ['oprinfo'], message: r.error.replace(/^oprinfo: /, '') });
  });
