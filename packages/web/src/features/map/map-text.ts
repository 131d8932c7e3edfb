/** What the map page and the big screen's map both need: the popup's words and the status counts. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus, PopupText } from './device-map';

/** The map's statuses, in the order their legends show them. */
export const STATUSES: readonly DeviceStatus[] = ['online', 'offline', 'alarm'];

/** The popup's words in the user's language (a new object only when the language changes). */
export function usePopupText(): PopupText {
  const { t } = useTranslation();
  return useMemo<PopupText>(
    () => ({
      status: (s) => t(`system.map.status.${s}`),
      unanswered: (address) => t('monitoring.tree.unanswered', { address }),
      openMonitoring: t('system.map.openMonitoring'),
      openHistory: t('system.map.openHistory'),
    }),
    [t],
  );
}

/** How many of the placed devices are in each status. */
export function countByStatus(
  placed: readonly { readonly item: { readonly status: DeviceStatus } }[],
): Record<DeviceStatus, number> {
  const counts: Record<DeviceStatus, number> = { online: 0, offline: 0, alarm: 0 };
  for (const p of placed) counts[p.item.status]++;
  return counts;
}
