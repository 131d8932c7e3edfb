/**
 * A Notiface push (an alarm raised): it joins the alarm list, pops up a notification (below the
 * header, with an Acknowledge button for a user who may operate the equipment) and plays the
 * user's alarm sound, unless the user's quiet hours are on. The header's notices list it from the
 * server, which keeps an alarm notice for each user who may read the equipment (shell/notices.ts).
 *
 * An acknowledgement (this console's, or another session's AlarmAck push) closes the alarm's
 * pop-up, and stops the sound once every alarm it sounded for is acknowledged.
 */
import type { AlarmAck, Notiface } from '@fieldlink/protocol';
import { Button } from 'antd';
import { createElement } from 'react';
import { acknowledgeAlarm } from '../api/events';
import { directory, permissionOf, records } from '../equipment/directory';
import { canOperate } from '../equipment/rights';
import { i18n } from '../i18n';
import { useMe } from '../session/me';
import { notify } from '../session/notify';
import { recordHistory } from '../shell/historyLists';
import { formatTime } from '../time/zone';
import { liveAlarmDescription } from './describe';
import { notificationApi } from './feedback';
import { MAX_ALARM_POPUPS } from './limits';
import { AlarmPlayer } from './player';
import { inQuietHours } from './sound';
import { alarmTimeText, liveAlarmOf, useAlarms } from './store';

export const alarmPlayer = new AlarmPlayer();

/** How long an alarm notification stays up (seconds); the list keeps it after. */
const NOTIFICATION_SECONDS = 10;

export const MORE_ALARMS_KEY = 'alarms-more';

/** The pop-ups open now (by key) and the alarms the summary counts. */
const popups = new Set<string>();
let more = 0;
/** The pop-up of each stored alarm (event id → key), while it is open. */
const popupOfEvent = new Map<number, string>();
/** The alarms the sound now playing sounds for (their keys), and the key of each stored one. */
const sounding = new Set<string>();
const keyOfEvent = new Map<number, string>();

function popUp(
  key: string,
  config: Omit<Parameters<ReturnType<typeof notificationApi>['open']>[0], 'key' | 'onClose'>,
): void {
  popups.add(key);
  notificationApi().open({
    ...config,
    key,
    duration: NOTIFICATION_SECONDS,
    onClose: () => {
      popups.delete(key);
      for (const [eventId, k] of popupOfEvent) if (k === key) popupOfEvent.delete(eventId);
      if (key === MORE_ALARMS_KEY) more = 0;
    },
  });
}

/** Wall displays up now: they show alarms their own way (a ticker, their own beep). */
let walls = 0;

/**
 * A wall display (the big screen) is showing: alarms still join the list, but pop up no
 * notification and sound no console alarm until the returned function is called. Pop-ups would
 * cover the wall, and a wall sees bursts of dozens of alarms a second.
 */
export function showAlarmsOnWall(): () => void {
  walls += 1;
  let done = false;
  return () => {
    if (!done) walls -= 1;
    done = true;
  };
}

export function handleAlarm(info: Notiface['info'], now: number = Date.now()): void {
  const equipment = directory();
  const id = equipment.idByUnid[info.SN];
  const name = id === undefined ? undefined : equipment.entries[id]?.name;
  const alarm = liveAlarmOf(info, name, now);
  if (!useAlarms.getState().add(alarm)) return;
  const time = alarmTimeText(alarm, (at) => formatTime(at));
  if (walls > 0) return;
  const t = i18n.t.bind(i18n);
  const title = t('monitoring.alarms.title', { name: alarm.name, channel: alarm.channel });
  // In the user's language when the equipment's record is in, else as the server wrote it.
  const text = liveAlarmDescription(alarm, id === undefined ? undefined : records()[id], t) ?? alarm.text;
  const individual = [...popups].filter((k) => k !== MORE_ALARMS_KEY).length;
  if (individual < MAX_ALARM_POPUPS && !popups.has(MORE_ALARMS_KEY)) {
    const eventId = alarm.eventId;
    // Only a stored alarm can be acknowledged, by a user who may operate its equipment.
    const ackable =
      eventId !== undefined && id !== undefined && canOperate(permissionOf(equipment, records(), id));
    popUp(alarm.key, {
      type: alarm.level === 1 ? 'error' : 'warning',
      title,
      description: `${text} (${time})`,
      ...(ackable
        ? {
            actions: createElement(
              Button,
              { size: 'small', type: 'primary', onClick: () => void acknowledge(id, eventId) },
              t('monitoring.alarms.acknowledge'),
            ),
          }
        : {}),
    });
    if (eventId !== undefined) popupOfEvent.set(eventId, alarm.key);
  } else {
    // The same key: the summary is updated in place (and stays up 10 s after the latest).
    more += 1;
    popUp(MORE_ALARMS_KEY, {
      type: 'error',
      title: t('monitoring.alarms.more', { count: more }),
      description: `${title}: ${text} (${time})`,
    });
  }
  recordHistory('alarm', { text: `${title}: ${text} (${time})`, at: now });
  const me = useMe.getState().me;
  if (!me || inQuietHours(me.param.quietHours, new Date(now))) return;
  // The alarms of the sound now playing: those since it started.
  if (!alarmPlayer.playing) {
    sounding.clear();
    keyOfEvent.clear();
  }
  sounding.add(alarm.key);
  if (alarm.eventId !== undefined) keyOfEvent.set(alarm.eventId, alarm.key);
  alarmPlayer.play(me.param.alarm).catch(() => {
    notify('error', t('monitoring.alarms.soundError'), 'alarm-sound');
  });
}

/** Acknowledges a stored alarm on the server, then as alarmAcknowledged; false when refused. */
export async function acknowledge(equipmentId: number, eventId: number): Promise<boolean> {
  try {
    alarmAcknowledged(eventId, await acknowledgeAlarm(equipmentId, eventId));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    notify('error', i18n.t('monitoring.alarms.ackError', { message }), `alarm-ack-${eventId}`);
    return false;
  }
}

/**
 * An alarm was acknowledged (here or in another session): the lists show who and when, its pop-up
 * closes, and the sound stops once no alarm it sounded for is left unacknowledged.
 */
export function alarmAcknowledged(eventId: number, ack: AlarmAck): void {
  useAlarms.getState().acknowledged(eventId, ack);
  const popup = popupOfEvent.get(eventId);
  if (popup !== undefined) {
    popupOfEvent.delete(eventId);
    popups.delete(popup);
    notificationApi().destroy(popup);
  }
  const key = keyOfEvent.get(eventId);
  keyOfEvent.delete(eventId);
  if (key === undefined || !sounding.delete(key)) return;
  if (sounding.size === 0) alarmPlayer.stop();
}

/** Sign-out: silence and forget. */
export function resetAlarms(): void {
  alarmPlayer.stop();
  popups.clear();
  popupOfEvent.clear();
  sounding.clear();
  keyOfEvent.clear();
  more = 0;
  useAlarms.getState().clear();
}
