/**
 * The monitoring map on the wall, drawn by the map feature's own DeviceMap (Leaflet, no tiles; a
 * device's tooltip is built as text, never as HTML). Statuses follow the live channel, redrawn at
 * most every REDRAW_MS: a fleet's pushes do not repaint a thousand dots several times a second.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDirectory, useRecords, useRecordsRead } from '../../equipment/directory';
import { loadAllRecords } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';
import type { EquipmentState } from '../../equipment/store';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import { canDrawMap, DeviceMap, STATUS_COLOURS } from '../map/device-map';
import type { DeviceStatus, MapDevice } from '../map/device-map';
import { countByStatus, STATUSES, usePopupText } from '../map/map-text';
import { placeAll } from '../map/gps';
import { useLeafletMap } from '../map/use-leaflet-map';
import Panel, { PanelNote } from './Panel';
import type { PanelProps } from './Panel';

export const REDRAW_MS = 2_000;

/** The store's flags, taken at most every `ms` (the last change is never lost). */
function useThrottledFlags(ms: number): EquipmentState['flags'] {
  const [flags, setFlags] = useState(() => useEquipmentStore.getState().flags);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = useEquipmentStore.subscribe((s, before) => {
      if (s.flags === before.flags || timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        setFlags(useEquipmentStore.getState().flags);
      }, ms);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [ms]);
  return flags;
}

export default function MapPanel(frame: Omit<PanelProps, 'children'>) {
  const { t } = useTranslation();
  const { status } = useEquipmentLoaded();
  const entries = useDirectory((d) => d.entries);
  const stored = useRecords((r) => r);
  const flags = useThrottledFlags(REDRAW_MS);

  // Positions are in the records, read in the background after the tree; read again if missing.
  const missing = status === 'ready' && Object.keys(entries).some((id) => !stored[Number(id)]);
  const records = useRecordsRead();
  useEffect(() => {
    if (missing && !records.fetching && !records.error) void loadAllRecords();
  }, [missing, records.fetching, records.error]);

  const placed = useMemo(() => {
    const devices = Object.values(entries).map((e) => {
      const f = flags[e.id];
      const state: DeviceStatus = f?.isAlarm ? 'alarm' : f?.isOnline ? 'online' : 'offline';
      const device: MapDevice = {
        id: e.id,
        name: e.name,
        status: state,
        unanswered: f?.isOnline ? f.unansweredAddress : undefined,
      };
      return { device, param: stored[e.id]?.settings.param };
    });
    return placeAll(devices, (d) => d.param).placed.map((p) => ({
      item: p.item.device,
      position: p.position,
    }));
  }, [entries, flags, stored]);

  const counts = useMemo(() => countByStatus(placed), [placed]);
  const text = usePopupText();
  const box = useRef<HTMLDivElement>(null);
  const { map, state } = useLeafletMap(box, (L, element) => new DeviceMap(L, element, text));
  const recordsReady = !missing || records.error !== null;
  useEffect(() => {
    if (state === 'ready' && recordsReady) map.current?.show(placed, text);
  }, [state, recordsReady, placed, text, map]);

  const legend = (
    <span className="bs-panel-extra bs-legend">
      {STATUSES.map((s) => (
        <span key={s}>
          <i className="bs-dot" style={{ background: STATUS_COLOURS[s] }} />
          {`${t(`system.map.status.${s}`)} ${counts[s]}`}
        </span>
      ))}
    </span>
  );
  return (
    <Panel {...frame} extra={legend}>
      {state === 'failed' ? <PanelNote tone="error">{t('system.map.failed')}</PanelNote> : null}
      <div ref={box} className="bs-map" role="application" aria-label={frame.title} hidden={!canDrawMap()} />
    </Panel>
  );
}
