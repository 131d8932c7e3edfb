/**
 * /baseConfig (spec §2): the group redirects to its first child, the first base device's
 * configuration, once the equipment is in; with no device it is the (empty) list. Only the view
 * shown redirects: a cached, hidden one must not take the user elsewhere.
 */
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useDirectory } from '../../equipment/directory';
import { useViewShown } from '../../shell/views/shown';
import BaseConfigList from './BaseConfigList';
import { baseConfigPath, firstBaseDevice } from './routes';
import { useEquipmentLoaded } from '../../equipment/use-equipment';
import '../monitoring/monitoring.css';

export default function BaseConfigIndexPage() {
  const { t } = useTranslation();
  const shown = useViewShown();
  const { status } = useEquipmentLoaded();
  const first = useDirectory((d) => firstBaseDevice(d.tree));
  if (shown && status === 'ready' && first !== null) return <Navigate to={baseConfigPath(first)} replace />;
  return (
    <div className="monitoring-page" data-page="BaseConfigPage">
      <BaseConfigList selectedId={null} />
      <Card size="small" title={t('shell.routes.baseConfig')}>
        <Empty description={t('equipment.baseConfig.empty')} />
      </Card>
    </div>
  );
}
