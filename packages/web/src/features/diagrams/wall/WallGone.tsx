/** The clear page of a wall link that no longer answers: revoked, expired, deleted or never made. */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WallGoneReason } from '../../../api/diagram-links';

export default function WallGone({ reason }: { readonly reason: WallGoneReason | 'unknown' | 'missing' }) {
  const { t } = useTranslation();
  return (
    <div className="wall-message" data-testid="wall-gone" data-reason={reason}>
      <Result
        status={reason === 'expired' ? 'warning' : 'error'}
        title={t(`diagramLinks.wall.gone.${reason}`)}
        subTitle={t('diagramLinks.wall.gone.hint')}
      />
    </div>
  );
}
