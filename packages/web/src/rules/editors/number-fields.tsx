/**
 * The labelled frame of a rule field and the number field every editor uses: what is typed is
 * kept as typed, its bound shown, and its problem reported to the nearest IssueScope.
 */
import { Form, InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFieldIssue, useIssueKey } from './issues';

export interface FieldFrame {
  readonly label: ReactNode;
  /** Shown under the field: its bound, a unit, the stored form of a time. */
  readonly extra?: ReactNode;
  /** The test id of the field's wrapper. */
  readonly testId?: string;
}

/** A labelled field with its problem (if any) under it. */
export function RuleField({
  label,
  extra,
  problem,
  testId,
  children,
}: FieldFrame & { readonly problem?: string | null; readonly children: ReactNode }) {
  return (
    <Form.Item
      label={label}
      extra={extra}
      validateStatus={problem ? 'error' : undefined}
      help={problem ?? undefined}
      data-testid={testId}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

/** The problem of a typed number: empty, not whole, or past its bound. */
function numberProblem(
  value: number | null,
  min: number,
  max: number,
  integer: boolean,
  t: TFunction,
): string | null {
  if (value === null || Number.isNaN(value)) return t('rules.fields.required');
  if (integer && !Number.isInteger(value)) return t('rules.fields.integer');
  if (value < min || value > max) return t('rules.fields.outOfBound', { min, max });
  return null;
}

/**
 * A number field: what is typed is kept as typed (an empty or out-of-bound entry stays on screen
 * with its problem) and handed on only when it is within the bound.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  integer = true,
  step,
  unit,
  extra,
  disabled,
  testId,
  problem: ruleProblem = null,
}: FieldFrame & {
  readonly value: number;
  readonly onChange: (next: number) => void;
  readonly min: number;
  readonly max: number;
  readonly integer?: boolean;
  readonly step?: number;
  /** The unit after the number and in the bound. */
  readonly unit?: string;
  readonly disabled?: boolean;
  /**
   * A problem of the value beyond its bound (a slave id another entry uses), shown and reported
   * as the field's own once the typed number is within the bound.
   */
  readonly problem?: string | null;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | null>(value);
  // A new value from outside (another field, a reset) replaces what was typed.
  useEffect(() => setTyped(value), [value]);
  const problem = numberProblem(typed, min, max, integer, t) ?? ruleProblem;
  useFieldIssue(useIssueKey(), problem);
  const bound = unit
    ? t('rules.fields.boundUnit', { min, max, unit })
    : t('rules.fields.bound', { min, max });
  return (
    <RuleField
      label={label}
      problem={problem}
      testId={testId}
      extra={
        <Space size="small" wrap>
          <span>{bound}</span>
          {extra}
        </Space>
      }
    >
      <InputNumber
        value={typed}
        step={step ?? (integer ? 1 : 0.1)}
        suffix={unit}
        disabled={disabled}
        style={{ width: 180 }}
        onChange={(next) => {
          const n = typeof next === 'number' ? next : next === null ? null : Number(next);
          setTyped(n);
          if (numberProblem(n, min, max, integer, t) === null && n !== null) onChange(n);
        }}
      />
    </RuleField>
  );
}

/** A time held in tenths of a second (u16), entered in seconds with one decimal. */
