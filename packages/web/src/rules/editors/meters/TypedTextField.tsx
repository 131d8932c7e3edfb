/**
 * A text field over a value that is typed as text (a meter address, a data identifier): what is
 * typed stays on screen as typed, with its problem, and the value is handed on only when the text
 * reads as one. A new value from outside replaces the text unless the text already reads as it.
 */
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { RuleField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';

/** What a text reads as: a value and its shown form, or the problem that keeps it from being one. */
export type TextReading<T> =
  | { readonly ok: true; readonly value: T; readonly shown: string }
  | { readonly ok: false; readonly problem: string };

export function TypedTextField<T>({
  label,
  shown,
  read,
  onChange,
  extra,
  disabled,
  testId,
  placeholder,
}: {
  readonly label: ReactNode;
  /** The value as the field shows it. */
  readonly shown: string;
  readonly read: (typed: string) => TextReading<T>;
  readonly onChange: (next: T) => void;
  /** Shown under the field; given the text and what it reads as now. */
  readonly extra?: (reading: TextReading<T>, typed: string) => ReactNode;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly placeholder?: string;
}) {
  const [typed, setTyped] = useState(shown);
  useEffect(() => {
    setTyped((before) => {
      const reading = read(before);
      return reading.ok && reading.shown === shown ? before : shown;
    });
    // Only a new value from outside replaces the text; `read` is a new function each render.
  }, [shown]);
  const reading = read(typed);
  const problem = reading.ok ? null : reading.problem;
  useFieldIssue(useIssueKey(), problem);
  return (
    <RuleField label={label} problem={problem} testId={testId} extra={extra?.(reading, typed)}>
      <Input
        value={typed}
        disabled={disabled}
        placeholder={placeholder}
        spellCheck={false}
        style={{ width: 220, fontFamily: 'monospace' }}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          const now = read(next);
          if (now.ok) onChange(now.value);
        }}
      />
    </RuleField>
  );
}
