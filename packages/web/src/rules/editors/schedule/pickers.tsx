/**
 * The pieces the time-part editors share: a set of indices picked with checkboxes (weekdays
 * Sunday first, the 24 hours), a whole number with an 'any' switch (the time models' wildcards),
 * and a time of day at minute resolution picked with antd's TimePicker.
 */
import { Button, Checkbox, InputNumber, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField, RuleField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';

export function pad2(n: number): string {
  return n >= 0 && n < 10 ? `0${n}` : String(n);
}

function sortedUnique(list: readonly number[]): number[] {
  return [...new Set(list)].sort((a, b) => a - b);
}

/**
 * A set of indices 0 to count-1 (weekdays, hours) as checkboxes, with 'all' and 'none'. Indices
 * the model holds outside that range are not drawn but kept, so nothing is lost that the user
 * did not touch.
 */
export function IndexSetField({
  label,
  count,
  nameOf,
  value,
  onChange,
  disabled,
  emptyNote,
  columns,
  testId,
}: {
  readonly label: ReactNode;
  readonly count: number;
  readonly nameOf: (index: number) => string;
  readonly value: readonly number[];
  readonly onChange: (next: number[]) => void;
  readonly disabled: boolean;
  /** Shown while nothing is picked. */
  readonly emptyNote: string;
  /** Lays the boxes out in a grid of this many columns. */
  readonly columns?: number;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const inRange = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < count;
  const kept = value.filter((i) => !inRange(i));
  const chosen = value.filter(inRange);
  const set = (list: readonly number[]): void => onChange(sortedUnique([...kept, ...list]));
  const all = Array.from({ length: count }, (_, i) => i);
  return (
    <RuleField label={label} testId={testId} extra={chosen.length === 0 ? emptyNote : undefined}>
      <Space orientation="vertical" size="small">
        <Checkbox.Group
          value={chosen}
          disabled={disabled}
          onChange={(list) => set(list)}
          options={all.map((i) => ({ value: i, label: nameOf(i) }))}
          style={
            columns ? { display: 'grid', gridTemplateColumns: `repeat(${columns}, max-content)` } : undefined
          }
        />
        <Space size="small">
          <Button size="small" disabled={disabled} onClick={() => set(all)}>
            {t('rules.schedule.selectAll')}
          </Button>
          <Button size="small" disabled={disabled} onClick={() => set([])}>
            {t('rules.schedule.selectNone')}
          </Button>
        </Space>
      </Space>
    </RuleField>
  );
}

/**
 * A whole number that may instead be 'any' (null): the number with its bound, and a switch.
 * Turning 'any' off brings back the last number the field held (or `fallback`), so switching it
 * on and off again changes nothing.
 */
export function WildcardField({
  label,
  value,
  onChange,
  min,
  max,
  fallback,
  anyLabel,
  disabled,
  testId,
}: {
  readonly label: ReactNode;
  readonly value: number | null;
  readonly onChange: (next: number | null) => void;
  readonly min: number;
  readonly max: number;
  readonly fallback: number;
  readonly anyLabel: string;
  readonly disabled: boolean;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const [last, setLast] = useState(value ?? fallback);
  useEffect(() => {
    if (value !== null) setLast(value);
  }, [value]);
  const any = value === null;
  return (
    <div data-testid={testId}>
      {any ? (
        <RuleField label={label} extra={t('rules.fields.bound', { min, max })}>
          <InputNumber disabled placeholder={anyLabel} style={{ width: 120 }} />
        </RuleField>
      ) : (
        <NumberField
          label={label}
          value={value}
          onChange={onChange}
          min={min}
          max={max}
          disabled={disabled}
        />
      )}
      <Checkbox checked={any} disabled={disabled} onChange={(e) => onChange(e.target.checked ? null : last)}>
        {anyLabel}
      </Checkbox>
    </div>
  );
}

function validClock(hour: number, minute: number): boolean {
  return (
    Number.isInteger(hour) &&
    hour >= 0 &&
    hour <= 23 &&
    Number.isInteger(minute) &&
    minute >= 0 &&
    minute <= 59
  );
}

/**
 * A time of day (hour and minute) from a TimePicker. A stored time past the clock (hour 24,
 * minute 60 …) cannot be shown by the picker: it is named in the field's problem, and kept until
 * the user picks a time.
 */
export function ClockField({
  label,
  hour,
  minute,
  onChange,
  disabled,
  testId,
}: {
  readonly label: ReactNode;
  readonly hour: number;
  readonly minute: number;
  readonly onChange: (hour: number, minute: number) => void;
  readonly disabled: boolean;
  readonly testId?: string;
}) {
  const { t } = useTranslation();
  const valid = validClock(hour, minute);
  const problem = valid
    ? null
    : t('rules.schedule.timeOutOfRange', { time: `${pad2(hour)}:${pad2(minute)}` });
  useFieldIssue(useIssueKey(), problem);
  const shown: Dayjs | null = valid ? dayjs().startOf('day').hour(hour).minute(minute) : null;
  return (
    <RuleField label={label} problem={problem} extra={t('rules.schedule.clockBound')} testId={testId}>
      <TimePicker
        value={shown}
        format="HH:mm"
        allowClear={false}
        needConfirm={false}
        disabled={disabled}
        onChange={(next: Dayjs | null) => {
          if (next) onChange(next.hour(), next.minute());
        }}
      />
    </RuleField>
  );
}
