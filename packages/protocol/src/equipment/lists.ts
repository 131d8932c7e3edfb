/**
 * The equipment record's semicolon lists (fDOName, fAIUNIT, fAlarmH, fAlarmDI, …): the server
 * stores and sends them as 'a;b;c' strings; the console works with arrays sized by the
 * equipment type's channel counts. See docs/protocol.md § Semicolon lists.
 */

export const LIST_SEPARATOR = ';';
/** The full-width semicolon that stands in for ';' inside an item (see formatList). */
export const LIST_SEPARATOR_STAND_IN = '\uff1b';
/** A list never carries more than 32 items (one per channel at most). */
export const MAX_LIST_ITEMS = 32;

/** An item count as used for arrays: a whole number within 0-32 (NaN and negatives give 0). */
export function clampListCount(count: number): number {
  if (!Number.isFinite(count)) return count === Infinity ? MAX_LIST_ITEMS : 0;
  return Math.min(MAX_LIST_ITEMS, Math.max(0, Math.trunc(count)));
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A plain decimal number (optional sign, fraction and exponent; spaces around are allowed),
 * or null. Stricter than Number(): '' , '0x10', 'Infinity' and '1e999' are not numbers here,
 * so nothing unexpected slips into a channel value.
 */
export function parseDecimal(text: string): number | null {
  const s = text.trim();
  if (!DECIMAL.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A wire value as text: strings as they are, finite numbers in decimal, anything else ''. */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function splitItems(text: unknown): string[] {
  const s = wireText(text);
  return s === '' ? [] : s.split(LIST_SEPARATOR);
}

/** 'a;b;c' → exactly `count` items (0-32): missing items are '', items past count dropped. */
export function parseList(text: unknown, count: number): string[] {
  const items = splitItems(text);
  return Array.from({ length: clampListCount(count) }, (_, i) => items[i] ?? '');
}

/** Like parseList, numbers: missing or non-numeric items read 0. */
export function parseNumberList(text: unknown, count: number): number[] {
  return parseList(text, count).map((item) => parseDecimal(item) ?? 0);
}

/**
 * Like parseList, flags (fAlarmDI, fAlarmDIH): 'false' and '0' (any case, spaces ignored) are
 * false, an empty or missing item is `whenMissing` (false unless given), anything else true.
 */
export function parseBoolList(text: unknown, count: number, whenMissing = false): boolean[] {
  return parseList(text, count).map((item) => {
    const s = item.trim().toLowerCase();
    if (s === '') return whenMissing;
    return s !== 'false' && s !== '0';
  });
}

/**
 * An item as it may stand in a list: a ';' inside it becomes the full-width '；', which reads
 * the same to the user and cannot split the list.
 */
export function listItem(value: string | number | boolean): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return String(value).split(LIST_SEPARATOR).join(LIST_SEPARATOR_STAND_IN);
}

/**
 * Items → 'a;b;c'. At most 32 items are written (the rest dropped); numbers that are not finite
 * are written 0; booleans as 'true'/'false'; ';' inside an item becomes '；' (see listItem).
 */
export function formatList(items: readonly (string | number | boolean)[]): string {
  return items.slice(0, MAX_LIST_ITEMS).map(listItem).join(LIST_SEPARATOR);
}
