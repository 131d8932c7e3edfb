/**
 * /history: curves of one equipment's channels over a time range, its events, and the export.
 * The equipment is the console's selected device (the equipment store's, which the monitoring
 * page shows too); with none selected, the first of the tree, shown without selecting it.
 * `?id=<equipment id>` in this page's address (the map's pop-ups link here) selects that device
 * once per visit, and the page writes the device it shows there while shown
 * (features/equipment/device-in-address.ts). The channels chosen for an equipment are saved in the
 * user's record (chartFilters) and come back on the next visit.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchEvents, fetchHistory, saveChartFilter } from '../../api/history';
import type { HistorySeries } from '../../api/history';
import { useDirectory } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { useDeviceInAddress } from '../equipment/device-in-address';
import { useMe } from '../../session/me';
import { useWhileShown } from '../../shell/views/shown';
import EChart from './chart/EChart';
import { historyOption } from './chart/history-option';
import { devicesInTreeOrder } from './devices';
import EventsTable from './EventsTable';
import ExportControl from './ExportControl';
import {
  channelOptions,
  DEFAULT_INTERVAL_S,
  DEFAULT_PRESET,
  initialChannels,
  rangeOf,
  rangeProblem,
  sameChannels,
} from './filters';
import type { HistoryFilter } from './filters';
import HistoryFilters, { channelLabel, intervalLabel } from './HistoryFilters';
import { useEquipmentLoaded, useRecordLoaded } from '../../equipment/use-equipment';

type RangeFilter = Omit<HistoryFilter, 'channels'>;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export default function HistoryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const { status } = useEquipmentLoaded();
  const tree = useDirectory((d) => d.tree);
  const entries = useDirectory((d) => d.entries);
  const selectedId = useEquipmentStore((s) => s.selectedId);
  const choose = useEquipmentStore((s) => s.select);
  const devices = useMemo(() => devicesInTreeOrder(tree, entries), [tree, entries]);

  // Hidden behind another page, it keeps its device (and reads nothing) until shown again.
  const shownId = useWhileShown(
    selectedId !== null && entries[selectedId] ? selectedId : (devices[0]?.id ?? null),
  );
  const equipmentId = useDeviceInAddress(choose, { mirror: shownId }) ?? shownId;

  const { record, error: recordFailure } = useRecordLoaded(equipmentId);
  const options = useMemo(() => (record ? channelOptions(record) : []), [record]);

  const me = useMe((s) => s.me);
  const setMe = useMe((s) => s.setMe);
  const [chosen, setChosen] = useState<Readonly<Record<number, readonly string[]>>>({});
  const saved = equipmentId === null ? undefined : me?.chartFilters[String(equipmentId)];
  const channels = useMemo(() => {
    if (equipmentId === null || !record) return [];
    return chosen[equipmentId] ?? initialChannels(options, saved, record.counts);
  }, [equipmentId, record, chosen, options, saved]);

  const [rangeFilter, setRangeFilter] = useState<RangeFilter>(() => ({
    preset: DEFAULT_PRESET,
    custom: null,
    anchor: Date.now(),
    interval: DEFAULT_INTERVAL_S,
  }));
  const filter: HistoryFilter = { ...rangeFilter, channels };

  const onFilter = (next: HistoryFilter) => {
    const { channels: nextChannels, ...rest } = next;
    setRangeFilter(rest);
    if (equipmentId === null || sameChannels(nextChannels, channels)) return;
    setChosen((c) => ({ ...c, [equipmentId]: nextChannels }));
    saveChartFilter(equipmentId, nextChannels).then(setMe, () => {
      void message.warning(t('history.saveFailed'));
    });
  };

  const range = rangeOf(rangeFilter);
  const problem = rangeProblem(range);
  const ready = equipmentId !== null && record !== undefined && problem === null && range !== null;

  const history = useQuery({
    queryKey: ['history', equipmentId, range?.from, range?.to, channels.join(','), rangeFilter.interval],
    queryFn: ({ signal }) =>
      fetchHistory(equipmentId!, { ...range!, channels, interval: rangeFilter.interval }, signal),
    enabled: ready,
  });
  const events = useQuery({
    queryKey: ['events', equipmentId, range?.from, range?.to],
    queryFn: ({ signal }) => fetchEvents(equipmentId!, { ...range! }, signal),
    enabled: ready,
  });

  const seriesName = useCallback(
    (s: HistorySeries) =>
      channelLabel({ kind: s.kind, label: s.channel.toUpperCase(), name: s.name, unit: s.unit }, t),
    [t],
  );
  const option = useMemo(
    () =>
      history.data
        ? historyOption(history.data, {
            seriesName,
            valueAxis: t('history.valueAxis'),
            stateAxis: t('history.stateAxis'),
          })
        : null,
    [history.data, seriesName, t],
  );
  const empty = history.data?.series.every((s) => s.points.length === 0 && !s.previous) ?? false;
  const widened =
    history.data && history.data.interval !== rangeFilter.interval ? history.data.interval : null;

  const refresh = () => {
    // A preset moves its anchor to now (a new query); a custom range is read again.
    if (rangeFilter.preset === 'custom') {
      void history.refetch();
      void events.refetch();
    }
  };

  const recordError = recordFailure ?? null;

  return (
    <Flex vertical gap={16} data-page="HistoryPage">
      <Card size="small">
        <HistoryFilters
          devices={devices}
          equipmentId={equipmentId}
          onEquipment={choose}
          filter={filter}
          onChange={onFilter}
          channels={options}
          onRefresh={refresh}
          refreshing={history.isFetching || events.isFetching}
          extra={
            <ExportControl
              equipmentId={equipmentId}
              range={problem === null ? range : null}
              channels={channels}
              interval={rangeFilter.interval}
              disabled={!record}
            />
          }
        />
      </Card>
      {recordError ? (
        <Alert type="error" showIcon title={t('history.recordFailed', { reason: errorText(recordError) })} />
      ) : null}
      {status === 'ready' && devices.length === 0 ? <Empty description={t('history.noDevices')} /> : null}
      <Card
        size="small"
        title={t('history.curves')}
        extra={
          widened ? (
            <Typography.Text type="secondary">
              {t('history.widened', { interval: intervalLabel(widened, t) })}
            </Typography.Text>
          ) : null
        }
      >
        {history.error ? (
          <Alert
            type="error"
            showIcon
            title={t('history.loadFailed', { reason: errorText(history.error) })}
          />
        ) : empty ? (
          <Empty description={t('history.noData')} />
        ) : option ? (
          <EChart option={option} height={420} aria-label={t('history.curves')} />
        ) : (
          <Flex justify="center" style={{ padding: 48 }}>
            {history.isLoading ? <Spin /> : <Empty description={t('history.chooseDevice')} />}
          </Flex>
        )}
      </Card>
      <Card size="small" title={t('history.events.title')}>
        {events.error ? (
          <Alert type="error" showIcon title={t('history.loadFailed', { reason: errorText(events.error) })} />
        ) : (
          <EventsTable
            items={events.data?.items ?? []}
            total={events.data?.total ?? 0}
            loading={events.isLoading}
          />
        )}
      </Card>
    </Flex>
  );
}
