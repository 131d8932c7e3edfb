/**
 * The DL645 meter entry (14 bytes), one row of the DL645 list page: which data item the
 * gateway reads from a DL/T 645 meter and where it keeps it. 10 entries fill the page's 70
 * registers. docs/protocol.md § DL645 meter entry.
 */
import { inRange, maskBits, readU16, readU32, toHex, writeU16, writeU32 } from '../bytes.js';
import { COMMON, joinParts, say } from '../i18n.js';
import type { Phrase } from '../i18n.js';
import { formatPollDelay, POLL_DELAY_MAX } from './modbus-meter.js';
import type { RuleCodec } from './types.js';

/** mode 0-2 (oprmode): the DL/T 645 edition read, which fixes the identifier's width. */
export const DL645_MODES = [
  { edition: null, idBytes: 0, en: 'disabled', zh: '禁用', tc: '禁用' },
  { edition: '2007', idBytes: 4, en: 'DL/T 645-2007', zh: 'DL/T 645-2007', tc: 'DL/T 645-2007' },
  { edition: '1997', idBytes: 2, en: 'DL/T 645-1997', zh: 'DL/T 645-1997', tc: 'DL/T 645-1997' },
] as const satisfies readonly (Phrase & { edition: string | null; idBytes: number })[];

export const DL645_MODE_MAX = DL645_MODES.length - 1;

export interface Dl645MeterEntry {
  /** 0 disabled, 1 DL/T 645-2007, 2 DL/T 645-1997; 3-255 unknown, kept as read. */
  readonly mode: number;
  /** 12 upper-case hex digits, most significant first, as printed on the meter; AA bytes are wildcards. */
  readonly address: string;
  /** The data identifier (DI3 DI2 DI1 DI0) as a number; a 1997 identifier fits in the low 16 bits. */
  readonly dataId: number;
  /** First register where the gateway keeps the value (m_start). */
  readonly masterStart: number;
  /** 0-13, the Modbus entry's POLL_DELAYS; 14-255 unknown. */
  readonly pollDelay: number;
}

const SIZE = 14;
const ADDRESS_BYTES = 6;
const ADDRESS_DIGITS = ADDRESS_BYTES * 2;

/** A data identifier as printed: '00-01-00-00' (4 bytes) or '90-10' (a 1997 identifier, 2 bytes). */
export function formatDataId(n: number, bytes: 2 | 4 = 4): string {
  const hex = maskBits(n, bytes * 8)
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, '0');
  return (hex.match(/../g) ?? []).join('-');
}

/**
 * The 6 address bytes of an address string. Spaces are ignored and a short address is
 * right-aligned (its leading zeros may be left out, as on a meter's label); anything that is
 * not up to 12 hex digits encodes as zeros, which validate reports.
 */
function addressBytes(address: string): Uint8Array {
  const out = new Uint8Array(ADDRESS_BYTES);
  const digits = typeof address === 'string' ? address.replace(/\s+/g, '') : '';
  if (!/^[0-9a-fA-F]{0,12}$/.test(digits)) return out;
  const padded = digits.padStart(ADDRESS_DIGITS, '0');
  for (let i = 0; i < ADDRESS_BYTES; i++) out[i] = parseInt(padded.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** True when every byte of the address is two BCD digits or the wildcard AA. */
export function isValidDl645Address(address: string): boolean {
  if (typeof address !== 'string' || !/^[0-9a-fA-F]{12}$/.test(address)) return false;
  return (address.match(/../g) ?? []).every((pair) => /^[0-9]{2}$/.test(pair) || /^aa$/i.test(pair));
}

const TEXT = {
  meter: {
    en: 'meter {address} ({edition})',
    zh: '电表{address}（{edition}）',
    tc: '電錶{address}（{edition}）',
  },
  data: {
    en: 'data {id} to master address {to}',
    zh: '数据标识{id} → 主机地址{to}',
    tc: '數據標識{id} → 主機地址{to}',
  },
  poll: { en: 'poll every {delay}', zh: '轮询间隔{delay}', tc: '輪詢間隔{delay}' },
} as const satisfies Record<string, Phrase>;

export const dl645MeterCodec: RuleCodec<Dl645MeterEntry> = {
  kind: 'dl645Meter',
  size: SIZE,

  encode(entry) {
    const out = new Uint8Array(SIZE);
    out[0] = maskBits(entry.mode, 8);
    out.set(addressBytes(entry.address), 1);
    writeU32(out, 7, maskBits(entry.dataId, 32));
    writeU16(out, 11, maskBits(entry.masterStart, 16));
    out[13] = maskBits(entry.pollDelay, 8);
    return out;
  },

  decode(bytes) {
    if (bytes.length < SIZE) return null;
    return {
      mode: bytes[0] ?? 0,
      address: toHex(bytes.subarray(1, 1 + ADDRESS_BYTES)),
      dataId: readU32(bytes, 7),
      masterStart: readU16(bytes, 11),
      pollDelay: bytes[13] ?? 0,
    };
  },

  describe(entry, lang) {
    const mode = DL645_MODES[entry.mode];
    if (!mode) return say(COMMON.err, lang);
    if (mode.edition === null) return say(COMMON.disabled, lang);
    const idBytes = mode.idBytes === 2 && entry.dataId <= 0xffff ? 2 : 4;
    return joinParts(
      [
        say(TEXT.meter, lang, { address: entry.address, edition: say(mode, lang) }),
        say(TEXT.data, lang, { id: formatDataId(entry.dataId, idBytes), to: entry.masterStart }),
        say(TEXT.poll, lang, { delay: formatPollDelay(entry.pollDelay, lang) }),
      ],
      lang,
    );
  },

  validate(entry) {
    const out: string[] = [];
    if (!inRange(entry.mode, 0, DL645_MODE_MAX)) out.push(`mode: 0-${DL645_MODE_MAX}`);
    if (!isValidDl645Address(entry.address)) out.push('address: 12 BCD digits, AA bytes as wildcards');
    const idMax = entry.mode === 2 ? 0xffff : 0xffffffff;
    if (!inRange(entry.dataId, 0, idMax)) {
      out.push(entry.mode === 2 ? 'dataId: 0-0xFFFF for DL/T 645-1997' : 'dataId: 0-0xFFFFFFFF');
    }
    if (!inRange(entry.masterStart, 0, 0xffff)) out.push('masterStart: 0-65535');
    if (!inRange(entry.pollDelay, 0, POLL_DELAY_MAX)) out.push(`pollDelay: 0-${POLL_DELAY_MAX}`);
    return out;
  },
};
