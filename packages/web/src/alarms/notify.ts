/**
 * A Notiface push (an alarm raised): it joins the alarm list and the header's notices, pops up
 * a notification and plays the user's alarm sound, unless the user's quiet hours are on.
 */
import type { Notiface } from '@fieldlink/protocol';
import { directory, records } from '../equipment/directory';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { notify } from '../session/notify';
import { pushNotice } from '../shell/notices';
import { liveAlarmDescription } from './describe';
import { notificationApi } from './feedback';
import { AlarmPlayer } from './player';
import { inQuietHours } from './sound';
import { liveAlarmOf, useAlarms } from './store';

export const alarmPlayer = new AlarmPlayer();

/** How long an alarm notification stays up (seconds); the list keeps it after. */
const NOTIFICATION_SECONDS = 10;

export function handleAlarm(info: Notiface['info'], now: number = Date.now()): void {
  const equipment = directory();
  const id = equipment.idByUnid[info.SN];
  const name = id === undefined ? undefined : equipment.entries[id]?.name;
  const alarm = liveAlarmOf(info, name, now);
  if (!useAlarms.getState().add(alarm)) return;
  const t = i18n.t.bind(i18n);
  const title = t('monitoring.alarms.title', { name: alarm.name, channel: alarm.channel });
  // In the user's language when the equipment's record is in, else as the server wrote it.
  const text = liveAlarmDescription(alarm, id === undefined ? undefined : records()[id], t) ?? alarm.text;
  notificationApi().open({
    type: alarm.level === 1 ? 'error' : 'warning',
    key: alarm.key,
    title,
    description: `${text} (${alarm.time})`,
    duration: NOTIFICATION_SECONDS,
  });
  pushNotice({ kind: 'notice', title, text: `${text} (${alarm.time})`, at: now });
  const me = useMe.getState().me;
  if (!me || inQuietHours(me.param.quietHours, new Date(now))) return;
  alarmPlayer.play(me.param.alarm).catch(() => {
    notify('error', t('monitoring.alarms.soundError'), 'alarm-sound');
  });
}

/** Sign-out: silence and forget. */
export function resetAlarms(): void {
  alarmPlayer.stop();
  useAlarms.getState().clear();
}
