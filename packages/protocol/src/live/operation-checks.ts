/**
 * What the server checks before it sends an operation: that its channels exist on the
 * equipment's type and that the user holds the right it needs.
 * docs/protocol.md § Device operations.
 */
import { clampChannelCount } from '../channels.js';
import type { HostRole } from '../equipment/catalogue.js';
import type { ChannelCounts } from '../equipment/record.js';
import type { Permission } from '../equipment/permissions.js';
import { DEFAULT_AO_REGISTER } from '../register-map.js';
import { EQUIPOPR_ONLY_OPERATIONS, LORAOPR_OPERATIONS, OPERATIONS, registerWriteOf } from './operations.js';
import type { Operation, OperationRight } from './operations.js';

export interface OperationCounts extends ChannelCounts {
  /** fAOReg: the first AO holding register (default 400), where rao reads start. */
  readonly aoRegister?: number;
  /** The type's host role: the LoRa operations need a team host. */
  readonly hostRole?: HostRole | null;
}

const LORA_OPERATIONS: readonly string[] = [...LORAOPR_OPERATIONS, ...EQUIPOPR_ONLY_OPERATIONS];

const KIND_NAMES = { do: 'DO', di: 'DI', ai: 'AI', ao: 'AO' } as const;

/** The reason for going past `limit` channels of a kind: '<field>: <bound> (DO channels of this type)'. */
function past(field: string, bound: string, limit: number, kind: keyof typeof KIND_NAMES): string {
  const name = KIND_NAMES[kind];
  return limit === 0
    ? `${field}: this type has no ${name} channels`
    : `${field}: ${bound} (${name} channels of this type)`;
}

/**
 * Whether an operation stays within the equipment type's channels (each count taken as at
 * most 32) and fits the type (LoRa operations only on team hosts): null when it does, else the
 * reason. Other operations that name no channel pass.
 */
export function checkOperationChannels(op: Operation, counts: OperationCounts): string | null {
  if (LORA_OPERATIONS.includes(op.opr) && counts.hostRole !== 'team') {
    return 'opr: this type is not a wireless team host';
  }
  const n = {
    do: clampChannelCount(counts.do),
    di: clampChannelCount(counts.di),
    ai: clampChannelCount(counts.ai),
    ao: clampChannelCount(counts.ao),
  };
  switch (op.opr) {
    case 'open':
    case 'close':
    case 'aopen':
    case 'aclose':
      return n.do === 0 ? past('opr', '', 0, 'do') : null;
    case 'openone':
    case 'closeone':
    case 'openmore':
      return op.io > n.do ? past('io', `1-${n.do}`, n.do, 'do') : null;
    case 'rdo':
      return op.regstart + op.regnum > n.do ? past('regstart + regnum', `at most ${n.do}`, n.do, 'do') : null;
    case 'rdi':
      return op.regstart + op.regnum > n.di ? past('regstart + regnum', `at most ${n.di}`, n.di, 'di') : null;
    case 'rai':
      return op.regstart + op.regnum > n.ai ? past('regstart + regnum', `at most ${n.ai}`, n.ai, 'ai') : null;
    case 'rao': {
      const first = counts.aoRegister ?? DEFAULT_AO_REGISTER;
      if (n.ao === 0) return past('regstart', '', 0, 'ao');
      if (op.regstart < first || op.regstart + op.regnum > first + n.ao) {
        return `regstart, regnum: within registers ${first}-${first + n.ao - 1} (AO channels of this type)`;
      }
      return null;
    }
    case 'wdo':
      return op.doinfo.length > n.do ? past('doinfo', `at most ${n.do} items`, n.do, 'do') : null;
    case 'wao':
      return op.aoinfo.length > n.ao ? past('aoinfo', `at most ${n.ao} items`, n.ao, 'ao') : null;
    default:
      return null;
  }
}

/** What operationRight needs to know of the equipment's type. */
export interface OperationRightOptions {
  /** fAOReg: the first AO holding register (default 400). */
  readonly aoRegister?: number;
  /** The type's AO channels (taken as at most 32); none when absent. */
  readonly ao?: number;
}

/**
 * The right an operation needs on this equipment: the catalogue's, except for a register write
 * (waohex). Writing the device's analog outputs, the AO holding registers from fAOReg for its AO
 * count, is operation; any other register is configuration and needs edit: the rule pages
 * (spec 001 § 6), the clock, the LoRa parameters, the slave table, the Modbus settings.
 */
export function operationRight(op: Operation, opts: OperationRightOptions = {}): OperationRight {
  if (op.opr === 'waohex') {
    const w = registerWriteOf(op.aoinfos);
    const first = opts.aoRegister ?? DEFAULT_AO_REGISTER;
    const outputs = clampChannelCount(opts.ao ?? 0);
    const end = w === null ? 0 : w.start + w.bytes.length / 2;
    const analogOutputs = w !== null && w.start >= first && end <= first + outputs;
    return analogOutputs ? 'operate' : 'edit';
  }
  return OPERATIONS[op.opr].needs;
}

/**
 * Whether a permission grants a right. Operating outputs comes from the operate flag, not
 * from the level, because edit (level 3) does not include it.
 */
export function grantsRight(permission: Permission, right: OperationRight): boolean {
  switch (right) {
    case 'read':
      return permission.level >= 1;
    case 'operate':
      return permission.operate === 1;
    case 'edit':
      return permission.level >= 3;
  }
}
