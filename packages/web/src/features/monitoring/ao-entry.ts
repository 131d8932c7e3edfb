/**
 * What an operator typed into an analog output's field, read before anything is written: a number
 * within the output's range (in the shown unit), or the reason it is not one. Nothing is ever
 * brought within the range silently: an operator who typed 150 % must not be told "done" for 100 %.
 */
import { formatValue } from './format';

export type AoEntryProblem = 'empty' | 'notNumber' | 'below' | 'above';

export type AoEntry = { readonly value: number } | { readonly problem: AoEntryProblem };

/** Digits with an optional sign and decimal point; no exponent, no thousands separators. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads `text` against `range` (low first). Full-width digits and signs (a Chinese input method's)
 * and the minus sign read as their ASCII forms. The bounds compare as they are shown (at most three
 * decimals), so the limit the range line names can always be typed.
 */
export function readAoEntry(text: string, range: { readonly min: number; readonly max: number }): AoEntry {
  const s = text
    .normalize('NFKC')
    .trim()
    .replace(/^\u2212/, '-');
  if (s === '') return { problem: 'empty' };
  if (!NUMBER.test(s)) return { problem: 'notNumber' };
  const value = Number(s);
  const outside = outsideAoRange(value, range);
  return outside === null ? { value } : { problem: outside };
}

/**
 * Whether `value` lies outside `range` (low first), the bounds compared as they are shown (at most
 * three decimals): 'below', 'above', or null within it.
 */
export function outsideAoRange(
  value: number,
  range: { readonly min: number; readonly max: number },
): 'below' | 'above' | null {
  if (value < Number(formatValue(range.min))) return 'below';
  if (value > Number(formatValue(range.max))) return 'above';
  return null;
}
