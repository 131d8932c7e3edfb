/**
 * Alarms raised while the console is open (Notiface pushes), newest first, for the alarm list
 * and its badge. The last 24 hours before the page opened come from the events call. Beside them,
 * the acknowledgements learnt since (this console's own and other sessions' AlarmAck pushes) and
 * the alarms this user cleared, by event id, so every list shows them without reading again.
 */
import type { AlarmAck, Notiface } from '@fieldlink/protocol';
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
  /** Server time, yyyy-MM-dd HH:mm:ss on the server zone's clock (no zone): shown only when no `at`. */
  readonly time: string;
  /** When it was raised, an instant (epoch ms); absent from older servers. */
  readonly at?: number;
  readonly text: string;
  /** The channel's own name, its unit and the limit crossed, when the server sent them. */
  readonly facts?: { readonly name: string; readonly unit: string; readonly limit: number | null };
  /** Epoch ms when it arrived. */
  readonly receivedAt: number;
  /** The stored alarm event, to acknowledge it by (absent from older servers). */
  readonly eventId?: number;
}

interface AlarmState {
  readonly alarms: readonly LiveAlarm[];
  /** Arrived since the list was last looked at. */
  readonly unseen: number;
  /** Acknowledgements learnt while the console is open, by event id. */
  readonly acks: Readonly<Record<number, AlarmAck>>;
  /** Alarms (event ids) this user cleared from their list while the console is open. */
  readonly cleared: Readonly<Record<number, true>>;
  /** False when the same alarm is already listed (a message delivered twice). */
  add(alarm: LiveAlarm): boolean;
  /** The first acknowledgement of an alarm stands; false when one was known already. */
  acknowledged(eventId: number, ack: AlarmAck): boolean;
  markCleared(eventIds: readonly number[]): void;
  markSeen(): void;
  clear(): void;
}

export const useAlarms = create<AlarmState>()((set, get) => ({
  alarms: [],
  unseen: 0,
  acks: {},
  cleared: {},
  add: (alarm) => {
    if (get().alarms.some((a) => a.key === alarm.key)) return false;
    set((s) => ({ alarms: [alarm, ...s.alarms].slice(0, MAX_LIVE_ALARMS), unseen: s.unseen + 1 }));
    return true;
  },
  acknowledged: (eventId, ack) => {
    if (get().acks[eventId]) return false;
    set((s) => ({ acks: { ...s.acks, [eventId]: ack } }));
    return true;
  },
  markCleared: (eventIds) =>
    set((s) => ({
      cleared: { ...s.cleared, ...Object.fromEntries(eventIds.map((id) => [id, true as const])) },
    })),
  markSeen: () => set({ unseen: 0 }),
  clear: () => set({ alarms: [], unseen: 0, acks: {}, cleared: {} }),
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
    ...instantOf(info.at),
    text: info.text,
    ...(info.name === undefined
      ? {}
      : { facts: { name: info.name, unit: info.unit ?? '', limit: info.limit ?? null } }),
    receivedAt,
    ...(info.eventId === undefined ? {} : { eventId: info.eventId }),
  };
}

function instantOf(at: string | undefined): { at?: number } {
  const ms = at === undefined ? Number.NaN : Date.parse(at);
  return Number.isFinite(ms) ? { at: ms } : {};
}

/** When an alarm was raised as shown: its instant through `format`, else the server's text. */
export function alarmTimeText(alarm: Pick<LiveAlarm, 'at' | 'time'>, format: (at: number) => string): string {
  return alarm.at === undefined ? alarm.time : format(alarm.at);
}
