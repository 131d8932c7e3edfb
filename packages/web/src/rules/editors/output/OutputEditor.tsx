/**
 * The output part of a schedule, switch trigger or analog trigger (docs/protocol.md § Output):
 * what the rule does when it fires. Relay modes take a DO channel and a hold (0.1 s; 0 holds
 * forever, else 2-65535), the scene modes a scene index, mode 7 an AO channel and its raw value
 * (typed in the channel's scaled unit), mode 6 a register operation; every acting mode but 6 a
 * target address. On this device (address 0) channels are chosen by name from the model's
 * counts; on a slave or team member they are the target's, chosen by number. Disabled and
 * unknown modes keep their bytes as read. Drawn inside the form of whatever rule embeds it.
 */
import { MAX_SLAVE_ADDR, OUTPUT_MODES } from '@fieldlink/protocol';
import type { ChannelOutput, OutputRule } from '@fieldlink/protocol';
import { useTranslation } from 'react-i18next';
import type { ChannelScale, RuleContext, RuleEditorProps } from '../context';
import { ChannelSelect, CodeSelect, NumberField } from '../fields';
import { familyOf, outputWithMode } from './blank';
import { MappedNumberField, ScaledValueField, tidy } from './mapped-fields';
import { RegisterOperationFields } from './RegisterOperationFields';

const U16_MAX = 0xffff;
/** Channels in rule bytes are 0-31 (DO1-DO32, AO1-AO32). */
const CHANNELS = 32;
/** A raw value typed as it is stored (a slave's AO, whose scaling this device does not know). */
const RAW: ChannelScale = { unit: '', scaled: false, toShown: (raw) => raw, toRaw: (shown) => shown };

/** Relay hold in tenths: 0 holds forever, 1 is refused (spec 001 § 5), 2-65535 hold that long. */
const isRelayHold = (tenths: number): boolean =>
  Number.isInteger(tenths) && (tenths === 0 || (tenths >= 2 && tenths <= U16_MAX));

export default function OutputEditor({ value, onChange, context }: RuleEditorProps<OutputRule>) {
  const { t } = useTranslation();
  const family = familyOf(value.mode);
  const known = OUTPUT_MODES[value.mode] !== undefined;
  return (
    <>
      <CodeSelect
        label={t('rules.trigger.output.mode')}
        value={value.mode}
        options={OUTPUT_MODES}
        lang={context.lang}
        disabled={context.readOnly}
        onChange={(mode) => onChange(outputWithMode(value, mode))}
        testId="rule-output-mode"
        extra={
          !known
            ? t('rules.trigger.output.unknownMode')
            : value.mode === 0
              ? t('rules.trigger.output.disabledNote')
              : undefined
        }
      />
      {value.mode === 6 ? (
        <RegisterOperationFields
          value={value.operation}
          onChange={(operation) => onChange({ ...value, operation })}
          context={context}
        />
      ) : (
        family !== 'none' && <ChannelOutputFields value={value} onChange={onChange} context={context} />
      )}
    </>
  );
}

/** The fields of the relay, scene and AO modes. */
function ChannelOutputFields({
  value,
  onChange,
  context,
}: {
  readonly value: ChannelOutput;
  readonly onChange: (next: OutputRule) => void;
  readonly context: RuleContext;
}) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const family = familyOf(value.mode);
  const local = value.addr === 0;
  const setChannel = (channel: number): void => onChange({ ...value, channel });
  return (
    <>
      {family === 'scene' ? (
        <NumberField
          label={t('rules.trigger.output.scene')}
          value={value.channel}
          min={0}
          max={255}
          extra={t('rules.trigger.output.sceneNote')}
          disabled={disabled}
          onChange={setChannel}
          testId="rule-output-scene"
        />
      ) : local ? (
        <ChannelSelect
          label={t(family === 'ao' ? 'rules.trigger.output.aoChannel' : 'rules.trigger.output.doChannel')}
          kind={family === 'ao' ? 'ao' : 'do'}
          value={value.channel}
          context={context}
          onChange={setChannel}
          testId="rule-output-channel"
        />
      ) : (
        // The target's channels are not this model's: any of the 32 a rule can name, by number.
        <NumberField
          label={t('rules.trigger.output.slaveChannel', { kind: family === 'ao' ? 'AO' : 'DO' })}
          value={value.channel + 1}
          min={1}
          max={CHANNELS}
          disabled={disabled}
          onChange={(n) => setChannel(n - 1)}
          testId="rule-output-channel"
        />
      )}
      {family === 'relay' && (
        <MappedNumberField
          label={t('rules.trigger.output.hold')}
          value={value.value}
          show={(tenths) => tenths / 10}
          store={(seconds) => Math.round(seconds * 10)}
          problemOf={(seconds, tenths) =>
            isRelayHold(tenths) && tidy(tenths / 10) === tidy(seconds)
              ? null
              : t('rules.trigger.output.holdBound')
          }
          bound={t('rules.trigger.output.holdBound')}
          extraOf={(tenths) => (tenths === 0 ? <span>{t('rules.trigger.output.holdForever')}</span> : null)}
          unit={t('rules.fields.seconds')}
          step={0.1}
          disabled={disabled}
          onChange={(tenths) => onChange({ ...value, value: tenths })}
          testId="rule-output-hold"
        />
      )}
      {family === 'ao' && (
        <ScaledValueField
          // The scaling is the chosen channel's (none on a slave): another target draws a new field.
          key={local ? `ao-${value.channel}` : 'slave'}
          label={t('rules.trigger.output.aoValue')}
          value={value.value}
          scale={local ? context.scale('ao', value.channel) : RAW}
          rawMin={0}
          rawMax={U16_MAX}
          disabled={disabled}
          onChange={(raw) => onChange({ ...value, value: raw })}
          testId="rule-output-aoValue"
        />
      )}
      <NumberField
        label={t('rules.trigger.output.addr')}
        value={value.addr}
        min={0}
        max={MAX_SLAVE_ADDR}
        extra={t('rules.trigger.output.addrNote')}
        disabled={disabled}
        onChange={(addr) => onChange({ ...value, addr })}
        testId="rule-output-addr"
      />
    </>
  );
}
