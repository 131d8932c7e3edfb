/**
 * The fixed point (docs/protocol.md § Fixed point): a date and time whose fields may each be
 * 'any' (the model's null, written as the field's ignore code: year 2000, month 0, day 0, hour 24,
 * minute 60, second 60). Each field is a number with its bound and its own 'any' switch; a
 * calendar and a time picker fill the three fields of a row at once. It is the time part of
 * schedule mode 1 and each end of a date-time interval.
 */
import { formatFixedPoint, YEAR_OFFSET } from '@fieldlink/protocol';
import type { FixedPoint, FixedPointField } from '@fieldlink/protocol';
import { DatePicker, Space, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import { RuleField } from '../fields';
import { useFieldIssue, useIssueKey } from '../issues';
import { WildcardField } from './pickers';

const FIRST_YEAR = YEAR_OFFSET + 1;
const LAST_YEAR = YEAR_OFFSET + 255;

const BOUNDS: Record<FixedPointField, readonly [number, number]> = {
  year: [FIRST_YEAR, LAST_YEAR],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
  second: [0, 59],
};

function within(field: FixedPointField, value: number | null): value is number {
  const [min, max] = BOUNDS[field];
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
}

/** Days in a month; February has 29 when the year is 'any', as a leap year may come. */
function daysInMonth(month: number, year: number | null): number {
  if (month === 2)
    return year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The year a field starts from when its 'any' is turned off and it held no number before. */
function thisYear(): number {
  return Math.min(LAST_YEAR, Math.max(FIRST_YEAR, dayjs().year()));
}

export default function FixedPointEditor({ value, onChange, context }: RuleEditorProps<FixedPoint>) {
  const { t } = useTranslation();
  const disabled = context.readOnly;
  const set = (field: FixedPointField, next: number | null): void => onChange({ ...value, [field]: next });
  const { year, month, day, hour, minute, second } = value;

  // A day past its month's end (April 31) can be typed field by field; the device would never match it.
  const last = within('month', month) ? daysInMonth(month, within('year', year) ? year : null) : 31;
  const dayProblem =
    within('day', day) && day > last ? t('rules.schedule.dayPastMonthEnd', { month, days: last }) : null;
  useFieldIssue(useIssueKey(), dayProblem);

  const dateShown: Dayjs | null =
    within('year', year) && within('month', month) && within('day', day) && dayProblem === null
      ? dayjs(new Date(year, month - 1, day))
      : null;
  const timeShown: Dayjs | null =
    within('hour', hour) && within('minute', minute) && within('second', second)
      ? dayjs().startOf('day').hour(hour).minute(minute).second(second)
      : null;

  const field = (name: FixedPointField, fallback: number) => (
    <WildcardField
      key={name}
      label={t(`rules.schedule.${name}`)}
      value={value[name]}
      onChange={(next) => set(name, next)}
      min={BOUNDS[name][0]}
      max={BOUNDS[name][1]}
      fallback={fallback}
      anyLabel={t('rules.schedule.any')}
      disabled={disabled}
      testId={`rule-${name}`}
    />
  );

  return (
    <div data-testid="rule-fixed-point">
      <div>
        <Typography.Text strong>{t('rules.schedule.date')}</Typography.Text>
      </div>
      <Space wrap align="start">
        {field('year', thisYear())}
        {field('month', 1)}
        {field('day', 1)}
        <RuleField label={t('rules.schedule.pickDate')} testId="rule-pick-date">
          <DatePicker
            value={dateShown}
            allowClear={false}
            disabled={disabled}
            disabledDate={(d) => d.year() < FIRST_YEAR || d.year() > LAST_YEAR}
            onChange={(d: Dayjs | null) => {
              if (d) onChange({ ...value, year: d.year(), month: d.month() + 1, day: d.date() });
            }}
          />
        </RuleField>
      </Space>
      {dayProblem && (
        <div>
          <Typography.Text type="danger" data-testid="rule-day-problem">
            {dayProblem}
          </Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text strong>{t('rules.schedule.time')}</Typography.Text>
      </div>
      <Space wrap align="start">
        {field('hour', 0)}
        {field('minute', 0)}
        {field('second', 0)}
        <RuleField label={t('rules.schedule.pickTime')} testId="rule-pick-time">
          <TimePicker
            value={timeShown}
            format="HH:mm:ss"
            allowClear={false}
            needConfirm={false}
            disabled={disabled}
            onChange={(d: Dayjs | null) => {
              if (d) onChange({ ...value, hour: d.hour(), minute: d.minute(), second: d.second() });
            }}
          />
        </RuleField>
      </Space>
      <Typography.Text type="secondary" data-testid="rule-fixed-point-text">
        {formatFixedPoint(value)}
      </Typography.Text>
    </div>
  );
}
