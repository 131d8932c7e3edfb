/**
 * The digital level rule, the timed hold (docs/protocol.md § Digital level): the level on a
 * channel is held for the hold time, released for the unhold time, then the rule waits for a
 * re-trigger. No page holds it (neither trigger model embeds it); the editor exists so the model
 * has one. Its times count in 0.01 s and are typed in seconds with two decimals. The channel is
 * named by number (the model does not say which kind it is); a stored channel past 32 is shown
 * with its problem and kept.
 */
import type { DigitalLevelRule } from '@fieldlink/protocol';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { NumberField, RuleField } from '../fields';
import { MappedNumberField, tidy } from '../output/mapped-fields';

const U16_MAX = 0xffff;
const CHANNELS = 32;

/** A u16 time in hundredths of a second, typed in seconds. */
function HundredthsField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  readonly label: string;
  readonly value: number;
  readonly onChange: (hundredths: number) => void;
  readonly disabled: boolean;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  const max = U16_MAX / 100;
  return (
    <MappedNumberField
      label={label}
      value={value}
      show={(hundredths) => hundredths / 100}
      store={(seconds) => Math.round(seconds * 100)}
      problemOf={(seconds, hundredths) =>
        hundredths < 0 || hundredths > U16_MAX || tidy(hundredths / 100) !== tidy(seconds)
          ? t('rules.fields.outOfBound', { min: 0, max })
          : null
      }
      bound={`${t('rules.fields.boundUnit', { min: 0, max, unit: t('rules.fields.seconds') })} (${t('rules.trigger.digital.hundredths')})`}
      unit={t('rules.fields.seconds')}
      step={0.01}
      disabled={disabled}
      onChange={onChange}
      testId={testId}
    />
  );
}

export default function DigitalLevelEditor({ value, onChange, context }: RuleEditorProps<DigitalLevelRule>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  return (
    <>
      <NumberField
        label={t('rules.trigger.digital.channel')}
        value={value.channel + 1}
        min={1}
        max={CHANNELS}
        disabled={disabled}
        onChange={(n) => onChange({ ...value, channel: n - 1 })}
        testId="rule-channel"
      />
      <RuleField label={t('rules.trigger.digital.level')} testId="rule-level">
        <Radio.Group
          value={value.level}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, level: event.target.value === 'low' ? 'low' : 'high' })}
          options={[
            { value: 'high', label: t('rules.trigger.digital.high') },
            { value: 'low', label: t('rules.trigger.digital.low') },
          ]}
        />
      </RuleField>
      <HundredthsField
        label={t('rules.trigger.digital.holdTime')}
        value={value.holdTime}
        disabled={disabled}
        onChange={(holdTime) => onChange({ ...value, holdTime })}
        testId="rule-holdTime"
      />
      <HundredthsField
        label={t('rules.trigger.digital.unholdTime')}
        value={value.unholdTime}
        disabled={disabled}
        onChange={(unholdTime) => onChange({ ...value, unholdTime })}
        testId="rule-unholdTime"
      />
    </>
  );
}
