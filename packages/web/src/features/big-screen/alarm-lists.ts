/**
 * What the wall's alarm panels show, from the alarm events of the period (GET /me/events, read
 * every few minutes) and the alarms pushed since that read (the console's live alarm list,
 * alarms/store.ts): the ticker's latest alarms, newest first and never more than MAX_TICKER, and
 * the devices that alarmed most. A read's events are summed up at once (`summariseAlarms`: the
 * latest few and a count per device), so what the wall keeps does not grow with the number of
 * alarms in the period. Pure and bounded: however long the wall runs, each list is cut to its size.
 */
import type { LiveAlarm } from '../../alarms/store';
import type { UserEvent } from '../../api/history';

/** Alarms the ticker holds. */
export const MAX_TICKER = 20;
/** Devices the 'most alarms' panel lists. */
export const MAX_TOP = 8;

export interface TickerItem {
  readonly key: string;
  /**
   * When (epoch ms): an event's instant, a live alarm's (its arrival when an older server sent
   * none); shown in the console's zone like every time.
   */
  readonly at: number;
  readonly name: string;
  readonly text: string;
  /** -1 low, 1 high (a DI in alarm). */
  readonly level: number;
  /** Pushed while the wall was open (drawn as new). */
  readonly live: boolean;
}

/** The alarms of one device over the period. */
export interface AlarmCount {
  readonly unid: string;
  readonly name: string;
  readonly count: number;
}

/** A read's alarm events as the panels need them. */
export interface AlarmSummary {
  /** The newest, newest first, at most MAX_TICKER. */
  readonly latest: readonly UserEvent[];
  /** Per device, in no order. */
  readonly counts: readonly AlarmCount[];
}

/** Sums up alarm events (newest first): the latest `keep` and a count per device. */
export function summariseAlarms(events: readonly UserEvent[], keep = MAX_TICKER): AlarmSummary {
  const counts = new Map<string, { name: string; count: number }>();
  for (const e of events) {
    const c = counts.get(e.equipment.unid);
    if (c) c.count += 1;
    else counts.set(e.equipment.unid, { name: e.equipment.name, count: 1 });
  }
  return {
    latest: events.slice(0, keep),
    counts: [...counts].map(([unid, c]) => ({ unid, name: c.name, count: c.count })),
  };
}

export interface AlarmSources extends AlarmSummary {
  /** When they were read (epoch ms); live alarms after it are not among them. */
  readonly readAt: number;
  /** The console's live alarms, newest first. */
  readonly live: readonly LiveAlarm[];
}

/** Live alarms newer than the events' read, newest first, at most `max`. */
function liveSince(live: readonly LiveAlarm[], readAt: number, max: number): LiveAlarm[] {
  const out: LiveAlarm[] = [];
  for (const a of live) {
    if (a.receivedAt <= readAt || out.length >= max) break;
    out.push(a);
  }
  return out;
}

export function tickerItems(
  { latest, readAt, live }: AlarmSources,
  describeLive: (alarm: LiveAlarm) => string,
  describeEvent: (event: UserEvent) => string,
  max = MAX_TICKER,
): TickerItem[] {
  const items: TickerItem[] = liveSince(live, readAt, max).map((a) => ({
    key: `live:${a.key}`,
    at: a.at ?? a.receivedAt,
    name: a.name,
    text: describeLive(a),
    level: a.level,
    live: true,
  }));
  for (const e of latest) {
    if (items.length >= max) break;
    items.push({
      key: `event:${e.id}`,
      at: Date.parse(e.at),
      name: e.equipment.name,
      text: describeEvent(e),
      level: e.level ?? 1,
      live: false,
    });
  }
  return items;
}

export type TopDevice = AlarmCount;

/** The devices with the most alarms (the period's and the live ones since), most first. */
export function topAlarming({ counts, readAt, live }: AlarmSources, max = MAX_TOP): TopDevice[] {
  const all = new Map<string, { name: string; count: number }>();
  for (const c of counts) all.set(c.unid, { name: c.name, count: c.count });
  for (const a of live) {
    if (a.receivedAt <= readAt) break;
    const c = all.get(a.unid);
    if (c) c.count += 1;
    else all.set(a.unid, { name: a.name, count: 1 });
  }
  return [...all]
    .map(([unid, c]) => ({ unid, name: c.name, count: c.count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, max);
}
