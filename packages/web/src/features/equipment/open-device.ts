/**
 * Opening another device (a sub-device from its host's list) where the user is: on the
 * configuration pages its own /baseConfig/<id> page, on the monitoring page its selection in the
 * tree, each with all of that device's tabs.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useEquipmentStore } from '../../equipment/store';
import { BASE_CONFIG_PATH, baseConfigPath } from '../base-config/routes';

export function useOpenDevice(): (id: number) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const select = useEquipmentStore((s) => s.select);
  const onConfigPage = pathname.toLowerCase().startsWith(BASE_CONFIG_PATH.toLowerCase());
  return useCallback(
    (id: number) => {
      if (onConfigPage) void navigate(baseConfigPath(id));
      else select(id);
    },
    [onConfigPage, navigate, select],
  );
}
