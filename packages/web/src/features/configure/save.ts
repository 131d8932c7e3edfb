/**
 * Saving a device's changes (spec §4 "after delete or edit"): the change is sent with PATCH, the
 * reply's record shown at once, and one second later the full refresh runs (tree, records), so
 * names, groups and rights read everywhere agree with the server. Several saves within that second
 * share one refresh.
 */
import { deleteEquipment, updateEquipment } from '../../api/equipment';
import type { Equipment, EquipmentChanges } from '../../api/equipment';
import { useEquipmentStore } from '../../equipment/store';

/** §4: the full refresh runs 1 s after a delete or an edit. */
export const REFRESH_AFTER_MS = 1000;

let pending: ReturnType<typeof setTimeout> | null = null;

/** Runs the store's full refresh once, REFRESH_AFTER_MS from the last call. */
export function scheduleRefresh(delayMs = REFRESH_AFTER_MS): void {
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    void useEquipmentStore.getState().refresh();
  }, delayMs);
}

/** PATCH /equipment/:id; the record replied is kept at once, the full refresh follows. */
export async function saveEquipment(id: number, changes: EquipmentChanges): Promise<Equipment> {
  const record = await updateEquipment(id, changes);
  useEquipmentStore.getState().putRecord(record);
  scheduleRefresh();
  return record;
}

/** DELETE /equipment/:id; the selection is dropped at once, the full refresh follows. */
export async function removeEquipment(id: number): Promise<void> {
  await deleteEquipment(id);
  const store = useEquipmentStore.getState();
  if (store.selectedId === id) store.select(null);
  scheduleRefresh();
}
