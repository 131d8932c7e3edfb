/**
 * Operands of the function and assignment calculations: a 4-bit source type and a u16
 * value that is the constant itself or the channel / register address to read.
 * docs/protocol.md § Operand sources.
 */
import { inRange } from '../../bytes.js';
import { COMMON, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { CHANNEL_MAX } from './common.js';

export interface Operand {
  /** 0-13, see OPERAND_SOURCES; 14-15 are unknown and kept as read (4 bits). */
  readonly source: number;
  /** u16: the constant, the channel (from 0) or the register address. */
  readonly value: number;
}

export interface OperandSource {
  readonly code: number;
  readonly name: Phrase;
  /** How the value is read: as a number, a channel (shown from 1) or a register address. */
  readonly kind: 'constant' | 'channel' | 'register';
  /** Channel prefix in descriptions (AI1, AO2). */
  readonly prefix?: string;
}

/** The operand source types, indexed by code. */
export const OPERAND_SOURCES: readonly OperandSource[] = [
  { code: 0, name: { en: 'constant', zh: '常数', tc: '常數' }, kind: 'constant' },
  { code: 1, name: { en: 'AI channel', zh: 'AI通道', tc: 'AI通道' }, kind: 'channel', prefix: 'AI' },
  { code: 2, name: { en: 'AO channel', zh: 'AO通道', tc: 'AO通道' }, kind: 'channel', prefix: 'AO' },
  readOnly(3, 'u16'),
  readOnly(4, 's16'),
  readOnly(5, 's32'),
  readOnly(6, 'float'),
  holding(7, 'u16'),
  holding(8, 's16'),
  holding(9, 's32'),
  holding(10, 'float'),
  { code: 11, name: { en: 'cache register', zh: '缓存寄存器', tc: '緩存寄存器' }, kind: 'register' },
  { code: 12, name: { en: 'time register', zh: '时间寄存器', tc: '時間寄存器' }, kind: 'register' },
  { code: 13, name: { en: 'flow register', zh: '流量寄存器', tc: '流量寄存器' }, kind: 'register' },
];

function readOnly(code: number, format: string): OperandSource {
  return {
    code,
    name: { en: `read-only register (${format})`, zh: `只读寄存器(${format})`, tc: `唯讀寄存器(${format})` },
    kind: 'register',
  };
}

function holding(code: number, format: string): OperandSource {
  return {
    code,
    name: { en: `holding register (${format})`, zh: `保持寄存器(${format})`, tc: `保持寄存器(${format})` },
    kind: 'register',
  };
}

export const OPERAND_SOURCE_MAX = OPERAND_SOURCES.length - 1;

/**
 * An operand as text: a constant as its number, a channel as AI1 / AO1, a register as its
 * type and address ('holding register (u16) 40', the form register operations use);
 * 'err' for an unknown source.
 */
export function describeOperand(op: Operand, lang: Lang): string {
  const src = OPERAND_SOURCES[op.source];
  if (!src) return say(COMMON.err, lang);
  if (src.kind === 'constant') return String(op.value);
  if (src.kind === 'channel') return `${src.prefix ?? ''}${op.value + 1}`;
  return `${say(src.name, lang)} ${op.value}`;
}

/** Reasons an operand is out of bounds, each prefixed with `field`. */
export function validateOperand(op: Operand, field: string): string[] {
  const out: string[] = [];
  const src = OPERAND_SOURCES[op.source];
  if (!src) out.push(`${field}.source: 0-${OPERAND_SOURCE_MAX}`);
  if (src?.kind === 'channel') {
    if (!inRange(op.value, 0, CHANNEL_MAX)) out.push(`${field}.value: channel 0-${CHANNEL_MAX}`);
  } else if (!inRange(op.value, 0, 0xffff)) out.push(`${field}.value: 0-65535`);
  return out;
}
