/**
 * Alarms raised while the console is open (Notiface pushes), newest first, for the alarm list
 * and its badge. The last 24 hours before the page opened come from the events call.
 */
import type { Notiface } from '@fieldlink/protocol';
import { create } from 'zustand';

/** §9: the notice window holds up to 2000 rows. */
export const MAX_LIVE_ALARMS = 2000;

export interface LiveAlarm {
  readonly key: string;
  readonly unid: string;
  /** The equipment's name when the console knows it, else its unid. */
  readonly name: string;
  readonly channel: string;
  /** -1 low, 1 high (or a DI in its alarm state). */
  readonly level: -1 | 1;
  readonly value: number;
  /** Server time, yyyy-MM-dd HH:mm:ss. */
  readonly time: string;
  readonly text: string;
  /** The channel's own name, its unit and the limit crossed, when the server sent them. */
  readonly facts?: { readonly name: string; readonly unit: string; readonly limit: number | null };
  /** Epoch ms when it arrived. */
  readonly receivedAt: number;
}

interface AlarmState {
  readonly alarms: readonly LiveAlarm[];
  /** Arrived since the list was last looked at. */
  readonly unseen: number;
  /** False when the same alarm is already listed (a message delivered twice). */
  add(alarm: LiveAlarm): boolean;
  markSeen(): void;
  clear(): void;
}

export const useAlarms = create<AlarmState>()((set, get) => ({
  alarms: [],
  unseen: 0,
  add: (alarm) => {
    if (get().alarms.some((a) => a.key === alarm.key)) return false;
    set((s) => ({ alarms: [alarm, ...s.alarms].slice(0, MAX_LIVE_ALARMS), unseen: s.unseen + 1 }));
    return true;
  },
  markSeen: () => set({ unseen: 0 }),
  clear: () => set({ alarms: [], unseen: 0 }),
}));

export function liveAlarmOf(info: Notiface['info'], name: string | undefined, receivedAt: number): LiveAlarm {
  return {
    key: `${info.SN}|${info.channel}|${info.Time}|${info.level}`,
    unid: info.SN,
    name: name ?? info.SN,
    channel: info.channel,
    level: info.level === -1 ? -1 : 1,
    value: info.value,
    time: info.Time,
    text: info.text,
    ...(info.name === undefined
      ? {}
      : { facts: { name: info.name, unit: info.unit ?? '', limit: info.limit ?? null } }),
    receivedAt,
  };
}
