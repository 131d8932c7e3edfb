/**
 * Saving a device's changes (spec §4 "after delete or edit"): the change is sent with PATCH, the
 * reply's record shown at once, and one second later the full refresh runs (tree, records), so
 * names, groups and rights read everywhere agree with the server. Several saves within that second
 * share one refresh.
 */
import { deleteEquipment, updateEquipment } from '../../api/equipment';
import type { Equipment, EquipmentChanges } from '../../api/equipment';
import { scheduleRefresh } from '../../equipment/refresh';
import { putRecord } from '../../equipment/loading';
import { useEquipmentStore } from '../../equipment/store';

/** PATCH /equipment/:id; the record replied is kept at once, the full refresh follows. */
export async function saveEquipment(id: number, changes: EquipmentChanges): Promise<Equipment> {
  const record = await updateEquipment(id, changes);
  putRecord(record);
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
