/**
 * /Equips, the home of a signed-in user: the equipment tree with its counters and search at the
 * left, the selected device's channels (or a group's devices with all their values) and the alarms
 * of the last 24 hours at the right; on a narrow screen the tree, or the opened panel in its place
 * (narrow-detail.ts). Values arrive over the live channel; nothing here polls.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEquipmentStore } from '../../equipment/store';
import { confirmDiscard, hasUnsavedChanges } from '../configure/unsaved';
import { installLive } from '../../live/service';
import AddEquipmentButton from '../equipment/AddEquipmentButton';
import { useDeviceInAddress } from '../equipment/device-in-address';
import RedeemButton from '../sharing/RedeemButton';
import AlarmList from './AlarmList';
import DeviceView from './DeviceView';
import FilteredTree from './FilteredTree';
import GroupView from './GroupView';
import LiveIndicator from './LiveIndicator';
import './monitoring.css';
import { useNarrowDetail } from './narrow-detail';
import type { OpenHow } from './narrow-detail';

// The application root installs the live channel too; this keeps the page whole on its own
// (installLive is idempotent, and the lifecycle runs a late registration at once).
installLive();

/** Runs `leave` at once, or once the user chose to discard the device's unsaved changes. */
function leaveDevice(leave: () => void): void {
  if (!hasUnsavedChanges()) leave();
  else void confirmDiscard().then((discard) => discard && leave());
}

export default function MonitoringPage() {
  const { t } = useTranslation();
  const selectedId = useEquipmentStore((s) => s.selectedId);
  const select = useEquipmentStore((s) => s.select);
  const detail = useNarrowDetail();
  const { show: showDetail, back } = detail;
  // A group shown with all its devices' values, in place of the selected device.
  const [groupKey, setGroupKey] = useState<string | null>(null);
  // Leaving the device shown (another device, a group) asks first when its forms hold changes.
  const choose = useCallback(
    (id: number, how: OpenHow) => {
      if (id === useEquipmentStore.getState().selectedId && groupKey === null) {
        showDetail(how);
        return;
      }
      leaveDevice(() => {
        setGroupKey(null);
        select(id);
        showDetail(how);
      });
    },
    [select, groupKey, showDetail],
  );
  const onSelect = useCallback((id: number) => choose(id, 'push'), [choose]);
  const openGroup = useCallback(
    (key: string) =>
      leaveDevice(() => {
        setGroupKey(key);
        showDetail('push');
      }),
    [showDetail],
  );
  const closeGroup = useCallback(() => {
    setGroupKey(null);
    if (detail.open) back();
  }, [detail.open, back]);
  // `?id=` (from the map, the header search or a shared link) selects that device once the tree
  // is in, once per visit of this page (features/equipment/device-in-address.ts).
  useDeviceInAddress(useCallback((id: number) => choose(id, 'replace'), [choose]));

  const panel =
    groupKey !== null ? (
      <GroupView key={groupKey} groupKey={groupKey} onSelect={onSelect} onClose={closeGroup} />
    ) : selectedId === null ? (
      <Card size="small" extra={<LiveIndicator />} title={t('monitoring.title')}>
        <Empty description={t('monitoring.device.select')} />
      </Card>
    ) : (
      <DeviceView key={selectedId} id={selectedId} />
    );

  return (
    <div
      className="monitoring-page"
      data-page="MonitoringPage"
      {...(detail.narrow ? { 'data-narrow-view': detail.open ? 'detail' : 'tree' } : {})}
    >
      <Card size="small" className="monitoring-tree" styles={{ body: { padding: 8 } }}>
        <FilteredTree
          texts={{
            search: t('monitoring.tree.search'),
            loading: t('monitoring.tree.loading'),
            loadError: (message) => t('monitoring.tree.loadError', { message }),
            retry: t('monitoring.tree.retry'),
          }}
          actions={
            <>
              <AddEquipmentButton />
              <RedeemButton />
            </>
          }
          selectedId={selectedId}
          onSelect={onSelect}
          onOpenGroup={openGroup}
        />
      </Card>
      <Space orientation="vertical" size="middle" style={{ width: '100%', minWidth: 0 }}>
        {detail.open ? (
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="monitoring-back">
            {t('monitoring.backToTree')}
          </Button>
        ) : null}
        <div className="monitoring-detail">{panel}</div>
        <AlarmList selectedId={selectedId} />
      </Space>
    </div>
  );
}
