/**
 * Whole rule pages: 10 rules to and from the registers of one read or write, and the hex
 * form a write carries. docs/protocol.md § Pages.
 */
import { fromHex, toHex } from './bytes.js';
import { PAGE_TYPES, pageStart, RULES_PER_PAGE } from './register-map.js';
import type { PageTypeName, SeriesOptions } from './register-map.js';
import { encodeRule, RULE_CODECS, RULE_KINDS } from './rules/index.js';
import type { RuleCodec, RuleKind, RuleOf } from './rules/index.js';

/** The rule model held by a page type. */
export type PageRule<T extends PageTypeName> = RuleOf<(typeof PAGE_TYPES)[T]['kind']>;

/** Bytes in one page of a type: two per register. */
export function pageByteLength(type: PageTypeName): number {
  return PAGE_TYPES[type].registers * 2;
}

/** Bytes of one rule slot of a page type. */
export function ruleSize(type: PageTypeName): number {
  return RULE_KINDS[PAGE_TYPES[type].kind];
}

/**
 * The 10 rules of a page from its bytes. A slot the bytes do not fully cover is null (shown
 * as '---', 'please refresh'); bytes past the 10th rule are padding and ignored.
 */
export function decodePage<T extends PageTypeName>(type: T, bytes: Uint8Array): (PageRule<T> | null)[] {
  const kind: RuleKind = PAGE_TYPES[type].kind;
  // The codec is looked up once a page, not once a rule: decodeRule's checks would repeat ten times.
  const codec = RULE_CODECS[kind] as unknown as RuleCodec<PageRule<T>>;
  const size = codec.size;
  const out: (PageRule<T> | null)[] = [];
  for (let i = 0; i < RULES_PER_PAGE; i++) {
    const slot = bytes.subarray(i * size, (i + 1) * size);
    out.push(slot.length === size ? codec.decode(slot) : null);
  }
  return out;
}

/**
 * The bytes of a whole page (registers × 2). Slots given as null or missing are written as
 * zeros, which every model reads as disabled; padding after the 10th rule is zero.
 */
export function encodePage<T extends PageTypeName>(
  type: T,
  rules: readonly (PageRule<T> | null)[],
): Uint8Array {
  if (rules.length > RULES_PER_PAGE) {
    throw new RangeError(`a page holds ${RULES_PER_PAGE} rules, got ${rules.length}`);
  }
  const kind: RuleKind = PAGE_TYPES[type].kind;
  const size = RULE_KINDS[kind];
  const out = new Uint8Array(pageByteLength(type));
  rules.forEach((rule, i) => {
    // PageRule<T> is the model of this page type's kind; TypeScript cannot follow that link.
    if (rule !== null && rule !== undefined) out.set(encodeRule(kind, rule as unknown as never), i * size);
  });
  return out;
}

/** Register values (u16, high byte first) to bytes. */
export function registersToBytes(registers: readonly number[]): Uint8Array {
  const out = new Uint8Array(registers.length * 2);
  registers.forEach((r, i) => {
    out[i * 2] = (r >>> 8) & 0xff;
    out[i * 2 + 1] = r & 0xff;
  });
  return out;
}

/** Bytes to register values; an odd last byte is dropped (a register is two bytes). */
export function bytesToRegisters(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) out.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return out;
}

/** A page from a reply's hex data; null (nothing) when the hex is invalid. */
export function decodePageHex<T extends PageTypeName>(type: T, hex: string): (PageRule<T> | null)[] | null {
  const bytes = fromHex(hex);
  return bytes === null ? null : decodePage(type, bytes);
}

/**
 * The oprinfo of a page write (`start_hexdata`): the decimal start register, '_', then the
 * page's bytes as upper-case hex, e.g. '12000_0A21…'.
 */
export function formatStartHexdata(start: number, bytes: Uint8Array): string {
  return `${start}_${toHex(bytes)}`;
}

/** Parses `start_hexdata`; null when the start is not a register number or the hex is invalid. */
export function parseStartHexdata(text: string): { start: number; bytes: Uint8Array } | null {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,5})_([0-9A-Fa-f]*)$/.exec(text);
  if (!m) return null;
  const start = Number(m[1]);
  const bytes = fromHex(m[2] ?? '');
  if (start > 0xffff || bytes === null || bytes.length % 2 !== 0) return null;
  return { start, bytes };
}

export interface PageWrite {
  readonly start: number;
  /** Register values of the FC16 write. */
  readonly registers: number[];
  /** The WAOHEX oprinfo. */
  readonly startHexdata: string;
}

/** Everything a page write needs: where, the register values, and the WAOHEX oprinfo. */
export function pageWrite<T extends PageTypeName>(
  type: T,
  index: number,
  rules: readonly (PageRule<T> | null)[],
  opts: SeriesOptions = {},
): PageWrite {
  const start = pageStart(type, index, opts);
  const bytes = encodePage(type, rules);
  return { start, registers: bytesToRegisters(bytes), startHexdata: formatStartHexdata(start, bytes) };
}
