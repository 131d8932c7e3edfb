/** An alarm notice worded in the user's language (the popover and the alarm notifications page). */
import type { TFunction } from 'i18next';
import type { AlarmNoticeEntry } from '../../api/notices';
import { alarmDescription } from '../../alarms/describe';
import { formatValue } from '../monitoring/format';

/** The alarm in the user's language, from its facts; the server's text for other channels. */
export function alarmNoticeText(n: Pick<AlarmNoticeEntry, 'alarm' | 'text'>, t: TFunction): string {
  const a = n.alarm;
  if (!/^(AI|DI)\d+$/.test(a.channel)) return n.text;
  return alarmDescription(
    {
      channel: a.channel,
      level: a.level,
      value: a.value,
      name: a.name,
      unit: a.unit,
      limit: a.limit === null ? '' : formatValue(a.limit),
    },
    t,
  );
}
