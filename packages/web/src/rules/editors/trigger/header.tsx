/**
 * The trigger header both trigger models share (docs/protocol.md § Trigger, bytes 0-2): the rule
 * index, how the output runs (event-triggered or event-forced, single or repeat), whether the
 * next rule's output runs too, and the output part itself.
 */
import type { OutputRule, TriggerHeader } from '@fieldlink/protocol';
import { Checkbox, Divider, Radio } from 'antd';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleContext } from '../context';
import { NumberField, RuleField } from '../fields';
import OutputEditor from '../output/OutputEditor';

/** The rule index (dev) field. */
export function RuleIndexField({
  value,
  onChange,
  context,
}: {
  readonly value: number;
  readonly onChange: (dev: number) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  return (
    <NumberField
      label={t('rules.fields.ruleIndex')}
      value={value}
      min={0}
      max={255}
      disabled={context.readOnly}
      onChange={onChange}
      testId="rule-dev"
    />
  );
}

/** Execution (event-triggered or forced), operation type (single or repeat) and 'more'. */
export function TriggerFlagsFields<T extends TriggerHeader>({
  value,
  onChange,
  context,
}: {
  readonly value: T;
  readonly onChange: (next: T) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  return (
    <>
      <RuleField label={t('rules.trigger.execution')} testId="rule-forced">
        <Radio.Group
          value={value.forced}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, forced: event.target.value === true })}
          options={[
            { value: false, label: t('rules.trigger.eventTriggered') },
            { value: true, label: t('rules.trigger.eventForced') },
          ]}
        />
      </RuleField>
      <RuleField label={t('rules.trigger.operation')} testId="rule-repeat">
        <Radio.Group
          value={value.repeat}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, repeat: event.target.value === true })}
          options={[
            { value: false, label: t('rules.trigger.single') },
            { value: true, label: t('rules.trigger.repeat') },
          ]}
        />
      </RuleField>
      <RuleField label={null} testId="rule-more">
        <Checkbox
          checked={value.more}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, more: event.target.checked })}
        >
          {t('rules.trigger.more')}
        </Checkbox>
      </RuleField>
    </>
  );
}

/** The output editor, drawn again only when the output or the device changes. */
const MemoOutputEditor = memo(OutputEditor);

/**
 * The output part under its heading. A change elsewhere in the rule does not draw the output
 * again: its change handler stays the same and reads the rule as last drawn.
 */
export function TriggerOutputPart<T extends { readonly output: OutputRule }>({
  value,
  onChange,
  context,
}: {
  readonly value: T;
  readonly onChange: (next: T) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  const setOutput = useCallback((output: OutputRule) => {
    const { value: rule, onChange: change } = latest.current;
    change({ ...rule, output });
  }, []);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('rules.trigger.outputTitle')}
      </Divider>
      <MemoOutputEditor value={value.output} onChange={setOutput} context={context} />
    </>
  );
}
