/**
 * The date-time interval (docs/protocol.md § Date-time interval): a window between two fixed
 * points, each with its own 'any' fields (the begin and end ignore flags). It is the time part of
 * schedule mode 3, a window other rules use as a condition.
 */
import { dateTimeIntervalCodec, intervalWraps } from '@fieldlink/protocol';
import type { DateTimeInterval } from '@fieldlink/protocol';
import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleEditorProps } from '../context';
import FixedPointEditor from './FixedPointEditor';

export default function DateTimeIntervalEditor({
  value,
  onChange,
  context,
}: RuleEditorProps<DateTimeInterval>) {
  const { t } = useTranslation();
  return (
    <div data-testid="rule-date-time-interval">
      <div data-testid="rule-begin">
        <Divider titlePlacement="start" plain>
          {t('rules.schedule.begin')}
        </Divider>
        <FixedPointEditor
          value={value.begin}
          onChange={(begin) => onChange({ ...value, begin })}
          context={context}
        />
      </div>
      <div data-testid="rule-end">
        <Divider titlePlacement="start" plain>
          {t('rules.schedule.end')}
        </Divider>
        <FixedPointEditor
          value={value.end}
          onChange={(end) => onChange({ ...value, end })}
          context={context}
        />
      </div>
      {intervalWraps(value) && (
        <div>
          <Typography.Text type="warning" data-testid="rule-wraps">
            {t('rules.schedule.wraps')}
          </Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text type="secondary" data-testid="rule-interval-text">
          {dateTimeIntervalCodec.describe(value, context.lang)}
        </Typography.Text>
      </div>
    </div>
  );
}
