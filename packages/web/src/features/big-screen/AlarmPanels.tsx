/**
 * The wall's alarm panels: the ticker (the latest alarms, newest first; those pushed while the
 * wall is open come in highlighted) and the devices that alarmed most over the period, with a bar
 * each. Texts are in the user's language, built as the console's alarm pop-ups and event lists
 * build them, and drawn as React text.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { liveAlarmDescription } from '../../alarms/describe';
import { useAlarms } from '../../alarms/store';
import type { LiveAlarm } from '../../alarms/store';
import type { UserEvent } from '../../api/history';
import { directory, records } from '../../equipment/directory';
import { useTimeFormat } from '../../time/zone';
import { eventDescription } from '../history/events';
import { tickerItems, topAlarming } from './alarm-lists';
import type { AlarmSources, AlarmSummary } from './alarm-lists';
import type { Period } from './layout';
import Panel, { PanelNote } from './Panel';
import type { PanelProps } from './Panel';
import { useWallEvents } from './use-wall-events';

type Frame = Omit<PanelProps, 'children'> & { readonly period: Period };

const NO_ALARMS: AlarmSummary = { latest: [], counts: [] };

/** The period's alarm events and the live alarms since they were read. */
function useAlarmSources(period: Period): { readonly sources: AlarmSources; readonly error: Error | null } {
  const events = useWallEvents(period);
  const live = useAlarms((s) => s.alarms);
  const sources = useMemo<AlarmSources>(
    () => ({
      ...(events.data?.alarms ?? NO_ALARMS),
      // Before the first read every live alarm is new.
      readAt: events.data?.readAt ?? Number.NEGATIVE_INFINITY,
      live,
    }),
    [events.data, live],
  );
  return { sources, error: events.error };
}

export function TickerPanel({ period, ...frame }: Frame) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { sources, error } = useAlarmSources(period);
  const describeLive = useCallback(
    (alarm: LiveAlarm) => {
      const id = directory().idByUnid[alarm.unid];
      return liveAlarmDescription(alarm, id === undefined ? undefined : records()[id], t) ?? alarm.text;
    },
    [t],
  );
  const describeEvent = useCallback((event: UserEvent) => eventDescription(event, t), [t]);
  const items = useMemo(
    () => tickerItems(sources, describeLive, describeEvent),
    [sources, describeLive, describeEvent],
  );
  return (
    <Panel {...frame}>
      {error && items.length === 0 ? (
        <PanelNote tone="error">{t('bigScreen.alarms.failed', { reason: error.message })}</PanelNote>
      ) : items.length === 0 ? (
        <PanelNote>{t('bigScreen.alarms.none')}</PanelNote>
      ) : (
        <ol className="bs-ticker" aria-live="polite" data-testid="bs-ticker">
          {items.map((item) => (
            <li
              key={item.key}
              className={`bs-ticker-item ${item.level === -1 ? 'bs-low' : 'bs-high'}${item.live ? ' bs-fresh' : ''}`}
            >
              <span className="bs-ticker-time">{time.format(item.at).slice(5)}</span>
              <span className="bs-ticker-name">{item.name}</span>
              <span className="bs-ticker-text">{item.text}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function TopAlarmsPanel({ period, ...frame }: Frame) {
  const { t } = useTranslation();
  const { sources, error } = useAlarmSources(period);
  const top = useMemo(() => topAlarming(sources), [sources]);
  const most = top[0]?.count ?? 1;
  return (
    <Panel {...frame} extra={<span className="bs-panel-extra">{t(`system.span.${period}`)}</span>}>
      {error && top.length === 0 ? (
        <PanelNote tone="error">{t('bigScreen.alarms.failed', { reason: error.message })}</PanelNote>
      ) : top.length === 0 ? (
        <PanelNote>{t('bigScreen.top.none')}</PanelNote>
      ) : (
        <ol className="bs-top" data-testid="bs-top">
          {top.map((d) => (
            <li key={d.unid} className="bs-top-item">
              <span className="bs-top-name">{d.name}</span>
              <span className="bs-top-bar">
                <span className="bs-top-fill" style={{ width: `${(d.count / most) * 100}%` }} />
              </span>
              <span className="bs-top-count">{d.count}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
