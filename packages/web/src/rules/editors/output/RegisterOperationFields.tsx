/**
 * The register operation of output mode 6 (docs/protocol.md § Register operation): assign to,
 * add to or subtract from a register or an AO channel of this device. The AO channel target is
 * chosen by name and its value typed in the channel's scaled unit; a holding s16 target's value
 * is typed signed. Unknown math and register types are shown as err and kept.
 */
import { MATH_OPERATIONS, REGISTER_TYPES } from '@fieldlink/protocol';
import type { RegisterOperation } from '@fieldlink/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleContext } from '../context';
import { ChannelSelect, CodeSelect, NumberField } from '../fields';
import type { CodeOption } from '../fields';
import { MappedNumberField, ScaledValueField } from './mapped-fields';

const AO_CHANNEL = 0;
const HOLDING_S16 = 2;
const U16_MAX = 0xffff;

/** Each math type named with its operator ('add (+=)'), as descriptions write it. */
const MATH_OPTIONS: readonly CodeOption[] = MATH_OPERATIONS.map((op) => ({
  code: op.code,
  name: {
    en: `${op.name.en} (${op.symbol})`,
    zh: `${op.name.zh}（${op.symbol}）`,
    tc: `${op.name.tc}（${op.symbol}）`,
  },
}));

const toSigned = (raw: number): number => (raw > 0x7fff ? raw - 0x10000 : raw);
const toU16 = (signed: number): number => (signed < 0 ? signed + 0x10000 : signed);

/** The operation after the user picks another register type: an address past AO32 becomes AO1. */
function withRegType(op: RegisterOperation, regType: number, aoCount: number): RegisterOperation {
  if (regType === AO_CHANNEL && op.regAddr >= Math.min(32, aoCount)) return { ...op, regType, regAddr: 0 };
  return { ...op, regType };
}

export function RegisterOperationFields({
  value,
  onChange,
  context,
}: {
  readonly value: RegisterOperation;
  readonly onChange: (next: RegisterOperation) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const known = MATH_OPERATIONS[value.mathType] !== undefined && REGISTER_TYPES[value.regType] !== undefined;
  return (
    <>
      <CodeSelect
        label={t('rules.trigger.output.mathType')}
        value={value.mathType}
        options={MATH_OPTIONS}
        lang={context.lang}
        disabled={disabled}
        onChange={(mathType) => onChange({ ...value, mathType })}
        testId="rule-output-mathType"
      />
      <CodeSelect
        label={t('rules.trigger.output.regType')}
        value={value.regType}
        options={REGISTER_TYPES}
        lang={context.lang}
        disabled={disabled}
        onChange={(regType) => onChange(withRegType(value, regType, context.counts.ao))}
        testId="rule-output-regType"
      />
      {!known && (
        <Typography.Text type="warning">{t('rules.trigger.output.unknownOperation')}</Typography.Text>
      )}
      {value.regType === AO_CHANNEL ? (
        <ChannelSelect
          label={t('rules.trigger.output.aoChannel')}
          kind="ao"
          value={value.regAddr}
          context={context}
          onChange={(regAddr) => onChange({ ...value, regAddr })}
          testId="rule-output-regAddr"
        />
      ) : (
        <NumberField
          label={t('rules.trigger.output.regAddr')}
          value={value.regAddr}
          min={0}
          max={U16_MAX}
          disabled={disabled}
          onChange={(regAddr) => onChange({ ...value, regAddr })}
          testId="rule-output-regAddr"
        />
      )}
      {value.regType === AO_CHANNEL ? (
        <ScaledValueField
          // The scaling is the chosen channel's: another channel draws a new field.
          key={`ao-${value.regAddr}`}
          label={t('rules.trigger.output.value')}
          value={value.value}
          scale={context.scale('ao', value.regAddr)}
          rawMin={0}
          rawMax={U16_MAX}
          disabled={disabled}
          onChange={(raw) => onChange({ ...value, value: raw })}
          testId="rule-output-regValue"
        />
      ) : value.regType === HOLDING_S16 ? (
        <MappedNumberField
          key="s16"
          label={t('rules.trigger.output.value')}
          value={value.value}
          show={toSigned}
          store={toU16}
          problemOf={(shown) =>
            !Number.isInteger(shown)
              ? t('rules.fields.integer')
              : shown < -0x8000 || shown > 0x7fff
                ? t('rules.fields.outOfBound', { min: -0x8000, max: 0x7fff })
                : null
          }
          bound={`${t('rules.fields.bound', { min: -0x8000, max: 0x7fff })} (${t('rules.trigger.output.signedNote')})`}
          disabled={disabled}
          onChange={(raw) => onChange({ ...value, value: raw })}
          testId="rule-output-regValue"
        />
      ) : (
        <NumberField
          key="u16"
          label={t('rules.trigger.output.value')}
          value={value.value}
          min={0}
          max={U16_MAX}
          disabled={disabled}
          onChange={(raw) => onChange({ ...value, value: raw })}
          testId="rule-output-regValue"
        />
      )}
    </>
  );
}
