/**
 * The share of the equipment online over the period, from its first device on (online-share.ts),
 * as an area line on the wall's dark ground. Recomputed when the events are read again (every few
 * minutes), not on every push: a bounded series of one point per bucket.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirectory, useRecords } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import EChart from '../history/chart/EChart';
import type { ChartOption } from '../history/chart/echarts-setup';
import { TIME_LABELS } from '../history/chart/history-option';
import type { RatioPoint } from '../system/online-ratio';
import type { Period } from './layout';
import { devicesSince, onlineShare } from './online-share';
import Panel, { PanelNote } from './Panel';
import type { PanelProps } from './Panel';
import { PERIOD_SPANS, useWallEvents } from './use-wall-events';
import { useViewportScale } from './use-viewport-scale';

const LINE = '#36cfc9';
const TEXT = '#a6b8d4';
const SPLIT = 'rgba(166, 184, 212, 0.15)';

export function wallRatioOption(points: readonly RatioPoint[], to: number, scale: number): ChartOption {
  const data = points.map((p): [number, number | null] => [
    p.t,
    p.ratio === null ? null : Math.round(p.ratio * 1000) / 10,
  ]);
  const last = data.at(-1);
  if (last && last[0] < to) data.push([to, last[1]]);
  const font = Math.round(12 * scale);
  return {
    animation: false,
    grid: { left: 56 * scale, right: 20 * scale, top: 16 * scale, bottom: 32 * scale },
    xAxis: {
      type: 'time',
      min: points[0]?.t,
      max: to,
      axisLabel: { hideOverlap: true, formatter: TIME_LABELS, color: TEXT, fontSize: font },
      axisLine: { lineStyle: { color: SPLIT } },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      axisLabel: { formatter: '{value}%', color: TEXT, fontSize: font },
      splitLine: { lineStyle: { color: SPLIT } },
    },
    series: [
      {
        type: 'line',
        step: 'end',
        showSymbol: false,
        lineStyle: { color: LINE, width: 2 * scale },
        areaStyle: { color: LINE, opacity: 0.18 },
        data,
      },
    ],
  };
}

export default function RatioPanel({
  period,
  ...frame
}: Omit<PanelProps, 'children'> & { readonly period: Period }) {
  const { t } = useTranslation();
  const events = useWallEvents(period);
  const entries = useDirectory((d) => d.entries);
  const records = useRecords((r) => r);
  const scale = useViewportScale();

  const points = useMemo(() => {
    const data = events.data;
    if (!data) return null;
    // The states now, for devices without link events in the period: read at each new read only.
    const devices = devicesSince(entries, useEquipmentStore.getState().flags, records);
    const from = data.oldest === null ? data.from : Math.max(data.from, data.oldest);
    return onlineShare(devices, data.links, { from, to: data.to, bucketMs: PERIOD_SPANS[period].bucketMs });
  }, [events.data, entries, records, period]);

  const option = useMemo(
    () =>
      points && events.data && points.length > 0 ? wallRatioOption(points, events.data.to, scale) : null,
    [points, events.data, scale],
  );

  return (
    <Panel {...frame}>
      {events.error ? (
        <PanelNote tone="error">{t('bigScreen.ratio.failed', { reason: events.error.message })}</PanelNote>
      ) : option ? (
        <EChart option={option} height="100%" aria-label={frame.title} />
      ) : points ? (
        <PanelNote>{t('bigScreen.ratio.none')}</PanelNote>
      ) : null}
    </Panel>
  );
}
