/**
 * The three-input logic rule of the `logic` pages (docs/protocol.md § Logic rule): a formula over
 * the results of three referenced rules X1-X3 and a hold time. An unknown logic type read from the
 * device is shown as err with its code and kept, inputs and hold time included, until the user
 * picks another type.
 */
import { LOGIC_TYPES } from '@fieldlink/protocol';
import type { LogicRule, Phrase, RuleRef } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { CodeSelect, RuleRefField, TimeValueField } from '../fields';
import type { CodeOption } from '../fields';

/** Each type named with its formula ('OR (X1|X2|X3)'), so the choice shows what it computes. */
const TYPE_OPTIONS: readonly CodeOption[] = LOGIC_TYPES.map((type, code) => ({
  code,
  name: withFormula(type, type.formula),
}));

function withFormula(name: Phrase, formula: string): Phrase {
  if (!formula) return name;
  return { en: `${name.en} (${formula})`, zh: `${name.zh}（${formula}）`, tc: `${name.tc}（${formula}）` };
}

const DISABLED_INPUTS: LogicRule['inputs'] = [
  { ruleType: 0, rule: 0 },
  { ruleType: 0, rule: 0 },
  { ruleType: 0, rule: 0 },
];

export default function LogicEditor({ value, onChange, context }: RuleEditorProps<LogicRule>) {
  const { t } = useTranslation();
  const type = LOGIC_TYPES[value.logicType];
  const disabled = value.logicType === 0;
  const setInput = (index: number, ref: RuleRef): void => {
    const inputs = [...value.inputs] as [RuleRef, RuleRef, RuleRef];
    inputs[index] = ref;
    onChange({ ...value, inputs });
  };
  const setType = (logicType: number): void => {
    // A disabled rule has no inputs: it is written as the empty slot is. Between formulas the
    // inputs and hold time carry over.
    if (logicType === 0) onChange({ logicType, inputs: DISABLED_INPUTS, holdTime: { value: 0, unit: 0 } });
    else onChange({ ...value, logicType });
  };
  return (
    <>
      <CodeSelect
        label={t('rules.logic.type')}
        value={value.logicType}
        options={TYPE_OPTIONS}
        lang={context.lang}
        disabled={context.readOnly}
        onChange={setType}
        testId="rule-logicType"
        extra={
          type === undefined
            ? t('rules.logic.unknownType')
            : disabled
              ? t('rules.logic.disabledNote')
              : t('rules.logic.formula', { formula: type.formula })
        }
      />
      {!disabled && (
        <>
          {value.inputs.map((ref, index) => (
            <RuleRefField
              // The three inputs are fixed places X1-X3, so the place is the key.
              key={index}
              label={t('rules.logic.input', { n: index + 1 })}
              value={ref}
              context={context}
              onChange={(next) => setInput(index, next)}
              testId={`rule-x${index + 1}`}
            />
          ))}
          <TimeValueField
            label={t('rules.logic.holdTime')}
            value={value.holdTime}
            disabled={context.readOnly}
            onChange={(holdTime) => onChange({ ...value, holdTime })}
            testId="rule-holdTime"
          />
        </>
      )}
    </>
  );
}
