/** The wall display's status corner: live or reconnecting, and when the last values came. */
import { useTranslation } from 'react-i18next';
import type { WallConnection } from './use-wall-stream';
import { useTimeFormat } from '../../../time/zone';

export default function WallStatus({
  connection,
  updatedAt,
}: {
  readonly connection: WallConnection;
  readonly updatedAt: number | null;
}) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  return (
    <div className="wall-status" data-testid="wall-status" data-connection={connection} role="status">
      <span className="wall-status-dot" />
      <span>{t(`diagramLinks.wall.status.${connection}`)}</span>
      <span>
        {updatedAt === null
          ? t('diagramLinks.wall.status.noUpdate')
          : t('diagramLinks.wall.status.updated', { time: time.format(updatedAt, 'time') })}
      </span>
    </div>
  );
}
