/**
 * One entry of the Modbus list (`mb` pages; docs/protocol.md § Modbus meter entry, § Poll delay):
 * which registers or coils the gateway polls from a slave into its own registers, or writes from
 * them to the slave. The entry is in use while its register kind is not 0; the function code and
 * the direction follow from the kind. An unknown kind, value type or delay read from the device
 * is shown as err with its code and kept until the user picks another.
 */
import {
  MODBUS_REGISTER_KINDS,
  MODBUS_VALUE_TYPES,
  REGISTER_COUNT,
  say,
  SLAVE_ID,
} from '@fieldlink/protocol';
import type { ModbusMeterEntry, Phrase } from '@fieldlink/protocol';
import { Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { CodeSelect, NumberField, RuleField } from '../fields';
import type { CodeOption } from '../fields';
import { POLL_DELAY_OPTIONS } from './poll-delay';

export interface ModbusMeterEditorProps extends RuleEditorProps<ModbusMeterEntry> {
  /** The entry's number (dev: page × 10 + slot), shown when the holder gives it; it is not stored. */
  readonly index?: number;
}

const fc = (code: number): string => `FC${String(code).padStart(2, '0')}`;

/** The kinds in use (1-8), each named with its function code: 'read holding registers (FC03)'. */
const KIND_OPTIONS: readonly CodeOption[] = MODBUS_REGISTER_KINDS.flatMap((kind, code) => {
  if (kind.functionCode === null) return [];
  const name: Phrase = {
    en: `${kind.en} (${fc(kind.functionCode)})`,
    zh: `${kind.zh}（${fc(kind.functionCode)}）`,
    tc: `${kind.tc}（${fc(kind.functionCode)}）`,
  };
  return [{ code, name }];
});

const VALUE_TYPE_OPTIONS: readonly CodeOption[] = MODBUS_VALUE_TYPES.map((type, code) => ({
  code,
  name: type,
}));

/** What an entry taken out of use is written as: the empty slot. */
const DISABLED: ModbusMeterEntry = {
  slave: 0,
  regType: 0,
  valueType: 0,
  pollDelay: 0,
  count: 0,
  slaveStart: 0,
  masterStart: 0,
};

/** The register kind an entry put in use starts with: the common meter read. */
const READ_HOLDING = 3;

export default function ModbusMeterEditor({ value, onChange, context, index }: ModbusMeterEditorProps) {
  const { t } = useTranslation();
  const { lang, readOnly } = context;
  const inUse = value.regType !== 0;
  const kind = MODBUS_REGISTER_KINDS[value.regType];
  const valueType = MODBUS_VALUE_TYPES[value.valueType];
  const span = (start: number) =>
    value.count > 0 ? t('rules.meters.span', { from: start, to: start + value.count - 1 }) : undefined;

  const changeInUse = (on: boolean): void =>
    onChange(
      on ? { ...value, regType: READ_HOLDING, slave: value.slave || 1, count: value.count || 1 } : DISABLED,
    );

  return (
    <>
      {index !== undefined && (
        <RuleField label={t('rules.fields.ruleIndex')} testId="rule-index">
          <Typography.Text>{index}</Typography.Text>
        </RuleField>
      )}
      <RuleField
        label={t('rules.meters.modbus.inUse')}
        testId="rule-mode"
        extra={inUse ? undefined : t('rules.meters.modbus.offNote')}
      >
        <Switch checked={inUse} disabled={readOnly} onChange={changeInUse} />
      </RuleField>
      {inUse && (
        <>
          <NumberField
            label={say(SLAVE_ID.label, lang)}
            value={value.slave}
            min={SLAVE_ID.min}
            max={SLAVE_ID.max}
            disabled={readOnly}
            onChange={(slave) => onChange({ ...value, slave })}
            testId="rule-slave"
          />
          <CodeSelect
            label={t('rules.meters.modbus.regType')}
            value={value.regType}
            options={KIND_OPTIONS}
            lang={lang}
            disabled={readOnly}
            extra={kind ? undefined : t('rules.meters.modbus.unknownKind')}
            onChange={(regType) => onChange({ ...value, regType })}
            testId="rule-regType"
          />
          <RuleField label={t('rules.meters.modbus.functionCode')} testId="rule-functionCode">
            <Typography.Text>
              {kind?.functionCode && kind.direction
                ? `${fc(kind.functionCode)} · ${t(`rules.meters.modbus.${kind.direction}`)}`
                : t('rules.fields.unknownCode', { code: value.regType })}
            </Typography.Text>
          </RuleField>
          <NumberField
            label={say(REGISTER_COUNT.label, lang)}
            value={value.count}
            min={REGISTER_COUNT.min}
            max={REGISTER_COUNT.max}
            disabled={readOnly}
            onChange={(count) => onChange({ ...value, count })}
            testId="rule-count"
          />
          <CodeSelect
            label={t('rules.meters.modbus.valueType')}
            value={value.valueType}
            options={VALUE_TYPE_OPTIONS}
            lang={lang}
            disabled={readOnly}
            extra={valueType ? t('rules.meters.modbus.wordsPerValue', { count: valueType.words }) : undefined}
            onChange={(next) => onChange({ ...value, valueType: next })}
            testId="rule-valueType"
          />
          <NumberField
            label={t('rules.meters.modbus.slaveStart')}
            value={value.slaveStart}
            min={0}
            max={0xffff}
            disabled={readOnly}
            extra={span(value.slaveStart)}
            onChange={(slaveStart) => onChange({ ...value, slaveStart })}
            testId="rule-slaveStart"
          />
          <NumberField
            label={t('rules.meters.masterStart')}
            value={value.masterStart}
            min={0}
            max={0xffff}
            disabled={readOnly}
            extra={span(value.masterStart)}
            onChange={(masterStart) => onChange({ ...value, masterStart })}
            testId="rule-masterStart"
          />
          <CodeSelect
            label={t('rules.meters.pollDelay')}
            value={value.pollDelay}
            options={POLL_DELAY_OPTIONS}
            lang={lang}
            disabled={readOnly}
            onChange={(pollDelay) => onChange({ ...value, pollDelay })}
            testId="rule-pollDelay"
          />
        </>
      )}
    </>
  );
}
