/**
 * The Modbus meter entry (8 bytes), one row of the Modbus list page: which registers the
 * gateway polls from (or writes to) a slave and where it keeps them. docs/protocol.md
 * § Modbus meter entry.
 */
import { clampInt, inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { COMMON, joinParts, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { formatDuration } from '../time.js';
import type { RuleCodec } from './types.js';

export type ModbusDirection = 'slaveToMaster' | 'masterToSlave';

export interface ModbusRegisterKind extends Phrase {
  /** The Modbus function code the gateway sends; null for the disabled entry. */
  readonly functionCode: number | null;
  readonly direction: ModbusDirection | null;
}

/** regType 0-8: what the entry polls or writes. */
export const MODBUS_REGISTER_KINDS = [
  { functionCode: null, direction: null, en: 'disabled', zh: '禁用', tc: '禁用' },
  {
    functionCode: 1,
    direction: 'slaveToMaster',
    en: 'read coils (DO)',
    zh: '读线圈（DO）',
    tc: '讀線圈（DO）',
  },
  {
    functionCode: 2,
    direction: 'slaveToMaster',
    en: 'read discrete inputs (DI)',
    zh: '读离散输入（DI）',
    tc: '讀離散輸入（DI）',
  },
  {
    functionCode: 3,
    direction: 'slaveToMaster',
    en: 'read holding registers',
    zh: '读保持寄存器',
    tc: '讀保持寄存器',
  },
  {
    functionCode: 4,
    direction: 'slaveToMaster',
    en: 'read input (read-only) registers',
    zh: '读只读（输入）寄存器',
    tc: '讀唯讀（輸入）寄存器',
  },
  {
    functionCode: 6,
    direction: 'masterToSlave',
    en: 'write holding register',
    zh: '写保持寄存器',
    tc: '寫保持寄存器',
  },
  {
    functionCode: 5,
    direction: 'masterToSlave',
    en: 'write coil (DO)',
    zh: '写线圈（DO）',
    tc: '寫線圈（DO）',
  },
  {
    functionCode: 16,
    direction: 'masterToSlave',
    en: 'write multiple holding registers',
    zh: '写多个保持寄存器',
    tc: '寫多個保持寄存器',
  },
  {
    functionCode: 15,
    direction: 'masterToSlave',
    en: 'write multiple coils (DO)',
    zh: '写多个线圈（DO）',
    tc: '寫多個線圈（DO）',
  },
] as const satisfies readonly ModbusRegisterKind[];

export const REG_TYPE_MAX = MODBUS_REGISTER_KINDS.length - 1;

/** The function code of a regType; null when disabled or unknown. */
export function functionCodeOf(regType: number): number | null {
  return MODBUS_REGISTER_KINDS[regType]?.functionCode ?? null;
}

export interface ModbusValueType extends Phrase {
  readonly id: string;
  /** Registers (16-bit words) one value takes. */
  readonly words: 1 | 2;
}

/** valueType 0-5: how the registers read are turned into a value. */
export const MODBUS_VALUE_TYPES = [
  { id: 'uint16', words: 1, en: 'uint16', zh: '无符号16位', tc: '無符號16位' },
  { id: 'sint16', words: 1, en: 'sint16', zh: '有符号16位', tc: '有符號16位' },
  { id: 'long', words: 2, en: 'long', zh: '32位整数', tc: '32位整數' },
  {
    id: 'longInverse',
    words: 2,
    en: 'long inverse',
    zh: '32位整数（低字在前）',
    tc: '32位整數（低字在前）',
  },
  { id: 'float', words: 2, en: 'float', zh: '浮点数', tc: '浮點數' },
  {
    id: 'floatInverse',
    words: 2,
    en: 'float inverse',
    zh: '浮点数（低字在前）',
    tc: '浮點數（低字在前）',
  },
] as const satisfies readonly ModbusValueType[];

export const VALUE_TYPE_MAX = MODBUS_VALUE_TYPES.length - 1;

/**
 * The value of a meter reading from its registers (u16 words as read, first register
 * first). long is a signed 32-bit integer and float an IEEE 754 single; plain types put the
 * high word first, the inverse types the low word first. Null for an unknown type or too
 * few words; extra words are ignored.
 */
export function decodeMeterValue(valueType: number, words: readonly number[]): number | null {
  const type = MODBUS_VALUE_TYPES[valueType];
  if (!type || words.length < type.words) return null;
  const first = (words[0] ?? 0) & 0xffff;
  if (type.words === 1) return type.id === 'sint16' && first >= 0x8000 ? first - 0x10000 : first;
  const second = (words[1] ?? 0) & 0xffff;
  const inverse = type.id === 'longInverse' || type.id === 'floatInverse';
  const view = new DataView(new ArrayBuffer(4));
  view.setUint16(0, inverse ? second : first);
  view.setUint16(2, inverse ? first : second);
  return type.id === 'long' || type.id === 'longInverse' ? view.getInt32(0) : view.getFloat32(0);
}

export interface PollDelay {
  /** Seconds between polls; null is the gateway's default. */
  readonly seconds: number | null;
}

/** pollDelay 0-13 (timedly). */
export const POLL_DELAYS = [
  { seconds: null },
  { seconds: 0.5 },
  { seconds: 1 },
  { seconds: 3 },
  { seconds: 5 },
  { seconds: 10 },
  { seconds: 30 },
  { seconds: 60 },
  { seconds: 300 },
  { seconds: 600 },
  { seconds: 1800 },
  { seconds: 3600 },
  { seconds: 43200 },
  { seconds: 86400 },
] as const satisfies readonly PollDelay[];

export const POLL_DELAY_MAX = POLL_DELAYS.length - 1;

const DEFAULT_DELAY: Phrase = { en: 'default', zh: '默认', tc: '預設' };

/** A poll delay code as text: '1 min', 'default'; 'err' for 14 and above. */
export function formatPollDelay(code: number, lang: Lang): string {
  const delay = POLL_DELAYS[code];
  if (!delay) return say(COMMON.err, lang);
  return delay.seconds === null ? say(DEFAULT_DELAY, lang) : formatDuration(delay.seconds, lang);
}

export const SLAVE_MAX = 249;
export const COUNT_MAX = 255;

export interface ModbusMeterEntry {
  /** Slave id (slaveaddr) 0-249. */
  readonly slave: number;
  /** 0 disabled, 1-8 MODBUS_REGISTER_KINDS; 9-255 unknown, kept as read. */
  readonly regType: number;
  /** 0-5 MODBUS_VALUE_TYPES; 6-15 unknown. */
  readonly valueType: number;
  /** 0-13 POLL_DELAYS; 14-15 unknown. */
  readonly pollDelay: number;
  /** Registers (or coils) in the block, 0-255 (regnum). */
  readonly count: number;
  /** First register on the slave (s_start). */
  readonly slaveStart: number;
  /** First register where the gateway keeps the values (m_start). */
  readonly masterStart: number;
}

const SIZE = 8;

const TEXT = {
  slave: { en: 'slave {slave}', zh: '从机{slave}', tc: '從機{slave}' },
  read: {
    en: '{count} from slave address {from} to master address {to}',
    zh: '从机地址{from}起{count}个 → 主机地址{to}',
    tc: '從機地址{from}起{count}個 → 主機地址{to}',
  },
  write: {
    en: '{count} from master address {from} to slave address {to}',
    zh: '主机地址{from}起{count}个 → 从机地址{to}',
    tc: '主機地址{from}起{count}個 → 從機地址{to}',
  },
  valueType: { en: 'value {type}', zh: '数据类型{type}', tc: '數據類型{type}' },
  poll: { en: 'poll every {delay}', zh: '轮询间隔{delay}', tc: '輪詢間隔{delay}' },
} as const satisfies Record<string, Phrase>;

export const modbusMeterCodec: RuleCodec<ModbusMeterEntry> = {
  kind: 'modbusMeter',
  size: SIZE,

  encode(entry) {
    const out = new Uint8Array(SIZE);
    out[0] = maskBits(entry.slave, 8);
    out[1] = maskBits(entry.regType, 8);
    out[2] = (maskBits(entry.valueType, 4) << 4) | maskBits(entry.pollDelay, 4);
    // The register count is clamped, not wrapped: 300 registers asks for as many as fit.
    out[3] = clampInt(entry.count, 0, COUNT_MAX);
    writeU16(out, 4, maskBits(entry.slaveStart, 16));
    writeU16(out, 6, maskBits(entry.masterStart, 16));
    return out;
  },

  decode(bytes) {
    if (bytes.length < SIZE) return null;
    const b2 = bytes[2] ?? 0;
    return {
      slave: bytes[0] ?? 0,
      regType: bytes[1] ?? 0,
      valueType: b2 >> 4,
      pollDelay: b2 & 0x0f,
      count: bytes[3] ?? 0,
      slaveStart: readU16(bytes, 4),
      masterStart: readU16(bytes, 6),
    };
  },

  describe(entry, lang) {
    const kind = MODBUS_REGISTER_KINDS[entry.regType];
    if (!kind) return say(COMMON.err, lang);
    if (kind.functionCode === null) return say(COMMON.disabled, lang);
    const fc = `FC${String(kind.functionCode).padStart(2, '0')}`;
    const [from, to] =
      kind.direction === 'slaveToMaster'
        ? [entry.slaveStart, entry.masterStart]
        : [entry.masterStart, entry.slaveStart];
    const valueType = MODBUS_VALUE_TYPES[entry.valueType];
    return joinParts(
      [
        say(TEXT.slave, lang, { slave: entry.slave }),
        lang === 'en' ? `${say(kind, lang)} (${fc})` : `${say(kind, lang)}（${fc}）`,
        say(kind.direction === 'slaveToMaster' ? TEXT.read : TEXT.write, lang, {
          count: entry.count,
          from,
          to,
        }),
        say(TEXT.valueType, lang, { type: valueType ? say(valueType, lang) : say(COMMON.err, lang) }),
        say(TEXT.poll, lang, { delay: formatPollDelay(entry.pollDelay, lang) }),
      ],
      lang,
    );
  },

  validate(entry) {
    const out: string[] = [];
    if (!inRange(entry.slave, 0, SLAVE_MAX)) out.push(`slave: 0-${SLAVE_MAX}`);
    if (!inRange(entry.regType, 0, REG_TYPE_MAX)) out.push(`regType: 0-${REG_TYPE_MAX}`);
    if (!inRange(entry.valueType, 0, VALUE_TYPE_MAX)) out.push(`valueType: 0-${VALUE_TYPE_MAX}`);
    if (!inRange(entry.pollDelay, 0, POLL_DELAY_MAX)) out.push(`pollDelay: 0-${POLL_DELAY_MAX}`);
    if (!inRange(entry.count, 0, COUNT_MAX)) out.push(`count: 0-${COUNT_MAX} (encode clamps)`);
    if (!inRange(entry.slaveStart, 0, 0xffff)) out.push('slaveStart: 0-65535');
    if (!inRange(entry.masterStart, 0, 0xffff)) out.push('masterStart: 0-65535');
    return out;
  },
};
