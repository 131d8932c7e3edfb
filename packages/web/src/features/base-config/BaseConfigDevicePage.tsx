/**
 * /baseConfig/<id> (spec §2): the device list beside one device's configuration, opened on its
 * Info tab (the device view with all its tabs). An id not among the user's equipment gets the
 * not-found message; a device deleted while shown gives way to the list (its tab closes).
 */
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDirectory } from '../../equipment/directory';
import { useEquipmentStore } from '../../equipment/store';
import { useTabs } from '../../shell/tabs';
import { useViewShown } from '../../shell/views/shown';
import DeviceView from '../monitoring/DeviceView';
import BaseConfigList from './BaseConfigList';
import { BASE_CONFIG_PATH, baseConfigPath } from './routes';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import '../monitoring/monitoring.css';

/** The id of the path, or null when it is not one. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

export default function BaseConfigDevicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useViewShown();
  const id = parseId(useParams().id);
  const { status } = useEquipmentLoaded();
  const known = useDirectory((d) => (id === null ? false : d.entries[id] !== undefined));
  const seen = useRef(false);

  useEffect(() => {
    if (known) {
      seen.current = true;
      return;
    }
    if (!seen.current || status !== 'ready' || !shown || id === null) return;
    // The device was here and is gone (deleted): back to the list, and its tab closes once the
    // console has left it (the shell re-adds the tab of the path it still shows).
    seen.current = false;
    void Promise.resolve(navigate(BASE_CONFIG_PATH, { replace: true })).then(() => {
      useTabs.getState().dispatch({ type: 'close', path: baseConfigPath(id) }, BASE_CONFIG_PATH);
    });
  }, [known, status, shown, id, navigate]);

  // The device shown is the selected equipment (one selection for the console): the live
  // channel watches it (cyclic and analog-output reads) as it does on the monitoring page.
  useEffect(() => {
    if (shown && known && id !== null && useEquipmentStore.getState().selectedId !== id) {
      useEquipmentStore.getState().select(id);
    }
  }, [shown, known, id]);

  let detail;
  if (status !== 'ready') detail = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (id === null || !known)
    detail = (
      <Card size="small">
        <Result
          status="404"
          subTitle={t('equipment.baseConfig.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate(BASE_CONFIG_PATH)}>
              {t('equipment.baseConfig.back')}
            </Button>
          }
          data-testid="base-config-not-found"
        />
      </Card>
    );
  else detail = <DeviceView key={id} id={id} initialTab="info" />;

  return (
    <div className="monitoring-page" data-page="BaseConfigDevicePage">
      <BaseConfigList selectedId={id} />
      <div style={{ minWidth: 0 }}>{detail}</div>
    </div>
  );
}
