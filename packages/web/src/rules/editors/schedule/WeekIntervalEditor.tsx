/**
 * The week interval (docs/protocol.md § Week interval): a daily window from a begin to an end
 * time on the weekdays it begins on (Sunday first). An end at or before the begin runs into the
 * next day. There is no wildcard here. It is the time part of schedule mode 4.
 */
import { say, WEEKDAY_NAMES, weekIntervalCodec, weekIntervalCrossesMidnight } from '@fieldlink/protocol';
import type { WeekInterval } from '@fieldlink/protocol';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { ClockField, IndexSetField } from './pickers';

export default function WeekIntervalEditor({ value, onChange, context }: RuleEditorProps<WeekInterval>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const valid = weekIntervalCodec.validate(value).length === 0;
  return (
    <div data-testid="rule-week-interval">
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
      <Space wrap align="start">
        <ClockField
          label={t('rules.schedule.beginTime')}
          hour={value.beginHour}
          minute={value.beginMinute}
          onChange={(beginHour, beginMinute) => onChange({ ...value, beginHour, beginMinute })}
          disabled={disabled}
          testId="rule-begin"
        />
        <ClockField
          label={t('rules.schedule.endTime')}
          hour={value.endHour}
          minute={value.endMinute}
          onChange={(endHour, endMinute) => onChange({ ...value, endHour, endMinute })}
          disabled={disabled}
          testId="rule-end"
        />
      </Space>
      {valid && weekIntervalCrossesMidnight(value) && (
        <div>
          <Typography.Text type="warning" data-testid="rule-next-day">
            {t('rules.schedule.nextDay')}
          </Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text type="secondary" data-testid="rule-week-interval-text">
          {weekIntervalCodec.describe(value, context.lang)}
        </Typography.Text>
      </div>
    </div>
  );
}
