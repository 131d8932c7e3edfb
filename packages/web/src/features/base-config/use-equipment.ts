/** The equipment store, loaded if a page is shown before the session's start loaded it. */
import { useEffect } from 'react';
import { useEquipmentStore } from '../../equipment/store';
import { useSession } from '../../session/store';

export function useEquipmentLoaded() {
  const status = useEquipmentStore((s) => s.status);
  const error = useEquipmentStore((s) => s.error);
  const load = useEquipmentStore((s) => s.load);
  useEffect(() => {
    if (status === 'idle' && useSession.getState().accessToken) void load();
  }, [status, load]);
  return { status, error, load };
}
