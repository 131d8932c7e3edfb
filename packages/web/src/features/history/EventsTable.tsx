/**
 * Events of the chosen equipment over the chosen range (alarms raised and cleared, operations,
 * link changes), newest first, up to 2,000 rows (specification §7, §9). Times show in the zone the
 * user chose, like every time of the console.
 */
import { Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EquipmentEvent, EventKind } from '../../api/events';
import { useTimeFormat } from '../../time/zone';
import { EVENT_COLOURS, eventDescription } from './events';

export interface EventsTableProps {
  readonly items: readonly EquipmentEvent[];
  readonly total: number;
  readonly loading?: boolean;
  /** Adds a column naming the equipment (the user-wide list of GET /me/events). */
  readonly showEquipment?: boolean;
  /** The kind column (left out where every row is of one kind). */
  readonly showKind?: boolean;
  readonly pageSize?: number;
}

const KINDS: readonly EventKind[] = ['alarm', 'alarm_clear', 'operation', 'online', 'offline'];

function kindColumn(t: TFunction): TableColumnsType<EquipmentEvent>[number] {
  return {
    title: t('history.events.kind'),
    dataIndex: 'kind',
    key: 'kind',
    width: 120,
    filters: KINDS.map((k) => ({ text: t(`history.kind.${k}`), value: k })),
    onFilter: (value, e) => e.kind === value,
    render: (kind: EventKind) => <Tag color={EVENT_COLOURS[kind]}>{t(`history.kind.${kind}`)}</Tag>,
  };
}

export default function EventsTable({
  items,
  total,
  loading,
  showEquipment,
  showKind = true,
  pageSize = 20,
}: EventsTableProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const columns = useMemo<TableColumnsType<EquipmentEvent>>(
    () => [
      {
        title: t('history.events.time'),
        key: 'time',
        width: 180,
        // The instant in the console's zone, as every time shows (`time` is the server's text).
        render: (_: unknown, e: EquipmentEvent) => <span data-testid="event-time">{time.format(e.at)}</span>,
      },
      ...(showEquipment
        ? [
            {
              title: t('history.events.equipment'),
              key: 'equipment',
              width: 200,
              ellipsis: true,
              render: (_: unknown, e: EquipmentEvent) => e.equipment?.name ?? '',
            },
          ]
        : []),
      ...(showKind ? [kindColumn(t)] : []),
      {
        title: t('history.events.description'),
        key: 'description',
        render: (_: unknown, e: EquipmentEvent) => eventDescription(e, t),
      },
    ],
    [t, time, showEquipment, showKind],
  );
  return (
    <>
      <Table<EquipmentEvent>
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={items as EquipmentEvent[]}
        pagination={{ pageSize, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('history.events.none') }}
        scroll={{ x: 640 }}
      />
      {total > items.length ? (
        <Typography.Text type="secondary">
          {t('history.events.truncated', { shown: items.length, total })}
        </Typography.Text>
      ) : null}
    </>
  );
}
