/**
 * An operand of the calculations (docs/protocol.md § Operand sources): where the value comes from
 * (a constant, an AI or AO channel, a register of one of the types) and the constant, channel or
 * register address. A constant that stands for a scaled channel's value (X = A of that channel)
 * shows what it reads in the channel's unit. An unknown source is shown as err and its value kept.
 */
import { OPERAND_SOURCES } from '@fieldlink/protocol';
import type { Operand } from '@fieldlink/protocol';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelScale, RuleContext } from '../context';
import { ChannelSelect, CodeSelect, NumberField } from '../fields';
import { OPERAND_SOURCE_OPTIONS } from './options';

const U16_MAX = 0xffff;

/** The channel kind an operand source reads, if it reads a channel. */
export function channelKindOf(source: number): 'ai' | 'ao' | null {
  if (source === 1) return 'ai';
  if (source === 2) return 'ao';
  return null;
}

/** The operand after the user picks a source: a channel past the model's count becomes the first. */
export function withSource(operand: Operand, source: number, counts: RuleContext['counts']): Operand {
  const kind = channelKindOf(source);
  if (kind !== null && operand.value >= Math.min(32, counts[kind])) return { source, value: 0 };
  return { ...operand, source };
}

/** A scale for a constant: the channel it is read against and that channel's scaling. */
export interface ConstantScale {
  readonly channel: string;
  readonly scale: ChannelScale;
}

function tidy(n: number): number {
  return Number(n.toPrecision(6));
}

export function OperandField({
  label,
  value,
  onChange,
  context,
  testId,
  constantScale,
  extra,
}: {
  readonly label: ReactNode;
  readonly value: Operand;
  readonly onChange: (next: Operand) => void;
  readonly context: RuleContext;
  /** `rule-a`: the source is `rule-a-source`, the value `rule-a-value`. */
  readonly testId: string;
  readonly constantScale?: ConstantScale | null;
  /** Under the source (whether the formula reads this operand). */
  readonly extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const source = OPERAND_SOURCES[value.source];
  const kind = channelKindOf(value.source);
  const setValue = (next: number): void => onChange({ ...value, value: next });
  const scaled =
    source?.kind === 'constant' && constantScale?.scale.scaled
      ? t('rules.scene.calc.scaledConstant', {
          value: tidy(constantScale.scale.toShown(value.value)),
          unit: constantScale.scale.unit,
          channel: constantScale.channel,
        })
      : undefined;
  return (
    <Space wrap align="start" size="middle">
      <CodeSelect
        label={label}
        value={value.source}
        options={OPERAND_SOURCE_OPTIONS}
        lang={context.lang}
        disabled={disabled}
        onChange={(next) => onChange(withSource(value, next, context.counts))}
        extra={extra}
        testId={`${testId}-source`}
      />
      {kind !== null ? (
        <ChannelSelect
          key={kind}
          label={t('rules.scene.calc.channel')}
          kind={kind}
          value={value.value}
          context={context}
          onChange={setValue}
          testId={`${testId}-value`}
        />
      ) : (
        <NumberField
          // A constant and an address are different numbers: each kind draws its own field.
          key={source?.kind ?? 'unknown'}
          label={t(
            source === undefined
              ? 'rules.scene.calc.value'
              : source.kind === 'constant'
                ? 'rules.scene.calc.constant'
                : 'rules.scene.calc.address',
          )}
          value={value.value}
          min={0}
          max={U16_MAX}
          disabled={disabled}
          onChange={setValue}
          extra={scaled}
          testId={`${testId}-value`}
        />
      )}
    </Space>
  );
}
