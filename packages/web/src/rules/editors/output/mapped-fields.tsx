/**
 * Number fields whose stored value is not the number the user types: a relay hold stored in
 * tenths but typed in seconds with 0 allowed beside 2-65535, a signed register value stored as
 * its u16, an analog value stored raw but typed in the channel's scaled unit with the raw value
 * shown. Like NumberField, what is typed stays on screen with its problem and is handed on only
 * when it is within its bound; the problem is reported to the dialog.
 */
import { InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelScale } from '../context';
import { RuleField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';

/** Drops the float noise of a conversion (1.2300000000000002 → 1.23) without losing precision. */
export function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

export interface MappedNumberProps {
  readonly label: ReactNode;
  /** The stored value; null when nothing is stored yet (the box starts empty). */
  readonly value: number | null;
  readonly onChange: (stored: number) => void;
  /** The number the user reads for a stored value. */
  readonly show: (stored: number) => number;
  /** The stored value of a typed number. */
  readonly store: (shown: number) => number;
  /** The problem of a typed number (given with its stored value), or null when it may be kept. */
  readonly problemOf: (shown: number, stored: number) => string | null;
  /** The bound, shown under the field. */
  readonly bound: ReactNode;
  /** Shown after the bound for the stored value of what is typed (the raw value). */
  readonly extraOf?: (stored: number | null) => ReactNode;
  readonly unit?: string;
  readonly step?: number;
  readonly disabled?: boolean;
  readonly testId?: string;
  /** Drawn before the box (a switch that clears the field). */
  readonly addon?: ReactNode;
}

/** A number typed in one form and stored in another. */
export function MappedNumberField({
  label,
  value,
  onChange,
  show,
  store,
  problemOf,
  bound,
  extraOf,
  unit,
  step = 1,
  disabled,
  testId,
  addon,
}: MappedNumberProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<number | null>(value === null ? null : show(value));
  // A new stored value from outside replaces what was typed, unless it is what was typed (so a
  // scaled entry is not rewritten in its rounded form while the user types).
  useEffect(() => {
    setTyped((before) => {
      if (value === null) return before;
      if (before !== null && Number.isFinite(before) && store(before) === value) return before;
      return show(value);
    });
    // The conversions are fixed for one drawn field: callers key the field by what they depend on.
  }, [value]);
  const problemOfTyped = (n: number | null): string | null => {
    if (n === null || !Number.isFinite(n)) return t('rules.fields.required');
    return problemOf(n, store(n));
  };
  const problem = problemOfTyped(typed);
  useFieldIssue(useIssueKey(), problem);
  const stored = typed !== null && Number.isFinite(typed) ? store(typed) : null;
  return (
    <RuleField
      label={label}
      problem={problem}
      testId={testId}
      extra={
        <Space size="small" wrap>
          <span>{bound}</span>
          {extraOf?.(stored)}
        </Space>
      }
    >
      <Space size="small" wrap>
        {addon}
        <InputNumber
          value={typed}
          step={step}
          suffix={unit || undefined}
          disabled={disabled}
          style={{ width: 180 }}
          onChange={(next) => {
            const n = typeof next === 'number' ? next : next === null ? null : Number(next);
            setTyped(n);
            if (n !== null && problemOfTyped(n) === null) onChange(store(n));
          }}
        />
      </Space>
    </RuleField>
  );
}

/** The bounds of a raw range as the user reads them (a falling scale swaps the ends). */
export function shownBounds(scale: ChannelScale, rawMin: number, rawMax: number): [number, number] {
  const a = tidy(scale.toShown(rawMin));
  const b = tidy(scale.toShown(rawMax));
  return a <= b ? [a, b] : [b, a];
}

/** The step of a scaled entry: one raw count in the shown unit, to two significant digits. */
export function scaledStep(scale: ChannelScale): number {
  if (!scale.scaled) return 1;
  const one = Math.abs(scale.toShown(1) - scale.toShown(0));
  return one > 0 && Number.isFinite(one) ? Number(one.toPrecision(2)) : 1;
}

/**
 * An analog value stored raw (a whole number within rawMin-rawMax) and typed in the channel's
 * scaled unit, with the raw value of what is typed shown; unscaled channels are typed raw.
 * `problemOfRaw` adds the checks of the caller (a channel range, another threshold).
 */
export function ScaledValueField({
  label,
  value,
  onChange,
  scale,
  rawMin,
  rawMax,
  bound,
  problemOfRaw,
  disabled,
  testId,
  addon,
}: {
  readonly label: ReactNode;
  readonly value: number | null;
  readonly onChange: (raw: number) => void;
  readonly scale: ChannelScale;
  readonly rawMin: number;
  readonly rawMax: number;
  /** Shown beside the scaled bound (the raw bound and any channel range). */
  readonly bound?: ReactNode;
  readonly problemOfRaw?: (raw: number) => string | null;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly addon?: ReactNode;
}) {
  const { t } = useTranslation();
  const [min, max] = shownBounds(scale, rawMin, rawMax);
  const outOfBound = scale.unit
    ? t('rules.fields.boundUnit', { min, max, unit: scale.unit })
    : t('rules.fields.bound', { min, max });
  return (
    <MappedNumberField
      label={label}
      value={value}
      onChange={onChange}
      show={(raw) => tidy(scale.toShown(raw))}
      store={(shown) => Math.round(scale.toRaw(shown))}
      problemOf={(shown, raw) => {
        if (!scale.scaled && !Number.isInteger(shown)) return t('rules.fields.integer');
        if (!(raw >= rawMin && raw <= rawMax)) return t('rules.fields.outOfBound', { min, max });
        return problemOfRaw?.(raw) ?? null;
      }}
      bound={
        <>
          {outOfBound}
          {bound ? <> · {bound}</> : null}
        </>
      }
      extraOf={(raw) =>
        scale.scaled && raw !== null ? (
          <span data-testid={testId ? `${testId}-raw` : undefined}>
            {t('rules.fields.rawValue', { raw })}
          </span>
        ) : null
      }
      unit={scale.unit}
      step={scaledStep(scale)}
      disabled={disabled}
      testId={testId}
      addon={addon}
    />
  );
}
