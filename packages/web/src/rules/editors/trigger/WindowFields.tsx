/**
 * The AI window of an analog trigger (docs/protocol.md § AI window): inside the band
 * (low ≤ value ≤ high) or outside it (value ≤ low or value ≥ high), held for a rule time. The
 * thresholds are raw channel values typed in the channel's scaled unit with the raw value shown,
 * bounded by their fields (low 15 bits, high 16 bits) and, when the channel's input range is
 * known, by the range's thresholds (spec 001 § 5: 4000-20000 for 4-20 mA, 0-10000 for 0-10 V).
 * A threshold of 0 is not set; that is a choice of its own, not a number to type.
 */
import { AI_RANGES, LOW_MAX } from '@fieldlink/protocol';
import type { AiRange, AiWindowRule } from '@fieldlink/protocol';
import { Checkbox, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelScale } from '../context';
import { RuleField, TimeValueField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';
import { ScaledValueField } from '../output/mapped-fields';

const HIGH_MAX = 0xffff;
const RANGE_NAMES: Readonly<Record<AiRange, string>> = { '4-20mA': '4-20 mA', '0-10V': '0-10 V' };

/** A threshold: not set (0), or a raw value within its field and the channel's range. */
function ThresholdField({
  label,
  value,
  onChange,
  scale,
  fieldMax,
  range,
  disabled,
  testId,
}: {
  readonly label: ReactNode;
  readonly value: number;
  readonly onChange: (raw: number) => void;
  readonly scale: ChannelScale;
  /** The largest raw value the field holds. */
  readonly fieldMax: number;
  readonly range: AiRange | null;
  readonly disabled: boolean;
  readonly testId: string;
}) {
  const { t } = useTranslation();
  const [set, setSet] = useState(value !== 0);
  // A threshold given from outside is set; clearing one is the user's choice (the box below).
  useEffect(() => {
    if (value !== 0) setSet(true);
  }, [value]);
  const limits = range ? AI_RANGES[range] : null;
  // 0 means not set, so a set threshold is at least 1.
  const rawMin = Math.max(1, limits?.min ?? 1);
  const rawMax = Math.min(fieldMax, limits?.max ?? fieldMax);
  const toggle = (
    <Checkbox
      checked={set}
      disabled={disabled}
      onChange={(event) => {
        setSet(event.target.checked);
        // Setting a threshold waits for its value; clearing it stores 0 at once.
        if (!event.target.checked) onChange(0);
      }}
      data-testid={`${testId}-set`}
    >
      {t('rules.trigger.window.set')}
    </Checkbox>
  );
  if (!set) {
    return (
      <RuleField label={label} testId={testId} extra={t('rules.trigger.window.notSet')}>
        {toggle}
      </RuleField>
    );
  }
  // The raw bound beside the scaled one: the range's when it is known, else the field's.
  const rawBound =
    range && limits
      ? t('rules.trigger.window.range', { range: RANGE_NAMES[range], min: limits.min, max: limits.max })
      : scale.scaled
        ? t('rules.trigger.window.rawBound', { min: rawMin, max: rawMax })
        : undefined;
  return (
    <ScaledValueField
      label={label}
      value={value === 0 ? null : value}
      scale={scale}
      rawMin={rawMin}
      rawMax={rawMax}
      bound={rawBound}
      disabled={disabled}
      onChange={onChange}
      testId={testId}
      addon={toggle}
    />
  );
}

export function WindowFields({
  value,
  onChange,
  scale,
  range,
  disabled,
}: {
  readonly value: AiWindowRule;
  readonly onChange: (next: AiWindowRule) => void;
  /** The scaling of the source channel (raw for register sources). */
  readonly scale: ChannelScale;
  /** The source channel's input range, when known. */
  readonly range: AiRange | null;
  readonly disabled: boolean;
}) {
  const { t } = useTranslation();
  // A low above the high is kept as read but named, so the rule is not kept until it is fixed.
  const order =
    value.low !== 0 && value.high !== 0 && value.low > value.high
      ? t('rules.trigger.window.lowAboveHigh')
      : null;
  useFieldIssue(useIssueKey(), order);
  return (
    <>
      <RuleField label={t('rules.trigger.window.condition')} testId="rule-window-band">
        <Radio.Group
          value={value.band}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, band: event.target.value === true })}
          options={[
            { value: true, label: t('rules.trigger.window.band') },
            { value: false, label: t('rules.trigger.window.outside') },
          ]}
        />
      </RuleField>
      <ThresholdField
        label={t('rules.trigger.window.low')}
        value={value.low}
        onChange={(low) => onChange({ ...value, low })}
        scale={scale}
        fieldMax={LOW_MAX}
        range={range}
        disabled={disabled}
        testId="rule-window-low"
      />
      <ThresholdField
        label={t('rules.trigger.window.high')}
        value={value.high}
        onChange={(high) => onChange({ ...value, high })}
        scale={scale}
        fieldMax={HIGH_MAX}
        range={range}
        disabled={disabled}
        testId="rule-window-high"
      />
      {order !== null && (
        <Typography.Text type="danger" data-testid="rule-window-order">
          {order}
        </Typography.Text>
      )}
      <TimeValueField
        label={t('rules.trigger.window.holdTime')}
        value={value.holdTime}
        disabled={disabled}
        onChange={(holdTime) => onChange({ ...value, holdTime })}
        testId="rule-window-holdTime"
      />
    </>
  );
}
