/**
 * /map: the user's equipment at its GPS positions (`param.basicParam.gps`), coloured by status
 * (online, offline, alarm; the colours follow the live channel). It needs no tile server: the
 * map is a plain grid of latitudes and longitudes. A device online that does not answer at its
 * slave address says so in its tooltip and pop-up. Equipment whose position text cannot be read
 * is counted as having no position.
 */
import { Alert, Badge, Card, Flex, Popover, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { monitoringTarget } from '../../equipment/links';
import { useDirectory, useRecords, useRecordsRead } from '../../equipment/directory';
import { loadAllRecords } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import { useWhileShown } from '../../shell/views/shown';
import { canDrawMap, DeviceMap, STATUS_COLOURS } from './device-map';
import type { DeviceStatus, MapDevice } from './device-map';
import { countByStatus, STATUSES, usePopupText } from './map-text';
import { placeAll } from './gps';
import { useLeafletMap } from './use-leaflet-map';
import { useEquipmentLoaded } from '../../equipment/use-equipment';

/** Names listed in the 'no position' popover. */
const MAX_LISTED = 50;

export default function MapPage() {
  const { t } = useTranslation();
  const { status } = useEquipmentLoaded();
  const entries = useDirectory((d) => d.entries);
  // Live flags redraw this page only while it is shown (a hidden cached view keeps the last).
  const flags = useWhileShown(useEquipmentStore((s) => s.flags));
  const stored = useRecords((r) => r);

  // Every record is read in the background after the tree; the map reads them again when some
  // are missing (that read failed, or a device came since) and no read is running.
  const missing = status === 'ready' && Object.keys(entries).some((id) => !stored[Number(id)]);
  const records = useRecordsRead();
  useEffect(() => {
    if (missing && !records.fetching && !records.error) void loadAllRecords();
  }, [missing, records.fetching, records.error]);

  const devices = useMemo(() => {
    return Object.values(entries).map((e) => {
      const f = flags[e.id];
      const state: DeviceStatus = f?.isAlarm ? 'alarm' : f?.isOnline ? 'online' : 'offline';
      const unanswered = f?.isOnline ? f.unansweredAddress : undefined;
      const device: MapDevice = { id: e.id, name: e.name, status: state, unanswered };
      return { device, param: stored[e.id]?.settings.param };
    });
  }, [entries, flags, stored]);

  const recordsReady = !missing || records.error !== null;
  const { placed, unplaced } = useMemo(() => {
    const split = placeAll(devices, (d) => d.param);
    return {
      placed: split.placed.map((p) => ({ item: p.item.device, position: p.position })),
      unplaced: split.unplaced.map((d) => d.device),
    };
  }, [devices]);

  const counts = useMemo(() => countByStatus(placed), [placed]);
  const text = usePopupText();

  const box = useRef<HTMLDivElement>(null);
  // The map is made once; later texts reach it through show().
  const { map, state } = useLeafletMap(box, (L, element) => new DeviceMap(L, element, text));
  const mapReady = state === 'ready';
  const mapFailed = state === 'failed';

  useEffect(() => {
    if (mapReady && recordsReady) map.current?.show(placed, text);
  }, [mapReady, recordsReady, placed, text]);

  const unplacedList = (
    <Flex vertical style={{ maxHeight: 240, overflow: 'auto' }}>
      {unplaced.slice(0, MAX_LISTED).map((d) => (
        <a key={d.id} href={`#${monitoringTarget(d.id)}`}>
          {d.name}
        </a>
      ))}
      {unplaced.length > MAX_LISTED ? (
        <Typography.Text type="secondary">
          {t('system.map.more', { count: unplaced.length - MAX_LISTED })}
        </Typography.Text>
      ) : null}
    </Flex>
  );

  return (
    <Card
      size="small"
      data-page="MapPage"
      title={t('system.map.title')}
      extra={
        <Flex gap={16} wrap align="center">
          {STATUSES.map((s) => (
            <Badge key={s} color={STATUS_COLOURS[s]} text={`${t(`system.map.status.${s}`)} ${counts[s]}`} />
          ))}
          {unplaced.length > 0 ? (
            <Popover title={t('system.map.noPosition')} content={unplacedList}>
              <Typography.Link>{`${t('system.map.noPosition')} ${unplaced.length}`}</Typography.Link>
            </Popover>
          ) : (
            <Typography.Text type="secondary">{`${t('system.map.noPosition')} 0`}</Typography.Text>
          )}
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      {mapFailed ? <Alert type="error" showIcon title={t('system.map.failed')} /> : null}
      {records.error ? (
        <Alert
          type="warning"
          showIcon
          title={t('system.map.recordsFailed', {
            reason: records.error.message,
          })}
        />
      ) : null}
      <div style={{ position: 'relative' }}>
        <div
          ref={box}
          role="application"
          aria-label={t('system.map.title')}
          style={{ height: 'calc(100vh - 220px)', minHeight: 420, background: '#eef3f7' }}
        />
        {(!mapReady && canDrawMap() && !mapFailed) || !recordsReady ? (
          <Spin style={{ position: 'absolute', top: '45%', left: '50%', zIndex: 1000 }} />
        ) : null}
      </div>
    </Card>
  );
}
