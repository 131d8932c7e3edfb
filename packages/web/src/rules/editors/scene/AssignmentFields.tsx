/**
 * The assignment calculation (type 20, docs/protocol.md § Assignment calculation): every period
 * the target (an AO channel or a register, as register operations name them) is set to
 * formula(A, B). A constant written as is to a scaled AO channel (X = A) shows what it reads in
 * the channel's unit. Unknown formulas and target types are shown as err and kept.
 */
import { FORMULAS, REGISTER_TYPES } from '@fieldlink/protocol';
import type { AssignmentScene, AssignmentTarget } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleContext, RuleEditorProps } from '../context';
import { ChannelSelect, CodeSelect, NumberField, TimeValueField } from '../fields';
import { OperandField } from './OperandField';
import type { ConstantScale } from './OperandField';
import { FORMULA_OPTIONS } from './options';

const AO_CHANNEL = 0;
const SAME_AS_A = 0;
const U16_MAX = 0xffff;

/** The target after the user picks a type: an address past the model's AO channels becomes AO1. */
export function withTargetType(target: AssignmentTarget, regType: number, aoCount: number): AssignmentTarget {
  if (regType === AO_CHANNEL && target.regAddr >= Math.min(32, aoCount)) return { regType, regAddr: 0 };
  return { ...target, regType };
}

function scaleOfTarget(rule: AssignmentScene, context: RuleContext): ConstantScale | null {
  const { regType, regAddr } = rule.target;
  if (rule.formula !== SAME_AS_A || regType !== AO_CHANNEL || regAddr >= context.counts.ao) return null;
  return { channel: context.channelName('ao', regAddr), scale: context.scale('ao', regAddr) };
}

export function AssignmentFields({ value, onChange, context }: RuleEditorProps<AssignmentScene>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const setTarget = (target: AssignmentTarget): void => onChange({ ...value, target });
  const readsB = FORMULAS[value.formula]?.usesB ?? true;
  return (
    <>
      <CodeSelect
        label={t('rules.scene.calc.targetType')}
        value={value.target.regType}
        options={REGISTER_TYPES}
        lang={context.lang}
        disabled={disabled}
        onChange={(regType) => setTarget(withTargetType(value.target, regType, context.counts.ao))}
        testId="rule-targetType"
      />
      {value.target.regType === AO_CHANNEL ? (
        <ChannelSelect
          key="ao"
          label={t('rules.scene.calc.aoChannel')}
          kind="ao"
          value={value.target.regAddr}
          context={context}
          onChange={(regAddr) => setTarget({ ...value.target, regAddr })}
          testId="rule-targetAddr"
        />
      ) : (
        <NumberField
          key="register"
          label={t('rules.scene.calc.address')}
          value={value.target.regAddr}
          min={0}
          max={U16_MAX}
          disabled={disabled}
          onChange={(regAddr) => setTarget({ ...value.target, regAddr })}
          testId="rule-targetAddr"
        />
      )}
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
        constantScale={scaleOfTarget(value, context)}
        testId="rule-a"
      />
      <OperandField
        label={t('rules.scene.calc.operand', { name: 'B' })}
        value={value.b}
        context={context}
        onChange={(b) => onChange({ ...value, b })}
        extra={readsB ? undefined : t('rules.scene.calc.unused')}
        testId="rule-b"
      />
      <TimeValueField
        label={t('rules.scene.calc.period')}
        value={value.period}
        disabled={disabled}
        onChange={(period) => onChange({ ...value, period })}
        testId="rule-period"
      />
    </>
  );
}
