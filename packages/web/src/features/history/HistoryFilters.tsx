/**
 * The history page's filter bar: equipment, time range (1 h, 24 h, 7 days or custom), channels
 * (at most 32, saved per equipment by the page) and interval.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Segmented, Select } from 'antd';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERVALS, MAX_CHART_FILTER, PRESETS, rangeOf, rangeProblem } from './filters';
import type { ChannelOption, HistoryFilter, Preset } from './filters';

export interface DeviceOption {
  readonly id: number;
  readonly name: string;
  readonly unid: string;
}

export interface HistoryFiltersProps {
  readonly devices: readonly DeviceOption[];
  readonly equipmentId: number | null;
  readonly onEquipment: (id: number) => void;
  readonly filter: HistoryFilter;
  readonly onChange: (filter: HistoryFilter) => void;
  /** The chosen equipment's channels (empty while its record loads). */
  readonly channels: readonly ChannelOption[];
  readonly onRefresh: () => void;
  readonly refreshing?: boolean;
  /** Placed at the end of the bar (the export control). */
  readonly extra?: ReactNode;
  /** Clock for presets; tests pass their own. */
  readonly now?: () => number;
}

export function intervalLabel(seconds: number, t: TFunction): string {
  if (seconds % 86_400 === 0) return t('history.interval.days', { count: seconds / 86_400 });
  if (seconds % 3600 === 0) return t('history.interval.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('history.interval.minutes', { count: seconds / 60 });
  return t('history.interval.seconds', { count: seconds });
}

/** The name a channel goes by in lists and legends: `AI1 Tank level (m)`, `Online`, `Battery (%)`. */
export function channelLabel(
  option: Pick<ChannelOption, 'kind' | 'label' | 'name' | 'unit'>,
  t: TFunction,
): string {
  if (option.kind === 'online') return t('history.channel.online');
  if (option.kind === 'soc') return `${t('history.channel.soc')} (%)`;
  const name = option.name && option.name !== option.label ? ` ${option.name}` : '';
  return `${option.label}${name}${option.unit ? ` (${option.unit})` : ''}`;
}

const KIND_ORDER = ['ai', 'ao', 'di', 'do', 'link'] as const;

export default function HistoryFilters(props: HistoryFiltersProps) {
  const { devices, equipmentId, filter, onChange, channels } = props;
  const { t } = useTranslation();
  const now = props.now ?? Date.now;

  const deviceOptions = useMemo(
    () => devices.map((d) => ({ value: d.id, label: d.name === d.unid ? d.name : `${d.name} (${d.unid})` })),
    [devices],
  );

  const channelGroups = useMemo(() => {
    const group = (o: ChannelOption) => (o.kind === 'online' || o.kind === 'soc' ? 'link' : o.kind);
    return KIND_ORDER.map((kind) => ({
      label: t(`history.channelGroup.${kind}`),
      title: kind,
      options: channels
        .filter((o) => group(o) === kind)
        .map((o) => ({ value: o.key, label: channelLabel(o, t) })),
    })).filter((g) => g.options.length > 0);
  }, [channels, t]);

  const setPreset = (preset: Preset) => {
    if (preset === 'custom') {
      onChange({ ...filter, preset, custom: filter.custom ?? rangeOf(filter) });
    } else {
      onChange({ ...filter, preset, anchor: now() });
    }
  };

  const custom = filter.custom;
  const pickerValue: [Dayjs, Dayjs] | null = custom ? [dayjs(custom.from), dayjs(custom.to)] : null;
  const problem = rangeProblem(rangeOf(filter));

  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label={t('history.device')}
          style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 360 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('history.devicePlaceholder')}
          options={deviceOptions}
          value={equipmentId ?? undefined}
          onChange={(id: number) => props.onEquipment(id)}
          notFoundContent={t('history.noDevices')}
        />
        <Segmented<Preset>
          aria-label={t('history.range')}
          options={PRESETS.map((p) => ({ value: p, label: t(`history.preset.${p}`) }))}
          value={filter.preset}
          onChange={setPreset}
        />
        {filter.preset === 'custom' ? (
          <DatePicker.RangePicker
            aria-label={t('history.customRange')}
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            value={pickerValue}
            allowClear={false}
            onChange={(values) => {
              const [from, to] = values ?? [];
              if (from && to) onChange({ ...filter, custom: { from: from.valueOf(), to: to.valueOf() } });
            }}
          />
        ) : null}
        <Select
          aria-label={t('history.interval.label')}
          style={{ width: 120 }}
          value={filter.interval}
          options={INTERVALS.map((s) => ({ value: s, label: intervalLabel(s, t) }))}
          onChange={(interval: number) => onChange({ ...filter, interval })}
        />
        <Button
          icon={<ReloadOutlined />}
          loading={props.refreshing}
          onClick={() => {
            if (filter.preset !== 'custom') onChange({ ...filter, anchor: now() });
            props.onRefresh();
          }}
        >
          {t('history.refresh')}
        </Button>
        {props.extra}
      </Flex>
      <Select
        aria-label={t('history.channels')}
        mode="multiple"
        allowClear
        maxCount={MAX_CHART_FILTER}
        maxTagCount="responsive"
        // At most 130 channels: all rendered, no virtual list needed.
        virtual={false}
        placeholder={t('history.defaultChannels')}
        options={channelGroups}
        value={[...filter.channels]}
        onChange={(keys: string[]) => onChange({ ...filter, channels: keys.slice(0, MAX_CHART_FILTER) })}
        disabled={channels.length === 0}
        showSearch={{ optionFilterProp: 'label' }}
      />
      {problem && filter.preset === 'custom' ? (
        <Alert type="warning" showIcon title={t(`history.rangeProblem.${problem}`)} />
      ) : null}
    </Flex>
  );
}
