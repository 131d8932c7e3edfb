/**
 * A device's menu entry (the /baseConfig children, §2): its name with its state drawn beside it
 * (online, offline, alarm; online but not answering at its slave address said in words), read
 * from the equipment store by id, so a live push repaints this label and nothing else.
 */
import { useTranslation } from 'react-i18next';
import { useEquipmentStore } from '../../equipment/store';

export default function DeviceMenuLabel({ id, title }: { readonly id: number; readonly title: string }) {
  const { t } = useTranslation();
  const flags = useEquipmentStore((s) => s.flags[id]);
  const link = flags?.isAlarm
    ? t('monitoring.tree.alarm')
    : flags?.isOnline
      ? t('monitoring.tree.online')
      : t('monitoring.tree.offline');
  const silent = flags?.isOnline ? flags.unansweredAddress : undefined;
  const state =
    silent === undefined ? link : `${link} · ${t('monitoring.tree.unanswered', { address: silent })}`;
  return (
    <span className="fl-device-menu-label" data-device-id={id}>
      <span
        className={`fl-device-dot${flags?.isAlarm ? ' fl-device-dot-alarm' : flags?.isOnline ? ' fl-device-dot-online' : ''}`}
        role="img"
        aria-label={state}
        title={state}
      />
      {title}
    </span>
  );
}
