/**
 * The function calculation (type 10, docs/protocol.md § Function calculation): X = formula(A, B)
 * goes to a cache register, and the scene holds once X has passed the comparison with B and C for
 * the hold time. Unknown formulas and comparisons are shown as err and kept until another is picked.
 */
import { COMPARISONS, FORMULAS } from '@fieldlink/protocol';
import type { FunctionScene, Operand } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleContext, RuleEditorProps } from '../context';
import { CodeSelect, NumberField, TimeValueField } from '../fields';
import { channelKindOf, OperandField } from './OperandField';
import type { ConstantScale } from './OperandField';
import { COMPARISON_OPTIONS, FORMULA_OPTIONS } from './options';

/** Comparisons 'within' and 'outside' test X against B as well as C. */
const READS_B = new Set([3, 4]);
/** X = A: a constant compared with X is on A's scale. */
const SAME_AS_A = 0;

/** Whether B is read: by the formula or by the comparison (an unknown one may read it). */
export function readsB(formula: number, comparison: number): boolean {
  const byFormula = FORMULAS[formula]?.usesB ?? true;
  const byComparison = READS_B.has(comparison) || COMPARISONS[comparison] === undefined;
  return byFormula || byComparison;
}

/** The scaling a constant compared with X reads in, when X is a scaled channel's value. */
export function scaleOfX(formula: number, a: Operand, context: RuleContext): ConstantScale | null {
  const kind = channelKindOf(a.source);
  if (formula !== SAME_AS_A || kind === null || a.value >= context.counts[kind]) return null;
  return { channel: context.channelName(kind, a.value), scale: context.scale(kind, a.value) };
}

export function FunctionFields({ value, onChange, context }: RuleEditorProps<FunctionScene>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const xScale = scaleOfX(value.formula, value.a, context);
  return (
    <>
      <CodeSelect
        label={t('rules.scene.calc.formula')}
        value={value.formula}
        options={FORMULA_OPTIONS}
        lang={context.lang}
        disabled={disabled}
        onChange={(formula) => onChange({ ...value, formula })}
        testId="rule-formula"
      />
      <OperandField
        label={t('rules.scene.calc.operand', { name: 'A' })}
        value={value.a}
        context={context}
        onChange={(a) => onChange({ ...value, a })}
        testId="rule-a"
      />
      <OperandField
        label={t('rules.scene.calc.operand', { name: 'B' })}
        value={value.b}
        context={context}
        onChange={(b) => onChange({ ...value, b })}
        constantScale={xScale}
        extra={readsB(value.formula, value.comparison) ? undefined : t('rules.scene.calc.unused')}
        testId="rule-b"
      />
      <CodeSelect
        label={t('rules.scene.calc.comparison')}
        value={value.comparison}
        options={COMPARISON_OPTIONS}
        lang={context.lang}
        disabled={disabled}
        onChange={(comparison) => onChange({ ...value, comparison })}
        testId="rule-comparison"
      />
      <OperandField
        label={t('rules.scene.calc.operand', { name: 'C' })}
        value={value.c}
        context={context}
        onChange={(c) => onChange({ ...value, c })}
        constantScale={xScale}
        testId="rule-c"
      />
      <TimeValueField
        label={t('rules.scene.calc.holdTime')}
        value={value.holdTime}
        disabled={disabled}
        onChange={(holdTime) => onChange({ ...value, holdTime })}
        extra={t('rules.scene.calc.holdNote')}
        testId="rule-holdTime"
      />
      <NumberField
        label={t('rules.scene.calc.resultRegister')}
        value={value.resultRegister}
        min={0}
        max={255}
        disabled={disabled}
        onChange={(resultRegister) => onChange({ ...value, resultRegister })}
        testId="rule-resultRegister"
      />
    </>
  );
}
