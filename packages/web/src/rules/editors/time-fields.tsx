/**
 * Times of the rule models: a u16 in tenths of a second entered in seconds, and a rule time (6-bit
 * value and 2-bit unit) typed as an amount and a unit, stored as the nearest representable time
 * (the protocol's encodeTime rule), which is shown when it differs.
 */
import { formatTimeValue, secondsToTimeValue, timeValueToSeconds } from '@fieldlink/protocol';
import type { TimeValue } from '@fieldlink/protocol';
import { InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldIssue, useIssueKey } from './issues';
import { NumberField, RuleField } from './number-fields';
import type { FieldFrame } from './number-fields';

export function TenthsField({
  label,
  value,
  onChange,
  min = 0,
  max = 0xffff,
  extra,
  disabled,
  testId,
}: FieldFrame & {
  readonly value: number;
  readonly onChange: (tenths: number) => void;
  /** Bounds in tenths. */
  readonly min?: number;
  readonly max?: number;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={label}
      value={value / 10}
      onChange={(seconds) => onChange(Math.round(seconds * 10))}
      min={min / 10}
      max={max / 10}
      integer={false}
      step={0.1}
      unit={t('rules.fields.seconds')}
      extra={extra}
      disabled={disabled}
      testId={testId}
    />
  );
}

type AmountUnit = 'seconds' | 'minutes' | 'hours';
const UNIT_SECONDS: Record<AmountUnit, number> = { seconds: 1, minutes: 60, hours: 3600 };

/** The unit a stored time reads best in. */
function amountOf(time: TimeValue): { amount: number; unit: AmountUnit } {
  const seconds = timeValueToSeconds(time);
  if (time.unit >= 2 && seconds % 3600 === 0 && seconds > 0) return { amount: seconds / 3600, unit: 'hours' };
  if (time.unit >= 2) return { amount: seconds / 60, unit: 'minutes' };
  return { amount: seconds, unit: 'seconds' };
}

/**
 * A rule time (6-bit value and 2-bit unit): typed as an amount and a unit, stored as the nearest
 * representable time (the protocol's encodeTime rule), which is shown when it differs.
 */
export function TimeValueField({
  label,
  value,
  onChange,
  disabled,
  testId,
  extra,
  problemOf,
}: FieldFrame & {
  readonly value: TimeValue;
  readonly onChange: (next: TimeValue) => void;
  readonly disabled?: boolean;
  /**
   * A bound of the caller's on the stored time (a valve's 1-255 s): the problem of a time, or
   * null when it may be kept. A time with a problem is shown with it and not handed on.
   */
  readonly problemOf?: (stored: TimeValue) => string | null;
}) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState(() => amountOf(value));
  useEffect(() => {
    // Keep the user's unit when the stored time is what they typed.
    setTyped((before) => {
      const same = secondsToTimeValue(before.amount * UNIT_SECONDS[before.unit]);
      return same.value === value.value && same.unit === value.unit ? before : amountOf(value);
    });
  }, [value]);
  const problemOfTyped = (next: { amount: number; unit: AmountUnit }): string | null =>
    Number.isFinite(next.amount) && next.amount >= 0
      ? (problemOf?.(secondsToTimeValue(next.amount * UNIT_SECONDS[next.unit])) ?? null)
      : t('rules.fields.required');
  const problem = problemOfTyped(typed);
  useFieldIssue(useIssueKey(), problem);
  const seconds = typed.amount * UNIT_SECONDS[typed.unit];
  const stored = secondsToTimeValue(seconds);
  const storedSeconds = timeValueToSeconds(stored);
  const lang = (i18n.language as 'en' | 'zh' | 'tc') ?? 'zh';
  const change = (next: { amount: number; unit: AmountUnit }): void => {
    setTyped(next);
    if (problemOfTyped(next) === null) {
      onChange(secondsToTimeValue(next.amount * UNIT_SECONDS[next.unit]));
    }
  };
  const storedNote =
    Number.isFinite(seconds) && seconds >= 0 && Math.abs(storedSeconds - seconds) > 1e-9
      ? t('rules.fields.storedAs', { time: formatTimeValue(stored, lang) })
      : null;
  return (
    <RuleField
      label={label}
      problem={problem}
      testId={testId}
      extra={
        storedNote !== null && extra !== undefined ? (
          <Space size="small" wrap>
            <span>{extra}</span>
            <span>{storedNote}</span>
          </Space>
        ) : (
          (storedNote ?? extra)
        )
      }
    >
      <Space.Compact>
        <InputNumber
          value={Number.isFinite(typed.amount) ? typed.amount : null}
          min={0}
          step={typed.unit === 'seconds' ? 0.1 : 1}
          disabled={disabled}
          style={{ width: 120 }}
          onChange={(next) =>
            change({ amount: typeof next === 'number' ? next : Number.NaN, unit: typed.unit })
          }
        />
        <Select<AmountUnit>
          value={typed.unit}
          disabled={disabled}
          style={{ width: 100 }}
          onChange={(unit) => change({ amount: typed.amount, unit })}
          options={(['seconds', 'minutes', 'hours'] as const).map((unit) => ({
            value: unit,
            label: t(`rules.fields.${unit}`),
          }))}
        />
      </Space.Compact>
    </RuleField>
  );
}

/** A channel (from 0) of one kind, named; a stored channel past the model's count stays shown. */
