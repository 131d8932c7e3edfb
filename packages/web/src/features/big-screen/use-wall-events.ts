/**
 * The events behind the wall's ratio and alarm panels: the user's link changes and alarms of the
 * period (GET /me/events), read when the wall opens and again every REFRESH_MS, the window sliding
 * to now. One query per period, replaced at each read; of the alarms only a summary is kept (the
 * latest few, a count per device), so the wall holds a period's link changes and little else
 * however long it runs and however many alarms the period holds.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchAllUserEvents } from '../../api/history';
import type { UserEvent } from '../../api/history';
import type { LinkEvent } from '../system/online-ratio';
import { summariseAlarms } from './alarm-lists';
import type { AlarmSummary } from './alarm-lists';
import type { Period } from './layout';

const HOUR_MS = 3_600_000;
export const REFRESH_MS = 5 * 60_000;
/** Pages of 2,000 events at most; beyond, the figures cover the latest events only. */
const MAX_EVENT_PAGES = 5;

export const PERIOD_SPANS: Readonly<Record<Period, { readonly ms: number; readonly bucketMs: number }>> = {
  '24h': { ms: 24 * HOUR_MS, bucketMs: HOUR_MS / 4 },
  '7d': { ms: 7 * 24 * HOUR_MS, bucketMs: HOUR_MS },
};

export interface WallEvents {
  readonly from: number;
  readonly to: number;
  /** When the read ended: live alarms after it are not among `alarms`. */
  readonly readAt: number;
  /** The alarm events summed up: the latest few and a count per device (not every event). */
  readonly alarms: AlarmSummary;
  readonly links: readonly LinkEvent[];
  /** False when the period held more events than were read (the oldest are left out). */
  readonly complete: boolean;
  /** The oldest event read, when not all were. */
  readonly oldest: number | null;
}

export const wallEventsKey = (period: Period) => ['bigScreen', 'events', period] as const;

async function readEvents(period: Period, signal: AbortSignal): Promise<WallEvents> {
  const to = Date.now();
  const from = to - PERIOD_SPANS[period].ms;
  const reply = await fetchAllUserEvents(
    { from, to, kind: ['online', 'offline', 'alarm'] },
    MAX_EVENT_PAGES,
    signal,
  );
  const alarms: UserEvent[] = [];
  const links: LinkEvent[] = [];
  for (const e of reply.items) {
    if (e.kind === 'alarm') alarms.push(e);
    else if (e.kind === 'online' || e.kind === 'offline')
      links.push({ equipmentId: e.equipmentId, kind: e.kind, at: Date.parse(e.at) });
  }
  const last = reply.items.at(-1);
  return {
    from,
    to,
    readAt: Date.now(),
    alarms: summariseAlarms(alarms),
    links,
    complete: reply.complete,
    oldest: reply.complete || !last ? null : Date.parse(last.at),
  };
}

export function useWallEvents(period: Period): {
  readonly data: WallEvents | undefined;
  readonly error: Error | null;
} {
  const query = useQuery({
    queryKey: wallEventsKey(period),
    queryFn: ({ signal }) => readEvents(period, signal),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: REFRESH_MS / 2,
    // A period no longer shown is dropped soon after (a rotated panel's remount keeps it).
    gcTime: REFRESH_MS,
  });
  return useMemo(() => ({ data: query.data, error: query.error }), [query.data, query.error]);
}
