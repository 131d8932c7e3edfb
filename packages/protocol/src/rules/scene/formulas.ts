/**
 * The formulas and comparisons of the function and assignment calculations, as tables for
 * the console and as pure functions for the simulator. docs/protocol.md § Formulas and comparisons.
 */
import { COMMON, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';

export interface Formula {
  readonly code: number;
  readonly name: Phrase;
  /** The formula as shown in descriptions, in A, B and (for smoothing) the previous X. */
  readonly expr: string;
  /** Whether the result depends on B (formulas 0 and 11 read A only). */
  readonly usesB: boolean;
}

/** mathtype, indexed by code; 15 is unknown. */
export const FORMULAS: readonly Formula[] = [
  { code: 0, name: { en: 'none (X = A)', zh: '无（X = A）', tc: '無（X = A）' }, expr: 'A', usesB: false },
  { code: 1, name: { en: 'add', zh: '加', tc: '加' }, expr: 'A+B', usesB: true },
  { code: 2, name: { en: 'subtract', zh: '减', tc: '減' }, expr: 'A-B', usesB: true },
  { code: 3, name: { en: 'multiply', zh: '乘', tc: '乘' }, expr: 'A*B', usesB: true },
  { code: 4, name: { en: 'divide', zh: '除', tc: '除' }, expr: 'A/B', usesB: true },
  { code: 5, name: { en: 'remainder', zh: '取余', tc: '取餘' }, expr: 'A%B', usesB: true },
  { code: 6, name: { en: 'average', zh: '平均值', tc: '平均值' }, expr: '(A+B)/2', usesB: true },
  { code: 7, name: { en: 'maximum', zh: '最大值', tc: '最大值' }, expr: 'max(A,B)', usesB: true },
  { code: 8, name: { en: 'minimum', zh: '最小值', tc: '最小值' }, expr: 'min(A,B)', usesB: true },
  { code: 9, name: { en: 'absolute sum', zh: '绝对值之和', tc: '絕對值之和' }, expr: '|A|+|B|', usesB: true },
  {
    code: 10,
    name: { en: 'absolute difference', zh: '差的绝对值', tc: '差的絕對值' },
    expr: '|A-B|',
    usesB: true,
  },
  {
    code: 11,
    name: { en: 'absolute value of A', zh: 'A的绝对值', tc: 'A的絕對值' },
    expr: '|A|',
    usesB: false,
  },
  { code: 12, name: { en: 'sum of squares', zh: '平方和', tc: '平方和' }, expr: 'A²+B²', usesB: true },
  {
    code: 13,
    name: { en: 'root of squares', zh: '平方和开方', tc: '平方和開方' },
    expr: '√(A²+B²)',
    usesB: true,
  },
  { code: 14, name: { en: 'smoothing', zh: '平滑', tc: '平滑' }, expr: 'X+(A-X)/B', usesB: true },
];

export const FORMULA_MAX = FORMULAS.length - 1;

export interface Comparison {
  readonly code: number;
  readonly name: Phrase;
  /** The test in X, B and C ({x}, {b}, {c}). */
  readonly expr: Phrase;
}

/** comptype, indexed by code; 5-15 are unknown. */
export const COMPARISONS: readonly Comparison[] = [
  { code: 0, name: { en: 'at least C', zh: '大于等于C', tc: '大於等於C' }, expr: same('{x} ≥ {c}') },
  { code: 1, name: { en: 'at most C', zh: '小于等于C', tc: '小於等於C' }, expr: same('{x} ≤ {c}') },
  { code: 2, name: { en: 'equal to C', zh: '等于C', tc: '等於C' }, expr: same('{x} = {c}') },
  {
    code: 3,
    name: { en: 'within B to C', zh: '在B与C之间', tc: '在B與C之間' },
    expr: same('{b} ≤ {x} ≤ {c}'),
  },
  {
    code: 4,
    name: { en: 'outside B to C', zh: '在B与C之外', tc: '在B與C之外' },
    expr: { en: '{x} ≤ {b} or {x} ≥ {c}', zh: '{x} ≤ {b} 或 {x} ≥ {c}', tc: '{x} ≤ {b} 或 {x} ≥ {c}' },
  },
];

export const COMPARISON_MAX = COMPARISONS.length - 1;

function same(text: string): Phrase {
  return { en: text, zh: text, tc: text };
}

/**
 * X for a formula. Arithmetic is on real numbers; storing X into a register rounds it as
 * that register's type does. A divisor of 0 gives 0 (A/0 and A%0), the device's answer
 * rather than Infinity or NaN. Smoothing moves the previous X a 1/B step towards A (B below
 * 1 counts as 1); without a previous X it starts at A. An unknown formula gives 0.
 */
export function applyFormula(formula: number, a: number, b: number, previous?: number): number {
  switch (formula) {
    case 0:
      return a;
    case 1:
      return a + b;
    case 2:
      return a - b;
    case 3:
      return a * b;
    case 4:
      return b === 0 ? 0 : a / b;
    case 5:
      return b === 0 ? 0 : a % b;
    case 6:
      return (a + b) / 2;
    case 7:
      return Math.max(a, b);
    case 8:
      return Math.min(a, b);
    case 9:
      return Math.abs(a) + Math.abs(b);
    case 10:
      return Math.abs(a - b);
    case 11:
      return Math.abs(a);
    case 12:
      return a * a + b * b;
    case 13:
      return Math.hypot(a, b);
    case 14: {
      const prev = previous ?? a;
      return prev + (a - prev) / Math.max(b, 1);
    }
    default:
      return 0;
  }
}

/** Whether X passes a comparison with the bounds B and C; an unknown comparison never passes. */
export function compare(comparison: number, x: number, b: number, c: number): boolean {
  switch (comparison) {
    case 0:
      return x >= c;
    case 1:
      return x <= c;
    case 2:
      return x === c;
    case 3:
      return b <= x && x <= c;
    case 4:
      return x <= b || x >= c;
    default:
      return false;
  }
}

/** 'A+B (A = AI1, B = 100)'; 'err' for an unknown formula. */
export function describeFormula(formula: number, a: string, b: string, lang: Lang): string {
  const f = FORMULAS[formula];
  if (!f) return say(COMMON.err, lang);
  const operands = f.usesB ? [`A = ${a}`, `B = ${b}`] : [`A = ${a}`];
  return lang === 'en' ? `${f.expr} (${operands.join(', ')})` : `${f.expr}（${operands.join('，')}）`;
}

/** 'X ≥ 100'; 'err' for an unknown comparison. */
export function describeComparison(comparison: number, x: string, b: string, c: string, lang: Lang): string {
  const cmp = COMPARISONS[comparison];
  return cmp ? say(cmp.expr, lang, { x, b, c }) : say(COMMON.err, lang);
}
