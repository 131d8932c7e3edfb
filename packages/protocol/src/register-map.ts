/**
 * Where rule pages live in a device's holding registers. docs/protocol.md § Register map.
 *
 * A page holds 10 rules. Rule pages are read with FC03 and written with FC16 starting at
 * `start + index × registers`. 2000-series devices (type flag f2000) keep every page
 * 10000 registers lower.
 */
import type { RuleKind } from './rules/kinds.js';

export const RULES_PER_PAGE = 10;
/** Pages per page type on every type but Modbus. */
export const MAX_PAGES = 7;
/** 2000-series devices: every page start minus 10000. */
export const SERIES_2000_OFFSET = -10000;
/** The default first analog-output holding register of an equipment type (fAOReg). */
export const DEFAULT_AO_REGISTER = 400;

export interface PageType {
  readonly name: PageTypeName;
  /** First register of page 0 (standard series). */
  readonly start: number;
  /** Registers per page. */
  readonly registers: number;
  /** The rule model stored in this page type's slots. */
  readonly kind: RuleKind;
  /** Pages this type can hold. */
  readonly maxPages: number;
}

export const PAGE_TYPE_NAMES = [
  'rtc',
  'ai',
  'di',
  'scene',
  'scene2',
  'logic',
  'aorule',
  'mb',
  'dl645',
] as const;
export type PageTypeName = (typeof PAGE_TYPE_NAMES)[number];

export const PAGE_TYPES = {
  rtc: { name: 'rtc', start: 12000, registers: 70, kind: 'schedule', maxPages: MAX_PAGES },
  ai: { name: 'ai', start: 13000, registers: 70, kind: 'analogTrigger', maxPages: MAX_PAGES },
  di: { name: 'di', start: 14000, registers: 70, kind: 'trigger', maxPages: MAX_PAGES },
  scene: { name: 'scene', start: 15000, registers: 70, kind: 'scene', maxPages: MAX_PAGES },
  scene2: { name: 'scene2', start: 15500, registers: 70, kind: 'scene', maxPages: MAX_PAGES },
  // Pages of ours: the three-input logic rules and the analog-output rules need a home in the
  // register space too; 16000 and 16500 are free between scene2 and Modbus.
  logic: { name: 'logic', start: 16000, registers: 70, kind: 'logic', maxPages: MAX_PAGES },
  aorule: { name: 'aorule', start: 16500, registers: 70, kind: 'analogOutput', maxPages: MAX_PAGES },
  // Modbus entries are 8 bytes, so a page is 40 registers; the 17000-17999 block holds 25 pages.
  mb: { name: 'mb', start: 17000, registers: 40, kind: 'modbusMeter', maxPages: 25 },
  dl645: { name: 'dl645', start: 18000, registers: 70, kind: 'dl645Meter', maxPages: MAX_PAGES },
} as const satisfies Readonly<Record<PageTypeName, PageType>>;

export function isPageTypeName(value: unknown): value is PageTypeName {
  return typeof value === 'string' && (PAGE_TYPE_NAMES as readonly string[]).includes(value);
}

export interface SeriesOptions {
  /** The equipment type is a 2000-series device (starts 10000 lower). */
  readonly series2000?: boolean;
}

/** The register where page `index` (0-based) of a page type starts. */
export function pageStart(type: PageTypeName, index: number, opts: SeriesOptions = {}): number {
  const t: PageType = PAGE_TYPES[type];
  if (!Number.isInteger(index) || index < 0 || index >= t.maxPages) {
    throw new RangeError(`page index of ${type} must be 0-${t.maxPages - 1}, got ${index}`);
  }
  return t.start + index * t.registers + (opts.series2000 ? SERIES_2000_OFFSET : 0);
}

export interface PageLocation {
  readonly type: PageTypeName;
  readonly index: number;
  readonly start: number;
  readonly registers: number;
}

export interface LocateOptions extends SeriesOptions {
  /** The equipment type's first AO register (fAOReg, default 400): a reply starting there is AO data. */
  readonly aoRegister?: number;
}

/**
 * Which page a register read or write starting at `start` is. Returns null for the AO register
 * start of the type (that reply carries analog outputs, not rules) and for any address that is
 * not the first register of a page.
 */
export function locatePage(start: number, opts: LocateOptions = {}): PageLocation | null {
  if (!Number.isInteger(start)) return null;
  if (start === (opts.aoRegister ?? DEFAULT_AO_REGISTER)) return null;
  const base = start - (opts.series2000 ? SERIES_2000_OFFSET : 0);
  for (const t of Object.values(PAGE_TYPES) as PageType[]) {
    const offset = base - t.start;
    if (offset < 0 || offset % t.registers !== 0) continue;
    const index = offset / t.registers;
    if (index < t.maxPages) return { type: t.name, index, start, registers: t.registers };
  }
  return null;
}

/** Registers 12000-19000 (2000-9000 on 2000-series devices) are the rule-page area. */
export function isRuleRegister(start: number, opts: SeriesOptions = {}): boolean {
  const base = start - (opts.series2000 ? SERIES_2000_OFFSET : 0);
  return Number.isInteger(start) && base >= 12000 && base <= 19000;
}
