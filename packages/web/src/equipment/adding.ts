/**
 * The adding mode of §4: after the owner adds a device, its first push tells them 'adding in
 * progress', and 1.5 s later the console reads its equipment anew and selects the new device.
 * The mode ends then, or after ADDING_TIMEOUT_MS without a push.
 */
import { i18n } from '../i18n';
import { notify } from '../session/notify';
import { directory } from './directory';
import { refreshEquipment } from './loading';
import { useEquipmentStore } from './store';

/** §4: the online equipment is selected 1500 ms after the notice. */
export const SELECT_AFTER_MS = 1500;
/** A device that has not pushed within this time is no longer awaited. */
export const ADDING_TIMEOUT_MS = 10 * 60_000;

let awaited: { unid: string; until: number } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Awaits the first push of the device just added. */
export function startAdding(unid: string, now = Date.now()): void {
  awaited = { unid, until: now + ADDING_TIMEOUT_MS };
}

export function addingUnid(now = Date.now()): string | null {
  if (awaited && now > awaited.until) awaited = null;
  return awaited?.unid ?? null;
}

/** A push arrived for `unid`: when it is the awaited device, the notice and, later, the selection. */
export function pushSeen(unid: string, now = Date.now()): void {
  if (addingUnid(now) !== unid) return;
  awaited = null;
  notify('info', i18n.t('equipment.add.inProgress'), 'adding');
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void selectAdded(unid);
  }, SELECT_AFTER_MS);
}

async function selectAdded(unid: string): Promise<void> {
  if (directory().idByUnid[unid] === undefined) await refreshEquipment({ records: false });
  const id = directory().idByUnid[unid];
  if (id !== undefined) useEquipmentStore.getState().select(id);
}

/** Leaves adding mode (sign-out). */
export function stopAdding(): void {
  awaited = null;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}
