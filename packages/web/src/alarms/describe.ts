/**
 * An alarm in the user's language. The server writes its alarm texts in one language; the console
 * builds them from the alarm's fields (channel, its name and unit, the limit crossed, the value)
 * with the same words the history's events use.
 */
import type { TFunction } from 'i18next';
import type { Equipment } from '../api/equipment';
import type { LiveAlarm } from './store';
import { formatValue } from '../features/monitoring/format';

export interface AlarmFacts {
  /** 'AI2', 'DI1'. */
  readonly channel: string;
  /** 'ai' or 'di'; taken from the channel when absent. */
  readonly channelKind?: string | null;
  /** -1 low, 1 high (a DI in its alarm state is 1). */
  readonly level: number;
  readonly value: number | null;
  /** The channel's own name ('' for none). */
  readonly name: string;
  readonly unit: string;
  /** The limit crossed, as written ('' when not known). */
  readonly limit: string;
}

export function alarmDescription(a: AlarmFacts, t: TFunction): string {
  // A channel without a name of its own is recorded under its label ('AI1'): said once.
  const channel = [a.channel, a.name === a.channel ? '' : a.name].filter(Boolean).join(' ');
  const kind = a.channelKind ?? a.channel.slice(0, 2).toLowerCase();
  if (kind === 'di') return t('history.event.alarmDi', { channel });
  const value = a.value === null ? '' : `${formatValue(a.value)}${a.unit ? ` ${a.unit}` : ''}`;
  return t(a.level === -1 ? 'history.event.alarmLow' : 'history.event.alarmHigh', {
    channel,
    limit: a.limit,
    value,
  });
}

const CHANNEL = /^(AI|DI)(\d{1,2})$/;

/**
 * A pushed alarm described from what the server sent with it (the channel's name, unit and the
 * limit it crossed, as the server evaluated them), else from the equipment's record (its names,
 * units and limits, which may be older than the server's). Null when neither is at hand or the
 * channel is not an AI or DI, for the caller to keep the server's text.
 */
export function liveAlarmDescription(
  alarm: {
    readonly channel: string;
    readonly level: number;
    readonly value: number;
    readonly facts?: LiveAlarm['facts'];
  },
  record: Pick<Equipment, 'settings'> | undefined,
  t: TFunction,
): string | null {
  const match = CHANNEL.exec(alarm.channel);
  if (!match) return null;
  if (alarm.facts) {
    const { name, unit, limit } = alarm.facts;
    return alarmDescription({ ...alarm, name, unit, limit: limit === null ? '' : formatValue(limit) }, t);
  }
  if (!record) return null;
  const index = Number(match[2]) - 1;
  if (match[1] === 'DI') {
    const name = record.settings.di.names[index] ?? '';
    return alarmDescription({ ...alarm, channelKind: 'di', name, unit: '', limit: '' }, t);
  }
  const ai = record.settings.ai;
  const limit = alarm.level === -1 ? ai.alarmLow[index] : ai.alarmHigh[index];
  return alarmDescription(
    {
      ...alarm,
      channelKind: 'ai',
      name: ai.names[index] ?? '',
      unit: ai.units[index] ?? '',
      limit: limit === undefined ? '' : formatValue(limit),
    },
    t,
  );
}
