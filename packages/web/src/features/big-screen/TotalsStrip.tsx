/**
 * The totals across the top of the wall: devices, online, offline and alarming, from the
 * equipment store's counters (they follow the live channel), sub-devices included as the tree
 * counts them.
 */
import { useTranslation } from 'react-i18next';
import { useEquipmentStore } from '../../equipment/store';

const KEYS = ['total', 'online', 'offline', 'alarm'] as const;

export default function TotalsStrip() {
  const { t } = useTranslation();
  const total = useEquipmentStore((s) => s.counters.total);
  const online = useEquipmentStore((s) => s.counters.online);
  const offline = useEquipmentStore((s) => s.counters.offline);
  const alarm = useEquipmentStore((s) => s.counters.alarm);
  const values = { total, online, offline, alarm };
  const share = total > 0 ? Math.round((online / total) * 1000) / 10 : null;
  return (
    <div className="bs-totals" data-panel="totals" role="group" aria-label={t('bigScreen.panels.totals')}>
      {KEYS.map((key) => (
        <div key={key} className={`bs-total bs-total-${key}`} data-testid={`bs-total-${key}`}>
          <span className="bs-total-label">{t(`system.counters.${key}`)}</span>
          <span className="bs-total-value">{values[key]}</span>
        </div>
      ))}
      <div className="bs-total bs-total-share" data-testid="bs-total-share">
        <span className="bs-total-label">{t('bigScreen.totals.share')}</span>
        <span className="bs-total-value">{share === null ? '—' : `${share}%`}</span>
      </div>
    </div>
  );
}
