/**
 * How an event reads in the user's language. The server's `message` is one language; the console
 * builds the text from the event's fields instead, keeping the server's text for operations
 * (their `<what>: <result>` is the device's own wording).
 */
import type { TFunction } from 'i18next';
import { alarmDescription } from '../../alarms/describe';
import type { EquipmentEvent, EventKind } from '../../api/events';
import { formatValue } from './chart/history-option';

export const EVENT_COLOURS: Readonly<Record<EventKind, string>> = {
  alarm: 'red',
  alarm_clear: 'green',
  operation: 'blue',
  online: 'cyan',
  offline: 'default',
};

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function eventDescription(event: EquipmentEvent, t: TFunction): string {
  const detail = event.detail;
  const name = text(detail.name);
  const unit = text(detail.unit);
  // A channel without a name of its own is recorded under its label ('AI1'): said once.
  const channel = [event.channel ?? '', name === event.channel ? '' : name].filter(Boolean).join(' ');
  const value = event.value === null ? '' : `${formatValue(event.value)}${unit ? ` ${unit}` : ''}`;
  switch (event.kind) {
    case 'alarm':
      // A connection refused while it tried to take the device's link: no channel of its own.
      if (detail.cause === 'link_contested') {
        return t('history.event.linkContested', {
          remote: text(detail.remote),
          attempts: text(detail.attempts) || '1',
        });
      }
      return alarmDescription(
        {
          channel: event.channel ?? '',
          channelKind: event.channelKind,
          level: event.level ?? 1,
          value: event.value,
          name,
          unit,
          limit: typeof detail.limit === 'number' ? formatValue(detail.limit) : text(detail.limit),
        },
        t,
      );
    case 'alarm_clear':
      return event.channelKind === 'di'
        ? t('history.event.clearDi', { channel })
        : t('history.event.clear', { channel, value });
    case 'operation':
      return event.message;
    case 'online':
      return t('history.event.online');
    case 'offline':
      return t('history.event.offline');
    default:
      return event.message;
  }
}
