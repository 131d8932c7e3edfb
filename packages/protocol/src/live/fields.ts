/**
 * Field schemas shared by the live-channel messages and the operation catalogue, with the caps
 * that keep one message from holding an unbounded string or list. docs/protocol.md § Live channel.
 */
import { z } from 'zod';

/** The longest string any message field may carry unless the field says less. */
export const LIVE_MAX_STRING = 4096;
/** The longest list any message field may carry unless the field says less. */
export const LIVE_MAX_ARRAY = 256;
/** How deep the free JSON of a JsonMsg may nest. */
export const LIVE_MAX_JSON_DEPTH = 16;

/** A whole number within min-max; every failure reads 'integer min-max' so reasons name the bound. */
export function int(min: number, max: number) {
  const error = `integer ${min}-${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

/** A string of at most `max` characters (and at least `min`). */
export function text(max = LIVE_MAX_STRING, min = 0) {
  const error = min > 0 ? `string of ${min}-${max} characters` : `string of at most ${max} characters`;
  return z.string({ error }).min(min, { error }).max(max, { error });
}

/** A list of at most `max` items (and at least `min`). */
export function list<T extends z.ZodType>(item: T, max = LIVE_MAX_ARRAY, min = 0) {
  const error = min > 0 ? `list of ${min}-${max} items` : `list of at most ${max} items`;
  return z.array(item, { error }).min(min, { error }).max(max, { error });
}

/**
 * A unit id (fUNID) or serial number: 1-64 printable ASCII characters without spaces, the
 * form equipment ids take ('A1B2C3', 'A1B2C3_2' for a sub-device).
 */
export const unitId = z
  .string({ error: '1-64 printable characters, no spaces' })
  .regex(/^[\x21-\x7e]{1,64}$/, { error: '1-64 printable characters, no spaces' });

/** The console's time format, 'yyyy-MM-dd HH:mm:ss' (server local time). */
export const timestamp = z
  .string({ error: 'yyyy-MM-dd HH:mm:ss' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, {
    error: 'yyyy-MM-dd HH:mm:ss',
  });

/** An access token: what register carries (a JWT fits easily). */
export const accessToken = text(LIVE_MAX_STRING, 1);

/** Hex digits, two a byte (either case): between minBytes and maxBytes whole bytes. */
export function hexBytes(minBytes: number, maxBytes: number) {
  return hexUnits(minBytes, maxBytes, 2, 'bytes, two hex digits a byte');
}

/** Register values as hex, four digits a register (either case): minRegisters-maxRegisters of them. */
export function hexRegisters(minRegisters: number, maxRegisters: number) {
  return hexUnits(minRegisters, maxRegisters, 4, 'registers, four hex digits a register');
}

function hexUnits(min: number, max: number, digits: number, what: string) {
  const error = `${min}-${max} ${what}`;
  const pattern = new RegExp(`^(?:[0-9A-Fa-f]{${digits}})*$`);
  return z
    .string({ error })
    .max(max * digits, { error })
    .regex(pattern, { error })
    .refine((s) => s.length >= min * digits, { error });
}

/** A finite number (JSON has no NaN or Infinity). */
export const finite = z
  .number({ error: 'finite number' })
  .refine(Number.isFinite, { error: 'finite number' });

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Whether `value` is JSON within the caps: strings and keys at most LIVE_MAX_STRING characters,
 * arrays and objects at most LIVE_MAX_ARRAY entries, nesting at most LIVE_MAX_JSON_DEPTH. Written as a
 * loop over a stack so no input, however deep, can exhaust the call stack.
 */
export function isBoundedJson(value: unknown): value is JsonValue {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (typeof v === 'string') {
      if (v.length > LIVE_MAX_STRING) return false;
      continue;
    }
    if (typeof v !== 'object' || depth >= LIVE_MAX_JSON_DEPTH) return false;
    if (Array.isArray(v)) {
      if (v.length > LIVE_MAX_ARRAY) return false;
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return false;
    const entries = Object.entries(v);
    if (entries.length > LIVE_MAX_ARRAY) return false;
    for (const [key, item] of entries) {
      if (key.length > LIVE_MAX_STRING) return false;
      stack.push({ v: item, depth: depth + 1 });
    }
  }
  return true;
}

export const jsonValue = z.custom<JsonValue>(isBoundedJson, {
  error: `JSON of at most ${LIVE_MAX_ARRAY} items a level, ${LIVE_MAX_STRING} characters a string, ${LIVE_MAX_JSON_DEPTH} levels`,
});

/** The first issue of a failed parse as 'path: reason', noting how many more there were. */
export function formatIssues(error: z.ZodError): string {
  const [first, ...rest] = error.issues;
  if (!first) return 'invalid';
  const path = first.path.map(String).join('.');
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  return `${path === '' ? '' : `${path}: `}${first.message}${more}`;
}
