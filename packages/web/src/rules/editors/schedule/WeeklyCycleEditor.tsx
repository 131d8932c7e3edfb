/**
 * The weekly cycle (docs/protocol.md § Weekly cycle): the weekdays (Sunday first, as the model
 * numbers them) and the hours it fires in, at one minute and second of each hour. Minute and
 * second may each be 'every' (the model's wildcard 60). It is the time part of schedule mode 2.
 */
import { say, WEEKDAY_NAMES, WEEKLY_WILDCARD, weeklyCycleCodec } from '@fieldlink/protocol';
import type { WeeklyCycle } from '@fieldlink/protocol';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { IndexSetField, pad2, WildcardField } from './pickers';

/** The wildcard 60 as the picker's 'any' (null), and back. */
const toField = (v: number): number | null => (v === WEEKLY_WILDCARD ? null : v);
const fromField = (v: number | null): number => v ?? WEEKLY_WILDCARD;

export default function WeeklyCycleEditor({ value, onChange, context }: RuleEditorProps<WeeklyCycle>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  return (
    <div data-testid="rule-weekly-cycle">
      <IndexSetField
        label={t('rules.schedule.weekdays')}
        count={7}
        nameOf={(d) => say(WEEKDAY_NAMES[d]!, context.lang)}
        value={value.weekdays}
        onChange={(weekdays) => onChange({ ...value, weekdays })}
        disabled={disabled}
        emptyNote={t('rules.schedule.noWeekday')}
        testId="rule-weekdays"
      />
      <IndexSetField
        label={t('rules.schedule.hours')}
        count={24}
        nameOf={pad2}
        value={value.hours}
        onChange={(hours) => onChange({ ...value, hours })}
        disabled={disabled}
        emptyNote={t('rules.schedule.noHour')}
        columns={12}
        testId="rule-hours"
      />
      <Space wrap align="start">
        <WildcardField
          label={t('rules.schedule.minute')}
          value={toField(value.minute)}
          onChange={(minute) => onChange({ ...value, minute: fromField(minute) })}
          min={0}
          max={59}
          fallback={0}
          anyLabel={t('rules.schedule.everyMinute')}
          disabled={disabled}
          testId="rule-minute"
        />
        <WildcardField
          label={t('rules.schedule.second')}
          value={toField(value.second)}
          onChange={(second) => onChange({ ...value, second: fromField(second) })}
          min={0}
          max={59}
          fallback={0}
          anyLabel={t('rules.schedule.everySecond')}
          disabled={disabled}
          testId="rule-second"
        />
      </Space>
      <div>
        <Typography.Text type="secondary" data-testid="rule-weekly-text">
          {weeklyCycleCodec.describe(value, context.lang)}
        </Typography.Text>
      </div>
    </div>
  );
}
