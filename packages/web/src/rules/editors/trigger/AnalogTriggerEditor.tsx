/**
 * The analog trigger of the `ai` pages (docs/protocol.md § Analog trigger): when an AI or AO
 * value, or a rule or read-only register, stays inside or outside a window for the window's hold
 * time, run the output. AI and AO sources are chosen by channel and their thresholds typed in
 * the channel's scaled unit; register sources by index, with raw thresholds. A disabled rule
 * shows its source only.
 */
import { ANALOG_TRIGGER_SOURCES } from '@fieldlink/protocol';
import type { AnalogTriggerRule } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { ChannelScale, RuleEditorProps } from '../context';
import { ChannelSelect, CodeSelect, NumberField } from '../fields';
import { RuleIndexField, TriggerFlagsFields, TriggerOutputPart } from './header';
import { analogChannelKind, analogTriggerWithSource } from './sources';
import { WindowFields } from './WindowFields';

/** Register sources read raw values. */
const RAW: ChannelScale = { unit: '', scaled: false, toShown: (raw) => raw, toRaw: (shown) => shown };

export default function AnalogTriggerEditor({
  value,
  onChange,
  context,
}: RuleEditorProps<AnalogTriggerRule>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const kind = analogChannelKind(value.source);
  const scale = kind === 'index' ? RAW : context.scale(kind, value.channel);
  const range = kind === 'ai' ? (context.aiRange?.(value.channel) ?? null) : null;
  return (
    <>
      <CodeSelect
        label={t('rules.trigger.source')}
        value={value.source}
        options={ANALOG_TRIGGER_SOURCES}
        lang={context.lang}
        disabled={disabled}
        onChange={(next) => onChange(analogTriggerWithSource(value, next, context.counts))}
        testId="rule-source"
        extra={value.source === 0 ? t('rules.trigger.disabledNote') : undefined}
      />
      {value.source !== 0 && (
        <>
          <RuleIndexField
            value={value.dev}
            onChange={(dev) => onChange({ ...value, dev })}
            context={context}
          />
          {kind === 'index' ? (
            <NumberField
              label={t('rules.trigger.registerIndex')}
              value={value.channel}
              min={0}
              max={255}
              extra={t('rules.trigger.indexNote')}
              disabled={disabled}
              onChange={(channel) => onChange({ ...value, channel })}
              testId="rule-channel"
            />
          ) : (
            <ChannelSelect
              label={t(kind === 'ai' ? 'rules.trigger.aiChannel' : 'rules.trigger.aoChannel')}
              kind={kind}
              value={value.channel}
              context={context}
              onChange={(channel) => onChange({ ...value, channel })}
              testId="rule-channel"
            />
          )}
          <WindowFields
            // Thresholds are typed in the source channel's unit: another channel draws new fields.
            key={`${kind}-${value.channel}`}
            value={value.window}
            onChange={(window) => onChange({ ...value, window })}
            scale={scale}
            range={range}
            disabled={disabled}
          />
          <TriggerFlagsFields value={value} onChange={onChange} context={context} />
          <TriggerOutputPart value={value} onChange={onChange} context={context} />
        </>
      )}
    </>
  );
}
