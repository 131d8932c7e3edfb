/**
 * The sub-devices of a team host or gateway (spec §2 Modbus list, DLC645 list; §5 slave ids):
 * their names, addresses, models and state, read anew every 5 s while shown (§9); adding one
 * (edit right on the host through access that reaches its sub-devices), renaming one, opening one
 * with all its own tabs, and removing one (delete right on it). The tree follows every change.
 */
import { Alert, Badge, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSubDevices } from '../../api/equipment';
import type { Equipment } from '../../api/equipment';
import { canConfigure } from '../../equipment/rights';
import { useDirectory } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { isLanguage } from '../../i18n';
import { useViewShown } from '../../shell/views/shown';
import { unansweredAddressOf } from '../monitoring/UnansweredAlert';
import AddSubDeviceForm from './AddSubDeviceForm';
import DeleteEquipmentModal from './DeleteEquipmentModal';
import EditSubDeviceModal from './EditSubDeviceModal';
import { useOpenDevice } from './open-device';
import { modelsFor, usedAddresses } from './sub-devices';
import { refreshEquipment } from '../../equipment/loading';

/** §9: the slave list refreshes every 5 s. */
export const SUB_DEVICES_REFRESH_MS = 5000;

export const subDevicesKey = (hostId: number) => ['sub-devices', hostId] as const;

/**
 * Online and alarm as the tree has them (a sub-device shows its host's link), else as read; and
 * while online, the slave address its host does not answer at (then none of them is read).
 */
function SubDeviceState({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const flags = useEquipmentStore((s) => s.flags[record.id]);
  const online = flags?.isOnline ?? record.status.online;
  const alarm = flags?.isAlarm ?? record.status.alarm;
  const unanswered = unansweredAddressOf(online, flags, record.status);
  return (
    <Space size={4} wrap>
      <Badge
        status={online ? 'success' : 'default'}
        text={online ? t('equipment.subDevices.online') : t('equipment.subDevices.offline')}
      />
      {alarm ? <Tag color="error">{t('equipment.subDevices.alarm')}</Tag> : null}
      {unanswered !== undefined ? (
        <Typography.Text type="warning" data-testid="sub-device-unanswered">
          {t('equipment.subDevices.unanswered', { address: unanswered })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

export default function SubDevicesTab({ record }: { readonly record: Equipment }) {
  const { t, i18n } = useTranslation();
  const shown = useViewShown();
  const types = useDirectory((d) => d.types);
  const permission = record.permission;
  const openDevice = useOpenDevice();
  const [editing, setEditing] = useState<Equipment | null>(null);
  const [removing, setRemoving] = useState<Equipment | null>(null);
  const role = types[record.type]?.hostRole ?? null;
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';

  const list = useQuery({
    queryKey: subDevicesKey(record.id),
    queryFn: ({ signal }) => listSubDevices(record.id, signal),
    refetchInterval: shown ? SUB_DEVICES_REFRESH_MS : false,
  });
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const used = useMemo(() => usedAddresses(items), [items]);
  const models = useMemo(() => (role ? modelsFor(role, types) : []), [role, types]);

  const changed = () => {
    void list.refetch();
  };

  const columns: TableColumnsType<Equipment> = [
    {
      key: 'name',
      title: t('equipment.subDevices.columns.name'),
      render: (_, sub) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{sub.name}</Typography.Text>
          {sub.description ? <Typography.Text type="secondary">{sub.description}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'address', title: t('equipment.subDevices.columns.address'), dataIndex: 'address' },
    {
      key: 'model',
      title: t('equipment.subDevices.columns.model'),
      render: (_, sub) => {
        const type = types[sub.type];
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{type ? `${type.names[lang]} (${sub.type})` : sub.type}</Typography.Text>
            <Typography.Text type="secondary">
              {t('equipment.add.channels', { ...sub.counts })}
            </Typography.Text>
          </Space>
        );
      },
    },
    {
      key: 'status',
      title: t('equipment.subDevices.columns.status'),
      render: (_, sub) => <SubDeviceState record={sub} />,
    },
    {
      key: 'actions',
      title: t('equipment.subDevices.columns.actions'),
      render: (_, sub) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => openDevice(sub.id)}>
            {t('equipment.subDevices.configure')}
          </Button>
          {sub.permission.edit ? (
            <Button type="link" size="small" onClick={() => setEditing(sub)}>
              {t('equipment.subDevices.edit')}
            </Button>
          ) : null}
          {sub.permission.delete ? (
            <Button type="link" size="small" danger onClick={() => setRemoving(sub)}>
              {t('equipment.subDevices.remove')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tab-sub-devices">
      <Card
        size="small"
        title={t('equipment.subDevices.title')}
        extra={
          list.data ? (
            <Typography.Text type="secondary">
              {t('equipment.subDevices.count', { count: list.data.total })}
            </Typography.Text>
          ) : null
        }
      >
        {list.isError ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('equipment.subDevices.loadError', {
              message: list.error instanceof Error ? list.error.message : '',
            })}
          />
        ) : null}
        <Table<Equipment>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          loading={list.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('equipment.subDevices.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="sub-devices"
        />
      </Card>
      <Card size="small" title={t('equipment.subDevices.add.title')}>
        {!role || !canConfigure(permission) ? (
          <Typography.Text type="warning">{t('monitoring.device.noConfig')}</Typography.Text>
        ) : list.isPending ? null : (
          // Drawn once the addresses in use are known: the free one is suggested, duplicates refused.
          <AddSubDeviceForm
            host={record}
            role={role}
            models={models}
            used={used}
            onAdded={() => {
              changed();
              void refreshEquipment();
            }}
          />
        )}
      </Card>
      {editing ? (
        <EditSubDeviceModal
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            changed();
          }}
        />
      ) : null}
      {removing ? (
        <DeleteEquipmentModal
          record={removing}
          open
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            changed();
          }}
        />
      ) : null}
    </Space>
  );
}
