/**
 * The bounds of the channel settings the Parameters and UI tabs edit, and the form of their errors.
 *
 * Text: the REST contract takes list items of up to 128 characters (docs/api.md, settings input);
 * the specification gives channel names and units no length. A channel name shows where a device
 * name does (panels, alarm notices, the group view), so it takes the device name's bound, 64; a
 * unit stands beside a value, 16. Numbers: finite, within the contract's ±10^12.
 */
import { parseDecimal } from '@fieldlink/protocol';
import type { KeyUnder } from '../../i18n';

export const CHANNEL_NAME_MAX = 64;
export const CHANNEL_UNIT_MAX = 16;
/** The contract's bound on every number of a channel list (NumberItem in api/settings.ts). */
export const CHANNEL_NUMBER_LIMIT = 1e12;
/** AO limits are raw register values, written as one 16-bit register. */
export const AO_LIMIT_MIN = 0;
export const AO_LIMIT_MAX = 65535;

/** An error as an i18n key under `configure.` ('parameters.errors.required') with its values. */
export interface FieldError {
  /** Under `configure.`: 'parameters.errors.tooLong'. */
  readonly key: KeyUnder<'configure'>;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** Errors by field id ('ai.x2.0': list x2 of the AIs, channel 0). */
export type FieldErrors = Readonly<Record<string, FieldError>>;

export const fieldId = (kind: string, list: string, index: number): string => `${kind}.${list}.${index}`;

export function textError(value: string, max: number): FieldError | null {
  return value.trim().length > max ? { key: 'parameters.errors.tooLong', values: { max } } : null;
}

/** A number typed in a field, or the error saying why it is not one. */
export function readNumber(text: string): { value: number } | { error: FieldError } {
  if (text.trim() === '') return { error: { key: 'parameters.errors.required' } };
  const value = parseDecimal(text);
  if (value === null) return { error: { key: 'parameters.errors.notNumber' } };
  if (Math.abs(value) > CHANNEL_NUMBER_LIMIT) {
    return { error: { key: 'parameters.errors.numberRange', values: { limit: '10^12' } } };
  }
  return { value };
}

/** A whole number typed in a field within min-max, or the error. */
export function readWhole(
  text: string,
  min: number,
  max: number,
  errorKey: FieldError['key'] = 'parameters.errors.wholeRange',
): { value: number } | { error: FieldError } {
  if (text.trim() === '') return { error: { key: 'parameters.errors.required' } };
  const value = parseDecimal(text);
  if (value === null) return { error: { key: 'parameters.errors.notNumber' } };
  if (!Number.isInteger(value) || value < min || value > max)
    return { error: { key: errorKey, values: { min, max } } };
  return { value };
}

/** The number typed, or null when the field does not hold one (its error is reported apart). */
export function numberOrNull(text: string): number | null {
  const r = readNumber(text);
  return 'value' in r ? r.value : null;
}

/** A list's items as text for the form ('' stays ''; numbers in their shortest decimal). */
export const numberTexts = (values: readonly number[], count: number): string[] =>
  Array.from({ length: count }, (_, i) => String(values[i] ?? 0));

export const texts = (values: readonly string[], count: number): string[] =>
  Array.from({ length: count }, (_, i) => values[i] ?? '');

export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
