/**
 * Alarms of the last 24 hours (up to 2000 rows): those stored before the list was read (GET
 * /me/events, or the selected device's events) and those pushed since, newest first. The window
 * moves with the clock: a list left open drops each alarm as it turns 24 hours old.
 *
 * Each alarm shows whether it is acknowledged, by whom and when, with an Acknowledge action for a
 * user who may operate its equipment; "Clear acknowledged" takes the acknowledged ones off this
 * user's list (the server keeps the clear, for this user alone; the history keeps the alarms).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clearAcknowledgedAlarms,
  EVENT_LIMIT,
  lastDayQuery,
  listEquipmentEvents,
  listMyEvents,
  NOTICE_WINDOW_MS,
} from '../../api/events';
import type { AlarmAck, EquipmentEvent } from '../../api/events';
import { acknowledge } from '../../alarms/notify';
import { useAlarms } from '../../alarms/store';
import type { LiveAlarm } from '../../alarms/store';
import { liveAlarmDescription } from '../../alarms/describe';
import { eventDescription } from '../history/events';
import { permissionOf, useDirectory, useRecords } from '../../equipment/directory';
import { canOperate } from '../../equipment/rights';
import { usePoint } from '../../routes/points';
import AlarmAckCell from './AlarmAckCell';
import { formatValue } from './format';
import { useTimeFormat } from '../../time/zone';

export interface AlarmRow {
  readonly key: string;
  /** When it was raised (epoch ms), or null for a pushed alarm of an older server. */
  readonly at: number | null;
  /** The server's own text of the time (its zone, no zone named): shown only when `at` is null. */
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
  /** The stored alarm event, to acknowledge it by (null for a pushed alarm of an older server). */
  readonly eventId: number | null;
  /** Who acknowledged it and when, or null. */
  readonly ack: AlarmAck | null;
}

/** What the console learnt since the list was read: acknowledgements and this user's clears. */
export interface AlarmMarks {
  readonly acks: Readonly<Record<number, AlarmAck>>;
  readonly cleared: Readonly<Record<number, true>>;
}

const NO_MARKS: AlarmMarks = { acks: {}, cleared: {} };

/** How often the list's 24-hour window moves on. */
const WINDOW_TICK_MS = 60_000;

/**
 * Pushed alarms newer than the read, then the stored ones, at most 2000; none from before
 * `since` (epoch ms), none the user cleared; each with its acknowledgement, the one learnt since
 * the read first.
 */
export function mergeAlarmRows(
  stored: readonly EquipmentEvent[],
  pushed: readonly LiveAlarm[],
  readAt: number,
  unid: string | null,
  since = Number.NEGATIVE_INFINITY,
  marks: AlarmMarks = NO_MARKS,
): AlarmRow[] {
  const kept = (eventId: number | undefined): boolean => eventId === undefined || !marks.cleared[eventId];
  const fresh = pushed
    .filter(
      (a) =>
        a.receivedAt >= readAt &&
        a.receivedAt >= since &&
        (unid === null || a.unid === unid) &&
        kept(a.eventId),
    )
    .map<AlarmRow>((a) => ({
      key: `live-${a.key}`,
      at: a.at ?? null,
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
      eventId: a.eventId ?? null,
      ack: (a.eventId === undefined ? undefined : marks.acks[a.eventId]) ?? null,
    }));
  const old = stored
    .filter((e) => e.kind === 'alarm' && !(Date.parse(e.at) < since) && kept(e.id))
    .map<AlarmRow>((e) => ({
      key: `event-${e.id}`,
      at: Date.parse(e.at),
      time: e.time,
      device: e.equipment?.name ?? '',
      unid: e.equipment?.unid ?? '',
      channel: e.channel ?? '',
      level: e.level ?? 1,
      value: e.value,
      message: e.message,
      live: false,
      event: e,
      eventId: e.id,
      ack: marks.acks[e.id] ?? e.ack ?? null,
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
  const time = useTimeFormat();
  const [scope, setScope] = useState<'device' | 'all'>('all');
  const deviceId = scope === 'device' ? selectedId : null;
  const unid = useDirectory((d) => (deviceId === null ? null : (d.entries[deviceId]?.unid ?? null)));
  const pushed = useAlarms((s) => s.alarms);
  const records = useRecords((r) => r);
  const idByUnid = useDirectory((d) => d.idByUnid);
  const markSeen = useAlarms((s) => s.markSeen);
  const acks = useAlarms((s) => s.acks);
  const cleared = useAlarms((s) => s.cleared);
  const markCleared = useAlarms((s) => s.markCleared);
  const dir = useDirectory((d) => d);
  // The device's operate right and the account's OPR ability (the server asks both).
  const operatePoint = usePoint('operate');
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
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
        { acks, cleared },
      ),
    [query.data, pushed, unid, since, acks, cleared],
  );

  /** The equipment a row's alarm is of, when the console knows it. */
  const equipmentOf = (row: AlarmRow): number | undefined => row.event?.equipmentId ?? idByUnid[row.unid];
  const mayAcknowledge = (row: AlarmRow): boolean => {
    const id = equipmentOf(row);
    return operatePoint && id !== undefined && canOperate(permissionOf(dir, records, id));
  };
  const acknowledged = rows.filter((r) => r.ack !== null && r.eventId !== null);

  const clearAcknowledged = async (): Promise<void> => {
    const ids = acknowledged.map((r) => r.eventId!);
    setClearing(true);
    try {
      const count = await clearAcknowledgedAlarms(ids);
      markCleared(ids);
      void toast.success(t('monitoring.alarms.cleared', { count }));
      void queryClient.invalidateQueries({ queryKey: ['alarms'] });
    } catch (error) {
      void toast.error(
        t('monitoring.alarms.clearError', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setClearing(false);
    }
  };

  // A digital input alarms by its state, not against a limit.
  const levelText = (channel: string, level: number): string =>
    channel.toUpperCase().startsWith('DI')
      ? t('monitoring.di.alarm')
      : level === -1
        ? t('monitoring.alarms.low')
        : t('monitoring.alarms.high');

  const columns: TableColumnsType<AlarmRow> = [
    {
      title: t('monitoring.alarms.time'),
      key: 'time',
      width: 170,
      render: (_: unknown, row) => (
        <span data-testid="alarm-time">{row.at === null ? row.time : time.format(row.at)}</span>
      ),
    },
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
    {
      title: t('monitoring.alarms.ackState'),
      key: 'ack',
      width: 190,
      render: (_: unknown, row) => {
        const id = equipmentOf(row);
        return (
          <AlarmAckCell
            ack={row.ack}
            onAcknowledge={
              row.eventId !== null && id !== undefined && mayAcknowledge(row)
                ? () => acknowledge(id, row.eventId!)
                : null
            }
          />
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={t('monitoring.alarms.list')}
      extra={
        <Space size="small">
          <Popconfirm
            title={t('monitoring.alarms.clearConfirm')}
            onConfirm={clearAcknowledged}
            disabled={acknowledged.length === 0}
          >
            <Button size="small" disabled={acknowledged.length === 0} loading={clearing}>
              {t('monitoring.alarms.clearAcknowledged')}
            </Button>
          </Popconfirm>
          <Segmented<'device' | 'all'>
            size="small"
            value={scope}
            onChange={(v) => setScope(v)}
            options={[
              { label: t('monitoring.alarms.allDevices'), value: 'all' },
              { label: t('monitoring.alarms.thisDevice'), value: 'device', disabled: selectedId === null },
            ]}
          />
        </Space>
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
          scroll={{ x: 950, y: 320 }}
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
