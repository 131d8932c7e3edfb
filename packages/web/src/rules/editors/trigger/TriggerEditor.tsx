/**
 * The switch trigger of the `di` pages (docs/protocol.md § Trigger): when a DI or DO channel, a
 * scene or another rule reaches a level and holds it for the hold time, run the output. The
 * reserved source 4 is shown as err with its code and the rule kept as read until the user picks
 * another source; a disabled rule shows its source only.
 */
import { displayHoldTenths, TRIGGER_SOURCES, triggerSource, UNHOLD_MAX } from '@fieldlink/protocol';
import type { TriggerRule } from '@fieldlink/protocol';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import type { RuleEditorProps } from '../context';
import { ChannelSelect, CodeSelect, NumberField, RuleField, TenthsField } from '../fields';
import { RuleIndexField, TriggerFlagsFields, TriggerOutputPart } from './header';
import { triggerWithSource } from './sources';

const DI = 1;
const DO = 2;

/** The label of the index of the sources that have no channels (3, 5-7, and the reserved 4). */
const INDEX_LABELS: Readonly<Record<number, MessageKey>> = {
  3: 'rules.trigger.sceneIndex',
  5: 'rules.trigger.algorithmIndex',
  6: 'rules.trigger.sceneApplicationIndex',
  7: 'rules.trigger.conditionIndex',
};

export default function TriggerEditor({ value, onChange, context }: RuleEditorProps<TriggerRule>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const source = triggerSource(value.source);
  const shownHold = displayHoldTenths(value);
  return (
    <>
      <CodeSelect
        label={t('rules.trigger.source')}
        value={value.source}
        options={TRIGGER_SOURCES}
        lang={context.lang}
        disabled={disabled}
        onChange={(next) => onChange(triggerWithSource(value, next, context.counts))}
        testId="rule-source"
        extra={
          source === undefined
            ? t('rules.trigger.reservedSource')
            : value.source === 0
              ? t('rules.trigger.disabledNote')
              : undefined
        }
      />
      {value.source !== 0 && (
        <>
          <RuleIndexField
            value={value.dev}
            onChange={(dev) => onChange({ ...value, dev })}
            context={context}
          />
          {value.source === DI || value.source === DO ? (
            <ChannelSelect
              label={t(value.source === DI ? 'rules.trigger.diChannel' : 'rules.trigger.doChannel')}
              kind={value.source === DI ? 'di' : 'do'}
              value={value.channel}
              context={context}
              onChange={(channel) => onChange({ ...value, channel })}
              testId="rule-channel"
            />
          ) : (
            <NumberField
              label={t(INDEX_LABELS[value.source] ?? 'rules.trigger.index')}
              value={value.channel}
              min={0}
              max={255}
              extra={t('rules.trigger.indexNote')}
              disabled={disabled}
              onChange={(channel) => onChange({ ...value, channel })}
              testId="rule-channel"
            />
          )}
          <RuleField label={t('rules.trigger.level')} testId="rule-level">
            <Radio.Group
              value={value.level}
              disabled={disabled}
              onChange={(event) =>
                onChange({ ...value, level: event.target.value === 'inactive' ? 'inactive' : 'active' })
              }
              options={[
                { value: 'active', label: t(source?.io ? 'rules.trigger.ioActive' : 'rules.trigger.active') },
                {
                  value: 'inactive',
                  label: t(source?.io ? 'rules.trigger.ioInactive' : 'rules.trigger.inactive'),
                },
              ]}
            />
          </RuleField>
          <TenthsField
            label={t('rules.trigger.holdTime')}
            value={value.holdTime}
            disabled={disabled}
            onChange={(holdTime) => onChange({ ...value, holdTime })}
            extra={
              shownHold !== value.holdTime
                ? t('rules.trigger.holdShown', { seconds: shownHold / 10 })
                : undefined
            }
            testId="rule-holdTime"
          />
          <TenthsField
            label={t('rules.trigger.unholdTime')}
            value={value.unholdTime}
            max={UNHOLD_MAX}
            disabled={disabled}
            onChange={(unholdTime) => onChange({ ...value, unholdTime })}
            extra={t('rules.trigger.unholdNote')}
            testId="rule-unholdTime"
          />
          <TriggerFlagsFields value={value} onChange={onChange} context={context} />
          <TriggerOutputPart value={value} onChange={onChange} context={context} />
        </>
      )}
    </>
  );
}
