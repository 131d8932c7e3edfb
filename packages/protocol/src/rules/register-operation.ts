/**
 * The register operation (5 bytes): assign to, add to or subtract from a register or an AO
 * channel. It is the payload of output mode 6 (extended function) and is reused by the scenes.
 * docs/protocol.md § Register operation.
 */
import { inRange, maskBits, readS16, readU16, writeU16 } from '../bytes.js';
import { COMMON, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import type { RuleCodec } from './types.js';

export interface RegisterOperation {
  /** 0 assign, 1 add, 2 subtract; 3 is unknown and kept as read (2 bits). */
  readonly mathType: number;
  /** 0-8, see REGISTER_TYPES; 9-15 are unknown and kept as read (4 bits). */
  readonly regType: number;
  /** Register address, or the AO channel (from 0) when regType is 0. */
  readonly regAddr: number;
  /** Raw u16; a holding s16 target reads it as signed. */
  readonly value: number;
}

export interface MathOperation {
  readonly code: number;
  readonly name: Phrase;
  /** The operator shown in descriptions. */
  readonly symbol: string;
}

/** The math types, indexed by code. */
export const MATH_OPERATIONS: readonly MathOperation[] = [
  { code: 0, name: { en: 'assign', zh: '赋值', tc: '賦值' }, symbol: '=' },
  { code: 1, name: { en: 'add', zh: '加', tc: '加' }, symbol: '+=' },
  { code: 2, name: { en: 'subtract', zh: '减', tc: '減' }, symbol: '-=' },
];

export interface RegisterType {
  readonly code: number;
  readonly name: Phrase;
}

/** The register types, indexed by code. */
export const REGISTER_TYPES: readonly RegisterType[] = [
  { code: 0, name: { en: 'AO channel', zh: 'AO通道', tc: 'AO通道' } },
  { code: 1, name: { en: 'holding register (u16)', zh: '保持寄存器(u16)', tc: '保持寄存器(u16)' } },
  { code: 2, name: { en: 'holding register (s16)', zh: '保持寄存器(s16)', tc: '保持寄存器(s16)' } },
  { code: 3, name: { en: 'holding register (s32)', zh: '保持寄存器(s32)', tc: '保持寄存器(s32)' } },
  { code: 4, name: { en: 'holding register (float)', zh: '保持寄存器(float)', tc: '保持寄存器(float)' } },
  { code: 5, name: { en: 'cache register', zh: '缓存寄存器', tc: '緩存寄存器' } },
  { code: 6, name: { en: 'time register', zh: '时间寄存器', tc: '時間寄存器' } },
  { code: 7, name: { en: 'cumulative flow', zh: '累计流量', tc: '累計流量' } },
  { code: 8, name: { en: 'changed flow', zh: '变化流量', tc: '變化流量' } },
];

export const REGISTER_TYPE_AO_CHANNEL = 0;
export const REGISTER_TYPE_HOLDING_S16 = 2;

/** A register type's name, or 'err' for a code outside the table. */
export function registerTypeName(code: number, lang: Lang): string {
  const entry = REGISTER_TYPES[code];
  return entry ? say(entry.name, lang) : say(COMMON.err, lang);
}

/** A math type's name, or 'err' for a code outside the table. */
export function mathOperationName(code: number, lang: Lang): string {
  const entry = MATH_OPERATIONS[code];
  return entry ? say(entry.name, lang) : say(COMMON.err, lang);
}

const SIZE = 5;

function encode(op: RegisterOperation): Uint8Array {
  const out = new Uint8Array(SIZE);
  out[0] = (maskBits(op.mathType, 2) << 6) | maskBits(op.regType, 4);
  writeU16(out, 1, maskBits(op.regAddr, 16));
  writeU16(out, 3, maskBits(op.value, 16));
  return out;
}

function decode(bytes: Uint8Array): RegisterOperation | null {
  if (bytes.length < SIZE) return null;
  const b0 = bytes[0] ?? 0;
  return { mathType: b0 >> 6, regType: b0 & 15, regAddr: readU16(bytes, 1), value: readU16(bytes, 3) };
}

function describe(op: RegisterOperation, lang: Lang): string {
  const math = MATH_OPERATIONS[op.mathType];
  const type = REGISTER_TYPES[op.regType];
  if (!math || !type) return say(COMMON.err, lang);
  const target =
    op.regType === REGISTER_TYPE_AO_CHANNEL ? `AO${op.regAddr + 1}` : `${say(type.name, lang)} ${op.regAddr}`;
  let value = op.value;
  if (op.regType === REGISTER_TYPE_HOLDING_S16) {
    const raw = new Uint8Array(2);
    writeU16(raw, 0, maskBits(op.value, 16));
    value = readS16(raw, 0);
  }
  return `${target} ${math.symbol} ${value}`;
}

function validate(op: RegisterOperation): string[] {
  const reasons: string[] = [];
  if (!MATH_OPERATIONS[op.mathType]) reasons.push('mathType: 0-2');
  if (!REGISTER_TYPES[op.regType]) reasons.push('regType: 0-8');
  if (op.regType === REGISTER_TYPE_AO_CHANNEL) {
    if (!inRange(op.regAddr, 0, 31)) reasons.push('regAddr: AO channel 0-31');
  } else if (!inRange(op.regAddr, 0, 65535)) reasons.push('regAddr: 0-65535');
  if (!inRange(op.value, 0, 65535)) reasons.push('value: 0-65535');
  return reasons;
}

export const registerOperationCodec: RuleCodec<RegisterOperation> = {
  kind: 'registerOperation',
  size: SIZE,
  encode,
  decode,
  describe,
  validate,
};
