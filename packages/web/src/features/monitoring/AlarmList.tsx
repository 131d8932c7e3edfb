/**
 * Alarms of the last 24 hours (up to 2000 rows): those stored before the list was read (GET
 * /me/events, or the selected device's events) and those pushed since, newest first. The window
 * moves with the clock: a list left open drops each alarm as it turns 24 hours old.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Segmented, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVENT_LIMIT,
  lastDayQuery,
  listEquipmentEvents,
  listMyEvents,
  NOTICE_WINDOW_MS,
} from '../../api/events';
import type { EquipmentEvent } from '../../api/events';
import { useAlarms } from '../../alarms/store';
import type { LiveAlarm } from '../../alarms/store';
import { liveAlarmDescription } from '../../alarms/describe';
import { eventDescription } from '../history/events';
import { useDirectory, useRecords } from '../../equipment/directory';
import { formatValue } from './format';

export interface AlarmRow {
  readonly key: string;
  readonly time: string;
  readonly device: string;
  readonly unid: string;
  readonly channel: string;
  readonly level: number;
  readonly value: number | null;
  /** As the server wrote it; shown when the console cannot word it itself. */
  readonly message: string;
  readonly live: boolean;
  /** The stored event a row comes from (null for a pushed alarm). */
  readonly event: EquipmentEvent | null;
  /** What the server sent with a pushed alarm to word it by. */
  readonly facts?: LiveAlarm['facts'];
}

/** How often the list's 24-hour window moves on. */
const WINDOW_TICK_MS = 60_000;

/**
 * Pushed alarms newer than the read, then the stored ones, at most 2000; none from before
 * `since` (epoch ms).
 */
export function mergeAlarmRows(
  stored: readonly EquipmentEvent[],
  pushed: readonly LiveAlarm[],
  readAt: number,
  unid: string | null,
  since = Number.NEGATIVE_INFINITY,
): AlarmRow[] {
  const fresh = pushed
    .filter((a) => a.receivedAt >= readAt && a.receivedAt >= since && (unid === null || a.unid === unid))
    .map<AlarmRow>((a) => ({
      key: `live-${a.key}`,
      time: a.time,
      device: a.name,
      unid: a.unid,
      channel: a.channel,
      level: a.level,
      value: a.value,
      message: a.text,
      live: true,
      event: null,
      ...(a.facts ? { facts: a.facts } : {}),
    }));
  const old = stored
    .filter((e) => e.kind === 'alarm' && !(Date.parse(e.at) < since))
    .map<AlarmRow>((e) => ({
      key: `event-${e.id}`,
      time: e.time,
      device: e.equipment?.name ?? '',
      unid: e.equipment?.unid ?? '',
      channel: e.channel ?? '',
      level: e.level ?? 1,
      value: e.value,
      message: e.message,
      live: false,
      event: e,
    }));
  return [...fresh, ...old].slice(0, EVENT_LIMIT);
}

/** The time now, moving on every `stepMs`. */
function useClock(stepMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

export default function AlarmList({ selectedId }: { readonly selectedId: number | null }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<'device' | 'all'>('all');
  const deviceId = scope === 'device' ? selectedId : null;
  const unid = useDirectory((d) => (deviceId === null ? null : (d.entries[deviceId]?.unid ?? null)));
  const pushed = useAlarms((s) => s.alarms);
  const records = useRecords((r) => r);
  const idByUnid = useDirectory((d) => d.idByUnid);
  const markSeen = useAlarms((s) => s.markSeen);
  const query = useQuery({
    queryKey: ['alarms', 'last-day', deviceId],
    queryFn: async ({ signal }) => {
      const readAt = Date.now();
      const q = lastDayQuery(readAt);
      const page =
        deviceId === null ? await listMyEvents(q, signal) : await listEquipmentEvents(deviceId, q, signal);
      return { items: page.items, readAt };
    },
    staleTime: 60_000,
  });

  useEffect(() => markSeen(), [pushed, markSeen]);

  const clock = useClock(WINDOW_TICK_MS);
  const since = Math.max(clock, query.data?.readAt ?? 0) - NOTICE_WINDOW_MS;
  const rows = useMemo(
    () =>
      mergeAlarmRows(
        query.data?.items ?? [],
        pushed,
        query.data?.readAt ?? Number.POSITIVE_INFINITY,
        unid,
        since,
      ),
    [query.data, pushed, unid, since],
  );

  // A digital input alarms by its state, not against a limit.
  const levelText = (channel: string, level: number): string =>
    channel.toUpperCase().startsWith('DI')
      ? t('monitoring.di.alarm')
      : level === -1
        ? t('monitoring.alarms.low')
        : t('monitoring.alarms.high');

  const columns: TableColumnsType<AlarmRow> = [
    { title: t('monitoring.alarms.time'), dataIndex: 'time', width: 170 },
    ...(deviceId === null
      ? [{ title: t('monitoring.alarms.device'), dataIndex: 'device', width: 160, ellipsis: true }]
      : []),
    { title: t('monitoring.alarms.channel'), dataIndex: 'channel', width: 80 },
    {
      title: t('monitoring.alarms.level'),
      dataIndex: 'level',
      width: 200,
      render: (level: number, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tag color={level === -1 ? 'orange' : 'red'}>{levelText(row.channel, level)}</Tag>
          {row.live && <Badge status="processing" text={t('monitoring.alarms.new')} />}
        </span>
      ),
    },
    {
      title: t('monitoring.alarms.value'),
      dataIndex: 'value',
      width: 90,
      render: (v: number | null) => (v === null ? '' : formatValue(v)),
    },
    {
      title: t('monitoring.alarms.message'),
      dataIndex: 'message',
      ellipsis: true,
      // In the user's language: a stored alarm from its fields, a pushed one from what the server
      // sent with it (or the record of its equipment); the server's text when neither can be worded.
      render: (message: string, row) => {
        if (row.event) return eventDescription(row.event, t);
        if (row.value === null) return message;
        const id = idByUnid[row.unid];
        const record = id === undefined ? undefined : records[id];
        const alarm = { channel: row.channel, level: row.level, value: row.value, facts: row.facts };
        return liveAlarmDescription(alarm, record, t) ?? message;
      },
    },
  ];

  return (
    <Card
      size="small"
      title={t('monitoring.alarms.list')}
      extra={
        <Segmented<'device' | 'all'>
          size="small"
          value={scope}
          onChange={(v) => setScope(v)}
          options={[
            { label: t('monitoring.alarms.allDevices'), value: 'all' },
            { label: t('monitoring.alarms.thisDevice'), value: 'device', disabled: selectedId === null },
          ]}
        />
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('monitoring.alarms.loadError', {
            message: query.error instanceof Error ? query.error.message : String(query.error),
          })}
        />
      ) : (
        <Table<AlarmRow>
          size="small"
          rowKey="key"
          virtual
          scroll={{ x: 760, y: 320 }}
          pagination={false}
          loading={query.isLoading}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: t('monitoring.alarms.empty') }}
        />
      )}
    </Card>
  );
}
