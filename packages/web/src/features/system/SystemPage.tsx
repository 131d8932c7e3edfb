/**
 * /system: the overview of the user's equipment. Counters from the equipment store (they follow
 * the live channel), the recent alarms of every equipment (GET /me/events, last 7 days by
 * default, specification §9), and the share online over that time, rebuilt from the same events'
 * link changes. The share starts at the first device (its record's `createdAt`) when that is
 * later than the period's start, and counts each device from when it was added, as the big
 * screen's does: no 0 % for days before there was equipment.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllUserEvents } from '../../api/history';
import { useDirectory, useRecords } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { useWhileShown } from '../../shell/views/shown';
import EChart from '../history/chart/EChart';
import EventsTable from '../history/EventsTable';
import { devicesSince, onlineShare } from '../big-screen/online-share';
import type { LinkEvent } from './online-ratio';
import { ratioOption } from './ratio-option';
import { useEquipmentLoaded } from '../../equipment/use-equipment';

const HOUR_MS = 3_600_000;

type Span = '24h' | '7d';
const SPANS: Readonly<Record<Span, { readonly ms: number; readonly bucketMs: number }>> = {
  '24h': { ms: 24 * HOUR_MS, bucketMs: HOUR_MS / 4 },
  '7d': { ms: 7 * 24 * HOUR_MS, bucketMs: HOUR_MS },
};
/** Pages of 2,000 events read for the overview; beyond, the ratio covers the latest events only. */
const MAX_EVENT_PAGES = 10;

const COLOURS = { total: undefined, online: '#52c41a', offline: '#8c8c8c', alarm: '#f5222d' } as const;

export default function SystemPage() {
  const { t } = useTranslation();
  const { status } = useEquipmentLoaded();
  const counters = useWhileShown(useEquipmentStore((s) => s.counters));
  const entries = useDirectory((d) => d.entries);
  // Live flags redraw this page only while it is shown (a hidden cached view keeps the last).
  const flags = useWhileShown(useEquipmentStore((s) => s.flags));

  const [span, setSpan] = useState<Span>('7d');
  const [to, setTo] = useState(() => Date.now());
  const from = to - SPANS[span].ms;

  const events = useQuery({
    queryKey: ['me-events', from, to],
    // Only what the page shows: link changes for the ratio, alarms for the list.
    queryFn: ({ signal }) =>
      fetchAllUserEvents({ from, to, kind: ['online', 'offline', 'alarm'] }, MAX_EVENT_PAGES, signal),
  });

  const alarms = useMemo(() => events.data?.items.filter((e) => e.kind === 'alarm') ?? [], [events.data]);

  const records = useRecords((r) => r);
  const devices = useMemo(() => devicesSince(entries, flags, records), [entries, flags, records]);

  const ratio = useMemo(() => {
    if (!events.data) return null;
    const links: LinkEvent[] = [];
    for (const e of events.data.items) {
      if (e.kind === 'online' || e.kind === 'offline') {
        links.push({ equipmentId: e.equipmentId, kind: e.kind, at: Date.parse(e.at) });
      }
    }
    // Events come newest first: when not all were read, the ratio starts at the oldest one read.
    const oldest = events.data.items.at(-1);
    const start = events.data.complete || !oldest ? from : Math.max(from, Date.parse(oldest.at));
    const points = onlineShare(devices, links, { from: start, to, bucketMs: SPANS[span].bucketMs });
    return { points, start };
  }, [events.data, devices, from, to, span]);

  const option = useMemo(
    () => (ratio && ratio.points.length > 0 ? ratioOption(ratio.points, t('system.onlineRatio'), to) : null),
    [ratio, t, to],
  );

  const stats = (['total', 'online', 'offline', 'alarm'] as const).map((key) => (
    <Col key={key} xs={12} md={6}>
      <Card size="small">
        <Statistic
          title={t(`system.counters.${key}`)}
          value={counters[key]}
          styles={{ content: { color: COLOURS[key] } }}
          loading={status === 'loading'}
        />
      </Card>
    </Col>
  ));

  return (
    <Flex vertical gap={16} data-page="SystemPage">
      <Row gutter={[16, 16]}>{stats}</Row>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('system.period')}
        </Typography.Title>
        <Segmented<Span>
          aria-label={t('system.period')}
          value={span}
          onChange={(next) => {
            setSpan(next);
            setTo(Date.now());
          }}
          options={[
            { value: '24h', label: t('system.span.24h') },
            { value: '7d', label: t('system.span.7d') },
          ]}
        />
      </Flex>
      {events.error ? (
        <Alert
          type="error"
          showIcon
          title={t('system.loadFailed', {
            reason: events.error instanceof Error ? events.error.message : String(events.error),
          })}
        />
      ) : null}
      <Card size="small" title={t('system.onlineRatio')} loading={events.isLoading}>
        {option ? <EChart option={option} height={280} aria-label={t('system.onlineRatio')} /> : null}
        {ratio && ratio.points.length === 0 ? (
          <Typography.Text type="secondary">{t('system.noEquipment')}</Typography.Text>
        ) : null}
        {ratio && events.data && !events.data.complete ? (
          <Typography.Text type="secondary">
            {t('system.partial', { count: events.data.items.length })}
          </Typography.Text>
        ) : null}
      </Card>
      <Card size="small" title={t('system.recentAlarms')}>
        <EventsTable
          items={alarms}
          total={alarms.length}
          loading={events.isLoading}
          showEquipment
          showKind={false}
          pageSize={10}
        />
      </Card>
    </Flex>
  );
}
