/** Whether pushes flow: live, connecting (or reconnecting), or not connected. */
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../live/status';

export default function LiveIndicator() {
  const { t } = useTranslation();
  const status = useLiveStatus((s) => s.status);
  const badge = status === 'live' ? 'processing' : status === 'connecting' ? 'warning' : 'default';
  const text =
    status === 'live'
      ? t('monitoring.live.live')
      : status === 'connecting'
        ? t('monitoring.live.connecting')
        : t('monitoring.live.stopped');
  return <Badge status={badge} text={text} data-live={status} />;
}
