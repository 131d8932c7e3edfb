/**
 * The fields every rule editor is built from, each controlled by a value of the decoded rule:
 * whole numbers with their bound shown and times (number-fields.tsx, time-fields.tsx, re-exported
 * here), channels limited to the model's counts (a stored channel past them is shown, never rewritten), channel sets, option
 * lists from the protocol package's tables (an unknown stored code is shown as 'err'), and rule
 * references. Each field reports its problem ('fill in relevant content', out of bound) to the
 * nearest IssueScope. Editors are drawn inside an antd Form with layout="vertical".
 */
import { say, RULE_TYPES } from '@fieldlink/protocol';
import type { Phrase, RuleRef } from '@fieldlink/protocol';
import { Checkbox, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelKind, RuleContext } from './context';
import { useFieldIssue, useIssueKey } from './issues';

import { NumberField, RuleField } from './number-fields';
import type { FieldFrame } from './number-fields';

export { NumberField, RuleField } from './number-fields';
export type { FieldFrame } from './number-fields';
export { TenthsField, TimeValueField } from './time-fields';

export function ChannelSelect({
  label,
  kind,
  value,
  onChange,
  context,
  disabled,
  testId,
  extra,
}: FieldFrame & {
  readonly kind: ChannelKind;
  readonly value: number;
  readonly onChange: (index: number) => void;
  readonly context: RuleContext;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  const count = context.counts[kind];
  const options = Array.from({ length: count }, (_, i) => ({
    value: i,
    label: context.channelName(kind, i),
  }));
  // A stored channel the model does not have is shown as it is (and keeps the rule from being
  // kept until another is chosen): rewriting it silently would change what the device does.
  const missing =
    value >= count
      ? t('rules.fields.channelMissing', { channel: `${kind.toUpperCase()}${value + 1}` })
      : null;
  if (missing !== null) options.push({ value, label: missing });
  useFieldIssue(useIssueKey(), missing);
  return (
    <RuleField
      label={label}
      problem={missing ?? (count === 0 ? t('rules.fields.noChannels') : null)}
      testId={testId}
      extra={extra}
    >
      <Select<number>
        value={value}
        options={options}
        disabled={disabled || context.readOnly}
        onChange={onChange}
        style={{ minWidth: 180 }}
      />
    </RuleField>
  );
}

/** A set of channels of one kind as bits (bit i = channel i + 1); bits past the count are kept. */
export function ChannelBitsField({
  label,
  kind,
  value,
  onChange,
  context,
  disabled,
  testId,
  extra,
}: FieldFrame & {
  readonly kind: ChannelKind;
  /** Bit i set: channel i (from 0) is in the set. */
  readonly value: number;
  readonly onChange: (bits: number) => void;
  readonly context: RuleContext;
  readonly disabled?: boolean;
}) {
  const count = Math.min(32, context.counts[kind]);
  const shown = Array.from({ length: count }, (_, i) => i);
  // Bits past the model's count are not drawn but kept, so a rewrite loses nothing.
  const hidden = count >= 32 ? 0 : (value >>> 0) & ~((2 ** count - 1) >>> 0);
  const chosen = shown.filter((i) => ((value >>> i) & 1) === 1);
  return (
    <RuleField label={label} testId={testId} extra={extra}>
      <Checkbox.Group
        value={chosen}
        disabled={disabled || context.readOnly}
        onChange={(list) => {
          let bits = hidden >>> 0;
          for (const i of list) bits = (bits | (1 << i)) >>> 0;
          onChange(bits >>> 0);
        }}
        options={shown.map((i) => ({ value: i, label: context.channelName(kind, i) }))}
      />
    </RuleField>
  );
}

export interface CodeOption {
  readonly code: number;
  readonly name: Phrase;
}

/** One code of a table of the protocol package (names in three languages); unknown codes stay shown as 'err'. */
export function CodeSelect({
  label,
  value,
  onChange,
  options,
  lang,
  disabled,
  testId,
  extra,
}: FieldFrame & {
  readonly value: number;
  readonly onChange: (code: number) => void;
  readonly options: readonly CodeOption[];
  readonly lang: RuleContext['lang'];
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  const list = options.map((o) => ({ value: o.code, label: say(o.name, lang) }));
  if (!options.some((o) => o.code === value)) {
    list.push({ value, label: t('rules.fields.unknownCode', { code: value }) });
  }
  return (
    <RuleField label={label} testId={testId} extra={extra}>
      <Select<number>
        value={value}
        options={list}
        disabled={disabled}
        onChange={onChange}
        style={{ minWidth: 220 }}
        popupMatchSelectWidth={false}
      />
    </RuleField>
  );
}

/** A reference to another rule: its family (always, time, switch, analog, scene A, scene B) and index. */
export function RuleRefField({
  label,
  value,
  onChange,
  context,
  testId,
}: FieldFrame & {
  readonly value: RuleRef;
  readonly onChange: (next: RuleRef) => void;
  readonly context: RuleContext;
}) {
  return (
    <RuleField label={label} testId={testId}>
      <Space wrap align="start">
        <CodeSelect
          label={null}
          value={value.ruleType}
          options={RULE_TYPES.map((type, code) => ({ code, name: type }))}
          lang={context.lang}
          disabled={context.readOnly}
          onChange={(ruleType) => onChange({ ...value, ruleType })}
        />
        {value.ruleType !== 0 && (
          <NumberField
            label={null}
            value={value.rule}
            min={0}
            max={127}
            disabled={context.readOnly}
            onChange={(rule) => onChange({ ...value, rule })}
          />
        )}
      </Space>
    </RuleField>
  );
}
