/**
 * /Equips, the home of a signed-in user: the equipment tree with its counters and search at the
 * left, the selected device's channels (or a group's devices with all their values) and the alarms
 * of the last 24 hours at the right. Values
 * arrive over the live channel; nothing here polls.
 */
import { App, Card, Empty, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useDirectory } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { confirmDiscard, hasUnsavedChanges } from '../configure/unsaved';
import { installLive } from '../../live/service';
import AddEquipmentButton from '../equipment/AddEquipmentButton';
import RedeemButton from '../sharing/RedeemButton';
import AlarmList from './AlarmList';
import DeviceView from './DeviceView';
import FilteredTree from './FilteredTree';
import GroupView from './GroupView';
import LiveIndicator from './LiveIndicator';
import './monitoring.css';
import { useEquipmentLoaded } from '../../equipment/use-equipment';

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
  const { status } = useEquipmentLoaded();
  const selectedId = useEquipmentStore((s) => s.selectedId);
  const select = useEquipmentStore((s) => s.select);
  // A group shown with all its devices' values, in place of the selected device.
  const [groupKey, setGroupKey] = useState<string | null>(null);
  // Leaving the device shown (another device, a group) asks first when its forms hold changes.
  const onSelect = useCallback(
    (id: number) => {
      if (id === useEquipmentStore.getState().selectedId && groupKey === null) return;
      leaveDevice(() => {
        setGroupKey(null);
        select(id);
      });
    },
    [select, groupKey],
  );
  const openGroup = useCallback((key: string) => leaveDevice(() => setGroupKey(key)), []);
  const closeGroup = useCallback(() => setGroupKey(null), []);
  const entries = useDirectory((d) => d.entries);
  const { message } = App.useApp();
  const { pathname, key: visit } = useLocation();
  const [params] = useSearchParams();
  // `?id=` (from the map, the header search or a shared link) selects that device once the tree
  // is in, once per visit: the page stays cached, so only its own location counts, and a later
  // click in the tree is not undone by a reload of the tree.
  const wanted = pathname === '/Equips' ? params.get('id') : null;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (wanted === null || status !== 'ready' || handled.current === visit) return;
    handled.current = visit;
    const id = Number(wanted);
    if (Number.isSafeInteger(id) && entries[id]) onSelect(id);
    else void message.warning(t('monitoring.device.notFound'));
  }, [wanted, visit, status, entries, onSelect, message, t]);

  // The session's start loads the equipment; this covers a page shown before that ran.

  return (
    <div className="monitoring-page" data-page="MonitoringPage">
      <Card size="small" styles={{ body: { padding: 8 } }}>
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
        {groupKey !== null ? (
          <GroupView key={groupKey} groupKey={groupKey} onSelect={onSelect} onClose={closeGroup} />
        ) : selectedId === null ? (
          <Card size="small" extra={<LiveIndicator />} title={t('monitoring.title')}>
            <Empty description={t('monitoring.device.select')} />
          </Card>
        ) : (
          <DeviceView key={selectedId} id={selectedId} />
        )}
        <AlarmList selectedId={selectedId} />
      </Space>
    </div>
  );
}
